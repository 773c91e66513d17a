/**
 * The admin's "Sent mail" view against the built server in file mode (no SMTP_URL): admins list
 * the outbox and read a message and its `.eml` file; editors and visitors may not; "Retry now"
 * works as a plain form post and wakes the sender of the process that served it (the server
 * polls only once a minute here, so a prompt delivery proves the wake-up).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, writeTransaction, type Database } from '../../db/client.ts';
import type { Locale } from '../../src/i18n/config.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { composeMail } from '../../src/server/mail/compose.ts';
import { enqueueMail } from '../../src/server/mail/outbox.ts';
import { get, postForm, signUp } from '../helpers/auth.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const en = getTranslator('en');
const fr = getTranslator('fr');
const emails = { admin: 'mail-admin@example.test', editor: 'mail-editor@example.test' };

let server: TestServer;
let db: Database;
let admin: string;
let editor: string;
let counter = 0;

interface Row {
  id: number;
  status: string;
  attempts: number;
}

async function queue(locale: Locale = 'en', overrides: { sensitive?: boolean } = {}): Promise<{ id: number; subject: string; to: string; cause: string }> {
  counter += 1;
  const subject = `Admin view ${counter} ${Date.now()}`;
  const to = `reader${counter}@example.test`;
  const cause = `admin-test:${counter}:${Date.now()}`;
  await writeTransaction(db, (tx) =>
    enqueueMail(tx, {
      cause,
      kind: 'contact-notification',
      to,
      locale,
      mail: composeMail({ locale, subject, paragraphs: [`Body of message ${counter}.`] }),
      ...overrides,
    }),
  );
  const [row] = await server.query<Row>('SELECT id FROM mail_outbox WHERE cause = ?', [cause]);
  return { id: row!.id, subject: composeMail({ locale, subject, paragraphs: [] }).subject, to, cause };
}

async function statusOf(id: number): Promise<Row> {
  const [row] = await server.query<Row>('SELECT id, status, attempts FROM mail_outbox WHERE id = ?', [id]);
  return row!;
}

function waitForSent(id: number): Promise<Row> {
  return vi.waitFor(
    async () => {
      const row = await statusOf(id);
      if (row.status !== 'sent') throw new Error(`message ${id} is ${row.status}`);
      return row;
    },
    { timeout: 15_000, interval: 50 },
  );
}

const retry = (id: number, cookie: string | undefined, returnTo?: string) =>
  postForm(server.origin, `/en/admin/mail/${id}`, returnTo ? { return: returnTo } : {}, cookie ? { cookie } : {});

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0', HUB_EDITOR_EMAILS: emails.editor, HUB_MAIL_POLL_MS: '60000', HUB_MAIL_RETRY_BASE_MS: '50' });
  db = await openDatabase({ url: server.databaseUrl });
  admin = await signUp(server.origin, emails.admin);
  editor = await signUp(server.origin, emails.editor);
});

afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

describe('Sent mail', () => {
  it('lists messages newest first for an admin, with their facts and "Retry now" while waiting', async () => {
    const older = await queue();
    const newer = await queue('fr');
    const response = await get(server.origin, '/en/admin/mail', admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain(en('admin.mail.title'));
    expect(html).toContain(en('admin.mail.intro.file', { dir: join(server.dir, 'mail') }));
    for (const message of [older, newer]) {
      expect(html).toContain(message.subject);
      expect(html).toContain(message.to);
      expect(html).toContain(`action="/en/admin/mail/${message.id}"`);
    }
    expect(html.indexOf(newer.subject)).toBeLessThan(html.indexOf(older.subject));
    expect(html).toMatch(new RegExp(`data-status="pending"[^>]*>${en('mail.common.status.pending')}</span>`));
    // Its kind in words, not the template's name.
    expect(html).toContain(en('admin.mail.kind.contact-notification'));
    expect(html).not.toContain('contact-notification<');
    // The admin navigation links here.
    expect(html).toMatch(/<a href="\/en\/admin\/mail" aria-current="page"/);
  });

  it('is for admins only: 403 for an editor (and no link), the sign-in page for a visitor', async () => {
    const message = await queue();
    expect((await get(server.origin, '/en/admin/mail', editor)).status).toBe(403);
    expect((await get(server.origin, `/en/admin/mail/${message.id}`, editor)).status).toBe(403);
    expect((await get(server.origin, `/api/admin/mail/${message.id}/eml`, editor)).status).toBe(403);
    expect((await retry(message.id, editor)).status).toBe(403);
    expect(await (await get(server.origin, '/en/admin', editor)).text()).not.toContain('href="/en/admin/mail"');

    const anonymous = await get(server.origin, '/en/admin/mail');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/en/admin/sign-in?redirect_url=%2Fen%2Fadmin%2Fmail');
    expect((await get(server.origin, `/api/admin/mail/${message.id}/eml`)).status).toBe(401);
    expect((await retry(message.id, undefined)).status).toBe(401);
    expect((await statusOf(message.id)).status).toBe('pending');
  });

  it('"Retry now" delivers a waiting message at once, then its text and .eml file can be read', async () => {
    const message = await queue('fr', { sensitive: true });
    const response = await retry(message.id, admin, '/en/admin/mail?status=pending');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/admin/mail?status=pending&retry=done');
    await waitForSent(message.id);
    expect(readdirSync(join(server.dir, 'mail')).some((name) => name.endsWith(`-${message.id}.eml`))).toBe(true);

    const page = await get(server.origin, `/en/admin/mail/${message.id}?retry=done`, admin);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(en('admin.mail.retried'));
    expect(html).toContain(`Body of message ${counter}.`);
    expect(html).toContain(message.to);
    expect(html).toMatch(new RegExp(`data-status="sent"[^>]*>${en('mail.common.status.sent')}</span>`));
    expect(html).toContain(`href="/api/admin/mail/${message.id}/eml"`);
    // Sent: nothing to retry.
    expect(html).not.toContain(`action="/en/admin/mail/${message.id}"`);

    const eml = await get(server.origin, `/api/admin/mail/${message.id}/eml`, admin);
    expect(eml.status).toBe(200);
    expect(eml.headers.get('content-type')).toBe('message/rfc822');
    expect(eml.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="\\d{8}T\\d{9}Z-${message.id}\\.eml"$`));
    const parsed = await simpleParser(Buffer.from(await eml.arrayBuffer()));
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe(message.to);
  });

  it('"Retry now" brings back a failed message; a sent one is left alone; an unknown one is 404', async () => {
    const message = await queue();
    await server.query("UPDATE mail_outbox SET status = 'failed', attempts = 12, last_error = '550: Mailbox unavailable' WHERE id = ?", [message.id]);
    const failedList = await (await get(server.origin, '/en/admin/mail?status=failed', admin)).text();
    expect(failedList).toContain(message.subject);
    expect(failedList).toContain('550: Mailbox unavailable');
    expect(failedList).toContain(`action="/en/admin/mail/${message.id}"`);

    const response = await retry(message.id, admin, '/en/admin/mail?status=failed');
    expect(response.headers.get('location')).toBe('/en/admin/mail?status=failed&retry=done');
    expect((await waitForSent(message.id)).attempts).toBe(13);

    const again = await retry(message.id, admin);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`/en/admin/mail/${message.id}?retry=refused`);
    expect((await statusOf(message.id)).attempts).toBe(13);

    // The return path must be this view: anything else falls back to the message's page.
    const elsewhere = await retry(message.id, admin, 'https://evil.example/en/admin/mail');
    expect(elsewhere.headers.get('location')).toBe(`/en/admin/mail/${message.id}?retry=refused`);

    const unknown = await retry(999_999, admin);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get(server.origin, '/en/admin/mail/999999', admin)).status).toBe(404);
    expect((await get(server.origin, '/api/admin/mail/999999/eml', admin)).status).toBe(404);
  });

  it('filters by status, pages, refuses a bad filter with a 400, and speaks the admin’s language', async () => {
    const sent = await (await get(server.origin, '/en/admin/mail?status=sent', admin)).text();
    expect(sent).toContain('data-status="sent"');
    expect(sent).not.toMatch(/data-status="(pending|failed)"/);
    const bad = await get(server.origin, '/en/admin/mail?status=bogus', admin);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(en('admin.mail.filter.invalid'));
    expect((await get(server.origin, '/en/admin/mail?page=0', admin)).status).toBe(400);

    for (let i = 0; i < 26; i++) await queue();
    const first = await (await get(server.origin, '/en/admin/mail?status=pending', admin)).text();
    expect(first).toContain('href="/en/admin/mail?status=pending&amp;page=2"');
    const second = await get(server.origin, '/en/admin/mail?status=pending&page=2', admin);
    expect(second.status).toBe(200);
    expect(await second.text()).toContain('href="/en/admin/mail?status=pending"');

    const french = await (await get(server.origin, '/fr/admin/mail', admin)).text();
    expect(french).toContain(fr('admin.mail.title'));
    expect(french).toContain(fr('mail.common.status.pending'));
  });
});
