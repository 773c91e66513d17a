import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core for every e2e check, in its "legacy" frame mode: one `axe.run` in the page, same-origin
 * frames included (the admin's live preview), instead of a partial run per frame whose results
 * are put together in a new blank page opened for each analysis. Same rules, same results on our
 * pages (compared on the event form: 0 violations, 33 passes, 2 incomplete either way); only
 * cross-origin frames, a video host's player, go unchecked, and they are not ours to fix. An
 * analysis of an admin form took 8–11 s the other way on a loaded machine, 3–3.5 s this way.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}
