import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's minified build (the copy the builder depends on), evaluated only where the page has no axe yet. The builder evaluates
 * its script twice per analysis (once to probe, once per frame to inject): the unminified build it
 * ships parses 1.5 MB each time, about a third of an analysis of an admin form.
 */
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const axeSource = `if (typeof window.axe === 'undefined') { ${readFileSync(fromBuilder.resolve('axe-core/axe.min.js'), 'utf8')} }`;

/**
 * axe-core for every e2e check, in its "legacy" frame mode: one `axe.run` in the page, same-origin
 * frames included (the admin's live preview), instead of a partial run per frame whose results
 * are put together in a new blank page opened for each analysis. Same rules, same results on our
 * pages (compared on the event form: 0 violations, 33 passes, 2 incomplete either way); only
 * cross-origin frames, a video host's player, go unchecked, and they are not ours to fix. An
 * analysis of an admin form took 8–11 s the other way on a loaded machine, 3–3.5 s this way.
 *
 * The checks read violations only, so axe details only those (`resultTypes`): every rule still
 * runs and the violations come out the same, node for node (compared on a page made of 200
 * violations and on the admin and hub pages), while passes and incomplete results keep one node
 * each instead of a selector for every element that passed. With the minified build, an analysis
 * takes about half the time it did.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page, axeSource }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}
