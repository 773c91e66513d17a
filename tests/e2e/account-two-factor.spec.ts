/**
 * "Your account" and two-factor sign-in in the browser: turning two-factor on (QR code, a code
 * computed from the shown secret, recovery codes), then signing in through the code step. Each
 * screen on the way passes axe and fits a 320, 360 and 1280 px wide window.
 */
import { expect, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { totp } from '../helpers/totp.ts';
import { expectAccessible, PASSWORD, signInAsEditor, test } from './admin-support.ts';

const t = getTranslator('en');

/** Axe-clean and no sideways scrolling, on small and large phones and on a laptop. */
async function expectAccessibleAtBothWidths(page: Page, screen: string): Promise<void> {
  for (const width of [320, 360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page, `${screen} at ${width} px`);
  }
}

test('turn two-factor on from the account page, then sign in with a code', async ({ page, consoleErrors }) => {
  // A whole journey with axe on five screens: close to a minute on a loaded two-core machine.
  test.setTimeout(120_000);
  const email = await signInAsEditor(page);
  await page
    .getByRole('link', { name: /Editor/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: t('admin.account.title') })).toBeVisible();
  await expect(page.getByTestId('two-factor-status')).toHaveText(t('admin.account.twoFactor.off'));
  await expectAccessibleAtBothWidths(page, 'account page');

  // On a phone, each answer shows what it is about without scrolling: the QR code, then a wrong
  // code's error with the field focused.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.locator('#enable-password').fill(PASSWORD);
  await page.getByRole('button', { name: t('admin.account.twoFactor.enable') }).click();
  await expect(page.getByRole('img', { name: t('admin.account.setup.qrLabel') })).toBeInViewport({ ratio: 1 });
  await page.getByLabel(t('admin.account.setup.code')).fill('000000');
  await page.getByRole('button', { name: t('admin.account.setup.confirm') }).click();
  await expect(page.getByText(t('admin.account.field.CODE_WRONG'))).toBeInViewport({ ratio: 1 });
  await expect(page.getByLabel(t('admin.account.setup.code'))).toBeFocused();
  // The refusal is the page's own 400, which Chromium logs as a failed load.
  const provoked = consoleErrors.filter(
    (line) => line.includes('/en/admin/account') && line.includes('Failed to load resource') && line.includes('status of 400'),
  );
  expect(provoked).toHaveLength(1);
  consoleErrors.splice(consoleErrors.indexOf(provoked[0]!), 1);
  await expectAccessibleAtBothWidths(page, 'two-factor setup');

  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await page.getByLabel(t('admin.account.setup.code')).fill(totp(secret));
  await page.getByRole('button', { name: t('admin.account.setup.confirm') }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await expect(page.getByTestId('two-factor-status')).toHaveText(t('admin.account.twoFactor.on'));
  await expectAccessibleAtBothWidths(page, 'recovery codes');

  await page.getByRole('button', { name: t('adminShell.signOut') }).click();
  await expect(page).toHaveURL(/\/en\/admin\/sign-in\?signed_out=1$/);
  await page.getByLabel(t('auth.field.email')).fill(email);
  await page.getByLabel(t('auth.field.password')).fill(PASSWORD);
  await page.getByRole('button', { name: t('auth.signIn.submit') }).click();
  await expect(page).toHaveURL(/\/en\/admin\/sign-in\/two-factor$/);
  await expect(page.getByLabel(t('auth.twoFactor.codeLabel'))).toBeFocused();
  await expectAccessibleAtBothWidths(page, 'two-factor step');

  await page.getByRole('link', { name: t('auth.twoFactor.useRecovery') }).click();
  await expect(page.getByLabel(t('auth.twoFactor.recoveryLabel'))).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'recovery code step');
  await page.getByRole('link', { name: t('auth.twoFactor.useApp') }).click();

  await page.getByLabel(t('auth.twoFactor.codeLabel')).fill(totp(secret));
  await page.getByRole('button', { name: t('auth.twoFactor.submit') }).click();
  await expect(page).toHaveURL(/\/en\/admin$/);
  await expect(page.getByTestId('admin-user')).toContainText('Editor');
});
