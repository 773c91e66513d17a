/**
 * The team's journey, in Chromium, on the shared e2e server: an admin invites a colleague from
 * the invitations screen; the colleague opens the link from the mail (read from the outbox of
 * the e2e database), accepts, edits an event, signs out, forgets the password, resets it from
 * the mailed link and signs in again. The screens pass axe at 360 and 1280 px.
 */
import { axeOn } from './axe.ts';
import { createClient } from '@libsql/client';
import { expect, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { signInAsAdmin, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');
const PASSWORD = 'a long enough e2e password';
const NEW_PASSWORD = 'another long e2e password';

async function expectAccessible(page: Page): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const { violations } = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
}

/** The link to `pathname` in the latest mail of `kind` to `to`, once the request has queued it. */
async function linkFromOutbox(to: string, kind: string, pathname: string): Promise<string> {
  const url = process.env['E2E_DATABASE_URL'];
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run through the Playwright global setup');
  const client = createClient({ url });
  try {
    let text = '';
    await expect
      .poll(async () => {
        const { rows } = await client.execute({
          sql: 'SELECT text FROM mail_outbox WHERE recipient = ? AND kind = ? ORDER BY id DESC LIMIT 1',
          args: [to, kind],
        });
        text = String(rows[0]?.['text'] ?? '');
        return text.includes(pathname);
      })
      .toBe(true);
    const link = text
      .match(/https?:\/\/\S+/g)!
      .map((raw) => new URL(raw))
      .find((candidate) => candidate.pathname === pathname)!;
    return `${link.pathname}${link.search}`;
  } finally {
    client.close();
  }
}

/** An unpublished event: saving it is a plain save (a published one is edited through a draft). */
async function firstEventId(): Promise<number> {
  const client = createClient({ url: process.env['E2E_DATABASE_URL']! });
  try {
    // An item of the admin: not one of a repeating event's later dates (they have no edit page of their own).
    const { rows } = await client.execute("SELECT id FROM events WHERE status = 'draft' AND series_id IS NULL ORDER BY id DESC LIMIT 1");
    return Number(rows[0]!['id']);
  } finally {
    client.close();
  }
}

test('an admin invites a colleague, who accepts, edits an event, resets a forgotten password and signs in', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `colleague-${uniqueToken()}@e2e.example`;

  // The admin invites an editor.
  await signInAsAdmin(page);
  await page.goto('/en/admin/team/invitations');
  await expect(page.getByRole('heading', { level: 1, name: t('admin.invitations.title') })).toBeVisible();
  await page.getByLabel(t('admin.invitations.email')).fill(email);
  await page.getByLabel(t('admin.invitations.role')).selectOption('editor');
  await page.getByRole('button', { name: t('admin.invitations.submit') }).click();
  await expect(page.getByTestId('invitations-notice')).toHaveText(t('admin.invitations.done.invited'));
  await expect(page.locator(`li[data-email="${email}"][data-status="pending"]`)).toBeVisible();
  await expectAccessible(page);

  // The colleague, in a browser of their own, opens the link from the mail.
  const invitationLink = await linkFromOutbox(email, 'invitation', '/en/admin/sign-up/invitation');
  await page.context().clearCookies();
  await page.goto(invitationLink);
  await expect(page.getByRole('heading', { level: 1, name: t('auth.invitation.title') })).toBeVisible();
  await expect(page.getByLabel(t('auth.field.email'))).toHaveValue(email);
  await expect(page.getByLabel(t('auth.field.email'))).not.toBeEditable();
  await expectAccessible(page);
  await page.getByLabel(t('auth.field.name')).fill('Cora Colleague');
  await page.getByLabel(t('auth.field.password')).fill(PASSWORD);
  await page.getByRole('button', { name: t('auth.invitation.submit') }).click();
  await expect(page).toHaveURL(/\/en\/admin$/);
  await expect(page.getByTestId('admin-user')).toContainText('Cora Colleague');
  await expect(page.getByTestId('admin-user')).toContainText(t('auth.role.editor'));

  // They edit an event.
  const eventId = await firstEventId();
  await page.goto(`/en/admin/events/${eventId}`);
  await waitForIslands(page);
  await page.getByLabel(t('admin.field.registrationUrl')).fill(`https://tickets.example/${uniqueToken()}`);
  await page.getByRole('button', { name: t('admin.form.save') }).click();
  await expect(page.locator('.admin-toasts').getByText(t('admin.form.saved'), { exact: true }).first()).toBeVisible();

  // They sign out, and have forgotten their password.
  await page.getByRole('button', { name: t('adminShell.signOut') }).click();
  await expect(page).toHaveURL(/\/en\/admin\/sign-in\?signed_out=1$/);
  await page.getByRole('link', { name: t('auth.reset.forgotLink') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('auth.reset.forgotTitle') })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(t('auth.field.email')).fill(email);
  await page.getByRole('button', { name: t('auth.reset.forgotSubmit') }).click();
  await expect(page.getByTestId('reset-sent')).toHaveText(t('auth.reset.sent'));

  const resetLink = await linkFromOutbox(email, 'password-reset', '/en/admin/sign-in/reset-password');
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { level: 1, name: t('auth.reset.title') })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(t('auth.reset.newPassword'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(t('auth.reset.confirmPassword')).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: t('auth.reset.submit') }).click();
  await expect(page).toHaveURL(/\/en\/admin\/sign-in\?password_reset=1$/);
  await expect(page.getByRole('status')).toHaveText(t('auth.reset.done'));

  // The new password opens the admin.
  await page.getByLabel(t('auth.field.email')).fill(email);
  await page.getByLabel(t('auth.field.password')).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: t('auth.signIn.submit') }).click();
  await expect(page).toHaveURL(/\/en\/admin$/);
  await expect(page.getByTestId('admin-user')).toContainText('Cora Colleague');
});
