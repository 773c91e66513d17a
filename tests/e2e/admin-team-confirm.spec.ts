/**
 * The team screen's hard-to-undo actions ask first, in Chromium: "Disable account" and "Refuse
 * (delete the account)" open a confirmation naming the consequence; Cancel does nothing.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { PASSWORD, signInAsAdmin, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');

/** A sign-up waiting for approval, made outside the browser (which stays signed in as the admin). */
async function pendingSignUp(request: APIRequestContext, origin: string, name: string): Promise<string> {
  const email = `pending-${uniqueToken()}@e2e.example`;
  const response = await request.post('/api/auth/sign-up/email', { headers: { origin }, data: { name, email, password: PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return email;
}

test('Disable and Refuse name their consequence and wait for a confirmation', async ({ page, browser }) => {
  await signInAsAdmin(page);
  const origin = new URL(page.url()).origin;
  const outsider = await browser.newContext({ baseURL: origin });
  const toDisable = await pendingSignUp(outsider.request, origin, 'Dora Disable');
  await outsider.clearCookies();
  const toRefuse = await pendingSignUp(outsider.request, origin, 'Rufus Refuse');
  await outsider.close();
  await page.goto('/en/admin/team');
  await waitForIslands(page);

  const disabled = page.locator(`[data-testid="team-account"][data-email="${toDisable}"]`);
  await disabled.getByRole('button', { name: t('admin.team.disable') }).click();
  const ask = page.getByRole('alertdialog', { name: t('admin.team.confirm.disable.title', { name: 'Dora Disable' }) });
  await expect(ask).toContainText(t('admin.team.confirm.disable.body', { name: 'Dora Disable' }));
  await ask.getByRole('button', { name: t('admin.common.cancel') }).click();
  await expect(ask).toBeHidden();
  await expect(disabled).toHaveAttribute('data-disabled', 'false');
  await disabled.getByRole('button', { name: t('admin.team.disable') }).click();
  await ask.getByRole('button', { name: t('admin.team.confirm.disable.confirm') }).click();
  await expect(page.locator(`[data-testid="team-account"][data-email="${toDisable}"]`)).toHaveAttribute('data-disabled', 'true');

  await waitForIslands(page);
  const refused = page.locator(`[data-testid="team-account"][data-email="${toRefuse}"]`);
  await refused.getByRole('button', { name: t('admin.team.refuse') }).click();
  const refuse = page.getByRole('alertdialog', { name: t('admin.team.confirm.refuse.title', { name: 'Rufus Refuse' }) });
  await expect(refuse).toContainText(t('admin.team.confirm.refuse.body', { name: 'Rufus Refuse' }));
  await refuse.getByRole('button', { name: t('admin.team.confirm.refuse.confirm') }).click();
  await expect(refused).toHaveCount(0);
});
