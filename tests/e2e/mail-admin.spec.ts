/**
 * The "Sent mail" screens in Chromium, as an admin on the shared e2e server (file mode: no
 * SMTP_URL): axe-clean and without horizontal scrolling at 320, 360 and 1280 px, and "Retry now"
 * on a failed message from the keyboard alone, without JavaScript doing the work (a plain form).
 */
import { expect } from '@playwright/test';
import { openDatabase, writeTransaction } from '../../db/client.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { composeMail } from '../../src/server/mail/compose.ts';
import { enqueueMail } from '../../src/server/mail/outbox.ts';
import { expectAccessible, signInAsAdmin, test, uniqueToken } from './admin-support.ts';

const t = getTranslator('en');
const fr = getTranslator('fr');

function databaseUrl(): string {
  const url = process.env['E2E_DATABASE_URL'];
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run through the Playwright global setup');
  return url;
}

/** Queues a message as a request's transaction would; `failed` marks it given up at once. */
async function queueMessage(subject: string, { failed = false } = {}): Promise<number> {
  const db = await openDatabase({ url: databaseUrl() });
  try {
    const cause = `e2e:${subject}`;
    const mail = composeMail({
      locale: 'fr',
      subject,
      paragraphs: ['Un message pour les tests de bout en bout, assez long pour passer à la ligne sur un téléphone.'],
    });
    await writeTransaction(db, async (tx) => {
      await enqueueMail(tx, { cause, kind: 'contact-reply', to: `someone.with.a.long.address.${uniqueToken()}@e2e.example`, locale: 'fr', mail });
    });
    const { rows } = await db.$client.execute({ sql: 'SELECT id FROM mail_outbox WHERE cause = ?', args: [cause] });
    const id = Number(rows[0]!['id']);
    if (failed) {
      await db.$client.execute({
        sql: "UPDATE mail_outbox SET status = 'failed', attempts = 12, lease_until = NULL, last_error = '550: 5.1.1 The email account that you tried to reach does not exist' WHERE id = ?",
        args: [id],
      });
    }
    return id;
  } finally {
    db.$client.close();
  }
}

test.describe('Sent mail', () => {
  test('fits 320, 360 and 1280 px and passes axe, list and message', async ({ page }) => {
    await signInAsAdmin(page);
    const subject = `Lettre ${uniqueToken()}`;
    const id = await queueMessage(subject, { failed: true });
    for (const width of [320, 360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/fr/admin/mail');
      await expect(page.getByRole('heading', { level: 1, name: fr('admin.mail.title') })).toBeVisible();
      await expect(page.locator(`[data-mail-id="${id}"]`)).toContainText('550: 5.1.1');
      await expectAccessible(page, `list at ${width}px`);
      await page.goto(`/fr/admin/mail/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(subject);
      await expectAccessible(page, `message at ${width}px`);
    }
  });

  test('retries a failed message from the keyboard and shows it sent', async ({ page }) => {
    await signInAsAdmin(page);
    const subject = `Keyboard ${uniqueToken()}`;
    const id = await queueMessage(subject, { failed: true });
    await page.goto('/en/admin/mail?status=failed');
    const retry = page.getByRole('button', { name: t('admin.mail.retryMessage', { subject: `${subject} · ${t('site.name')}` }) });
    // Tab from the filter's button until the message's "Retry now" has focus.
    await page.getByRole('button', { name: t('admin.mail.filter.submit') }).focus();
    for (let i = 0; i < 200 && !(await retry.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(retry).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/admin\/mail\?status=failed&retry=done$/);
    await expect(page.getByRole('status').filter({ hasText: t('admin.mail.retried') })).toBeVisible();

    // The message is written as a file at once: its page shows it sent, with the .eml link.
    await expect(async () => {
      await page.goto(`/en/admin/mail/${id}`);
      await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', 'sent', { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: t('admin.mail.download') })).toBeVisible();
    await expect(page.getByRole('button', { name: t('admin.mail.retry') })).toHaveCount(0);
  });
});
