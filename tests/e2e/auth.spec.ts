/**
 * The sign-up and sign-in journey in German, in Chromium, on a server of its own: a fresh database makes
 * this visitor the first account (admin) whatever the other specs did on the shared server.
 */
import { axeOn } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const t = getTranslator('de');
let server: TestServer;

// Serial: the second test signs in with the account the first one creates.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startTestServer({ HUB_DEMO: '0' });
});

test.afterAll(async () => {
  await server?.stop();
});

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an anonymous visitor signs up in German, lands where they were going, and signs out', async ({ page }) => {
  await page.goto(`${server.origin}/de/admin/events`);

  // Sent to the German sign-in page, with the way back in the URL.
  await expect(page).toHaveURL(`${server.origin}/de/admin/sign-in?redirect_url=%2Fde%2Fadmin%2Fevents`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: t('auth.signIn.title') })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: t('auth.signIn.toSignUp') }).click();
  await expect(page).toHaveURL(`${server.origin}/de/admin/sign-up?redirect_url=%2Fde%2Fadmin%2Fevents`);
  await expect(page.getByRole('heading', { level: 1, name: t('auth.signUp.title') })).toBeVisible();

  // A weak password is explained next to the field, and nothing typed is lost but the password.
  await page.getByLabel(t('auth.field.name')).fill('Grete Beispiel');
  await page.getByLabel(t('auth.field.email')).fill('grete@example.test');
  await page.getByLabel(t('auth.field.password')).fill('kurz');
  await page.getByRole('button', { name: t('auth.signUp.submit') }).click();
  await expect(page.getByText(t('auth.field.PASSWORD_TOO_SHORT', { min: 10 }))).toBeVisible();
  await expect(page.getByLabel(t('auth.field.email'))).toHaveValue('grete@example.test');
  await expect(page.getByLabel(t('auth.field.password'))).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await page.getByLabel(t('auth.field.password')).fill('ein langes geheimes Passwort');
  await page.getByRole('button', { name: t('auth.signUp.submit') }).click();

  // Sign-up answers "check your mail" (the same for a taken address); then the visitor signs in.
  await expect(page.getByRole('heading', { level: 1, name: t('auth.signUp.sentTitle') })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(t('auth.signUp.sent'));
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: t('auth.signUp.toSignIn') }).click();
  await expect(page).toHaveURL(`${server.origin}/de/admin/sign-in?redirect_url=%2Fde%2Fadmin%2Fevents`);
  await page.getByLabel(t('auth.field.email')).fill('grete@example.test');
  await page.getByLabel(t('auth.field.password')).fill('ein langes geheimes Passwort');
  await page.getByRole('button', { name: t('auth.signIn.submit') }).click();

  // Back on the page first asked for, inside the admin shell, as the first (admin) account.
  await expect(page).toHaveURL(`${server.origin}/de/admin/events`);
  await expect(page.getByRole('heading', { level: 1, name: t('adminShell.nav.events') })).toBeVisible();
  const account = page.getByTestId('admin-user');
  await expect(account).toContainText('Grete Beispiel');
  await expect(account).toContainText(t('auth.role.admin'));
  await expect(page.getByRole('navigation', { name: t('adminShell.nav.label') }).getByRole('link', { name: t('adminShell.nav.events') })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: t('adminShell.signOut') }).click();
  await expect(page).toHaveURL(`${server.origin}/de/admin/sign-in?signed_out=1`);
  await expect(page.getByRole('status')).toHaveText(t('auth.signedOut'));

  // The session is gone: the admin is closed again.
  await page.goto(`${server.origin}/de/admin/events`);
  await expect(page).toHaveURL(`${server.origin}/de/admin/sign-in?redirect_url=%2Fde%2Fadmin%2Fevents`);
});

test('the admin shell is usable from the keyboard on a narrow screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${server.origin}/de/admin/sign-in?redirect_url=%2Fde%2Fadmin%2Ftags`);
  await page.getByLabel(t('auth.field.email')).fill('grete@example.test');
  await page.getByLabel(t('auth.field.password')).fill('ein langes geheimes Passwort');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${server.origin}/de/admin/tags`);

  // The skip link is the first stop and jumps to the content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: t('nav.skipToContent') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // The sections fold behind the "Menu" button; opened, every section is one link away and
  // nothing overflows sideways.
  const nav = page.getByRole('navigation', { name: t('adminShell.nav.label') });
  await expect(nav).toBeHidden();
  const menu = page.getByRole('button', { name: t('adminShell.menu') });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  // An admin's sections: dashboard, the eight collections, the programme calendar, the review
  // queue, activity, translations, trash, import, team, sent mail, the inbox, webhooks, site, and
  // the link to the public site.
  await expect(nav.getByRole('link')).toHaveCount(21);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
