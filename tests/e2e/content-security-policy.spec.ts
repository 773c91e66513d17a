/**
 * The Content-Security-Policy blocks nothing the application itself runs: hub pages with their
 * progressive enhancement, and admin screens whose islands hydrate and whose router swaps pages
 * in place (their scripts are allowed by the build-time hashes on the first document's policy).
 */
import { expect, test, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { signInAsEditor, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');

/** Records every CSP violation the page reports, from the first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      // zod probes once whether `new Function` is allowed and validates without it when refused:
      // that refusal is the policy working, not something the application needs.
      if (event.blockedURI === 'eval') return;
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [...messages, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))];
}

test('hub pages and admin screens run under the policy without a violation', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/fr/hub/contact');
  await expect(page.locator('form[data-enhance]')).toBeVisible();
  await page.goto('/en/hub');
  expect(await violations()).toEqual([]);

  await signInAsEditor(page);
  await page.goto('/en/admin/events');
  await waitForIslands(page);
  expect(await violations()).toEqual([]);
  // A router navigation: the next screen's islands hydrate under the first document's policy.
  await page
    .getByRole('navigation')
    .getByRole('link', { name: t('adminShell.nav.tags') })
    .first()
    .click();
  await page.waitForURL(/\/en\/admin\/tags$/);
  await waitForIslands(page);
  expect(await violations()).toEqual([]);
});
