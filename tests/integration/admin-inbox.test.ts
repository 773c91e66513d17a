/**
 * The contact inbox through the built server: the team's notification (to HUB_CONTACT_TO, else
 * to the admins) queued with the message and delivered over SMTP; the list (newest first, search,
 * states, pages, unread count); reading marks read; handled toggles; replies kept beside the
 * message and delivered in the visitor's language; deletion; per-person export and erasure
 * (admins only, audited without the address or the text); the JSON API; the retention job.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { get, postForm, signUp } from '../helpers/auth.ts';
import { decodeEntities } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp-server.ts';

const ADMIN = 'inbox-admin@example.test';
const EDITOR = 'inbox-editor@example.test';
const NOBODY = 'inbox-nobody@example.test';
const VISITOR = 'Ada.Lovelace@Example.org';

let smtp: TestSmtp;
let server: TestServer;
const cookies: Record<'admin' | 'editor' | 'nobody', string> = { admin: '', editor: '', nobody: '' };

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ HUB_DEMO: '0', HUB_EDITOR_EMAILS: EDITOR, CONTACT_RATE_LIMIT: '0', HUB_MAIL_POLL_MS: '200', ...smtp.env });
  cookies.admin = await signUp(server.origin, ADMIN);
  cookies.editor = await signUp(server.origin, EDITOR);
  cookies.nobody = await signUp(server.origin, NOBODY);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

interface MessageRow {
  id: number;
  locale: string;
  email: string;
  subject: string;
  read_at: number | null;
  handled_at: number | null;
}
interface OutboxRow {
  cause: string;
  kind: string;
  recipient: string;
  locale: string;
  subject: string;
  reply_to: string | null;
}

const contactFields = (subject: string, extra: Record<string, string> = {}) => ({
  name: 'Ada Lovelace',
  email: VISITOR,
  subject,
  message: `Bonjour, une question sur l’accès en fauteuil (${subject}).`,
  consent: 'true',
  ...extra,
});
const postContact = (target: TestServer, locale: string, fields: Record<string, string>) =>
  postForm(target.origin, `/${locale}/hub/contact?_action=contact`, fields);
const messageBySubject = async (target: TestServer, subject: string) =>
  (await target.query<MessageRow>('SELECT id, locale, email, subject, read_at, handled_at FROM contact_messages WHERE subject = ?', [subject]))[0];
const outboxFor = (target: TestServer, id: number) =>
  target.query<OutboxRow>('SELECT cause, kind, recipient, locale, subject, reply_to FROM mail_outbox WHERE cause LIKE ? ORDER BY id', [`contact:${id}:%`]);
const page = async (path: string, cookie: string) => {
  const response = await get(server.origin, path, cookie);
  return { status: response.status, body: decodeEntities(await response.text()), location: response.headers.get('location') };
};
const postAs = (cookie: string, path: string, fields: Record<string, string>) => postForm(server.origin, path, fields, { cookie });
const api = (cookie: string, method: string, path: string, body?: unknown) =>
  fetch(`${server.origin}${path}`, {
    method,
    redirect: 'manual',
    headers: { cookie, origin: server.origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** Inserts a message directly (list tests need many, retention tests old ones). */
async function insertMessage(
  target: TestServer,
  fields: { subject: string; email?: string; name?: string; message?: string; createdAt?: number; handledAt?: number | null; locale?: string },
) {
  const created = fields.createdAt ?? Date.now();
  const [row] = await target.query<{ id: number }>(
    `INSERT INTO contact_messages (locale, name, email, subject, message, consent_at, created_at, handled_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      fields.locale ?? 'en',
      fields.name ?? 'Grace Hopper',
      fields.email ?? 'grace@example.net',
      fields.subject,
      fields.message ?? 'A question about tickets.',
      created,
      created,
      fields.handledAt ?? null,
    ],
  );
  return row!.id;
}

describe('notification of a new message', () => {
  it('queues a mail to every admin with the message, Reply-To the visitor, and delivers it', async () => {
    expect((await postContact(server, 'fr', contactFields('Accessibilité'))).status).toBe(303);
    const message = await messageBySubject(server, 'Accessibilité');
    expect(message).toMatchObject({ locale: 'fr', read_at: null, handled_at: null });
    const outbox = await outboxFor(server, message!.id);
    // The editor is not an admin: only the admin is told.
    expect(outbox).toEqual([expect.objectContaining({ kind: 'contact-notification', recipient: ADMIN, reply_to: VISITOR, locale: 'en' })]);

    const mail = await smtp.waitFor((m) => m.to.includes(ADMIN) && m.subject.includes('Accessibilité'));
    expect(mail.replyTo.toLowerCase()).toBe(VISITOR.toLowerCase());
    expect(mail.text).toContain(`Ada Lovelace <${VISITOR}> wrote through the contact form, in French:`);
    expect(mail.text).toContain('Bonjour, une question sur l’accès en fauteuil');
    expect(mail.text).toContain(`${server.origin}/en/admin/inbox/${message!.id}`);
    expect(mail.subject).toContain(getTranslator('en')('mail.contact.notification.subject', { subject: 'Accessibilité' }));
  });

  it('sends nothing for a honeypot post', async () => {
    const before = await server.query<{ n: number }>('SELECT count(*) AS n FROM mail_outbox');
    expect((await postContact(server, 'en', contactFields('Spam', { website: 'https://spam.example' }))).status).toBe(303);
    expect(await messageBySubject(server, 'Spam')).toBeUndefined();
    expect(await server.query<{ n: number }>('SELECT count(*) AS n FROM mail_outbox')).toEqual(before);
  });
});

describe('the inbox list', () => {
  it('is for editors and admins, not for accounts without a role', async () => {
    expect((await page('/en/admin/inbox', cookies.editor)).status).toBe(200);
    expect((await page('/en/admin/inbox', cookies.admin)).status).toBe(200);
    expect((await page('/en/admin/inbox', cookies.nobody)).status).toBe(403);
    expect((await api(cookies.nobody, 'GET', '/api/admin/inbox')).status).toBe(403);
  });

  it('lists messages newest first with their language and state, counts the unread, and pages', async () => {
    const base = Date.now() - 60 * 60_000;
    for (let i = 0; i < 26; i++) await insertMessage(server, { subject: `Bulk question ${i}`, createdAt: base + i * 1000 });
    const first = await page('/de/admin/inbox', cookies.editor);
    const t = getTranslator('de');
    const subjects = [...first.body.matchAll(/class="inbox-item__subject">\s*<a href="\/de\/admin\/inbox\/(\d+)"[^>]*>\s*([^<]+?)\s*<\/a>/g)].map((m) => m[2]);
    expect(subjects.slice(0, 2)).toEqual(['Accessibilité', 'Bulk question 25']);
    expect(subjects).toHaveLength(25);
    expect(first.body).toContain('Français');
    expect(first.body).toContain(t('admin.inbox.state.unread'));
    expect(first.body).toMatch(/data-testid="nav-inbox-unread">\s*<span aria-hidden="true">27<\/span>/);
    expect(first.body).toContain(t('admin.inbox.pageOf', { page: 1, count: 2 }));
    const second = await page('/de/admin/inbox?page=2', cookies.editor);
    expect(second.body).toContain('Bulk question 0');
    expect(second.body).not.toContain('Bulk question 25');
  });

  it('searches name, e-mail, subject and text, and filters by state', async () => {
    await insertMessage(server, { subject: 'Press pass', name: 'Linus Pauling', email: 'linus@press.example', message: 'Need accreditation 50% off?' });
    for (const q of ['pauling', 'press.example', 'press pass', 'accreditation', '50%']) {
      const result = await page(`/en/admin/inbox?q=${encodeURIComponent(q)}`, cookies.editor);
      expect(result.body, q).toContain('Press pass');
      expect(result.body, q).not.toContain('Bulk question');
    }
    expect((await page('/en/admin/inbox?q=nothing-like-this', cookies.editor)).body).toContain(getTranslator('en')('admin.inbox.noMatch'));
    const json = await (await api(cookies.editor, 'GET', '/api/admin/inbox?q=linus')).json();
    expect(json).toMatchObject({ total: 1, messages: [{ subject: 'Press pass', email: 'linus@press.example', readAt: null, handledAt: null }] });
  });
});

describe('one message', () => {
  it('marks it read when opened, and unread again on request', async () => {
    const { id } = (await messageBySubject(server, 'Accessibilité'))!;
    const opened = await page(`/en/admin/inbox/${id}`, cookies.editor);
    expect(opened.status).toBe(200);
    expect(opened.body).toContain('Bonjour, une question sur l’accès en fauteuil');
    expect(opened.body).toContain(`href="mailto:${VISITOR}?subject=${encodeURIComponent('Re: Accessibilité')}"`);
    expect((await messageBySubject(server, 'Accessibilité'))!.read_at).not.toBeNull();
    // The API reads without marking.
    const pressId = (await messageBySubject(server, 'Press pass'))!.id;
    expect((await api(cookies.editor, 'GET', `/api/admin/inbox/${pressId}`)).status).toBe(200);
    expect((await messageBySubject(server, 'Press pass'))!.read_at).toBeNull();

    const unread = await postAs(cookies.editor, `/en/admin/inbox/${id}`, { intent: 'unread' });
    expect(unread.status).toBe(303);
    expect(unread.headers.get('location')).toBe('/en/admin/inbox?done=unread');
    expect((await messageBySubject(server, 'Accessibilité'))!.read_at).toBeNull();
  });

  it('toggles handled and unhandled', async () => {
    const { id } = (await messageBySubject(server, 'Press pass'))!;
    expect((await postAs(cookies.editor, `/en/admin/inbox/${id}`, { intent: 'handled' })).status).toBe(303);
    const handled = await messageBySubject(server, 'Press pass');
    expect(handled!.handled_at).not.toBeNull();
    expect(handled!.read_at).not.toBeNull();
    expect((await page('/en/admin/inbox?filter=handled', cookies.editor)).body).toContain('Press pass');
    expect((await page('/en/admin/inbox?filter=unhandled', cookies.editor)).body).not.toContain('Press pass');
    expect((await postAs(cookies.editor, `/en/admin/inbox/${id}`, { intent: 'unhandled' })).status).toBe(303);
    expect((await messageBySubject(server, 'Press pass'))!.handled_at).toBeNull();
    const patched = await api(cookies.editor, 'PATCH', `/api/admin/inbox/${id}`, { handled: true });
    expect(await patched.json()).toMatchObject({ message: { id, handledAt: expect.any(String) } });
    const invalid = await api(cookies.editor, 'PATCH', `/api/admin/inbox/${id}`, { handled: 'yes' });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect((await postAs(cookies.editor, '/en/admin/inbox/999999', { intent: 'handled' })).status).toBe(404);
  });

  it('sends a reply in the visitor’s language through the outbox, keeps it beside the message and marks it handled', async () => {
    const { id } = (await messageBySubject(server, 'Accessibilité'))!;
    const empty = await postAs(cookies.editor, `/fr/admin/inbox/${id}`, { intent: 'reply', body: '   ' });
    expect(empty.status).toBe(400);
    expect(decodeEntities(await empty.text())).toContain(getTranslator('fr')('admin.inbox.error.REQUIRED'));

    const body = 'Bonjour Ada,\n\nOui, toutes les salles sont accessibles.';
    const sent = await postAs(cookies.editor, `/en/admin/inbox/${id}`, { intent: 'reply', body });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toMatch(new RegExp(`^/en/admin/inbox/${id}\\?done=replied#reply-\\d+$`));
    const replies = await server.query<{ body: string; author_label: string; cause: string }>(
      'SELECT body, author_label, cause FROM contact_replies WHERE message_id = ?',
      [id],
    );
    expect(replies).toEqual([{ body, author_label: EDITOR, cause: expect.stringMatching(new RegExp(`^contact:${id}:reply:`)) }]);
    const outbox = await server.query<OutboxRow>('SELECT cause, kind, recipient, locale, subject, reply_to FROM mail_outbox WHERE cause = ?', [
      replies[0]!.cause,
    ]);
    expect(outbox).toEqual([
      { cause: replies[0]!.cause, kind: 'contact-reply', recipient: VISITOR, locale: 'fr', subject: 'Re: Accessibilité', reply_to: EDITOR },
    ]);
    expect((await messageBySubject(server, 'Accessibilité'))!.handled_at).not.toBeNull();

    const mail = await smtp.waitFor((m) => m.subject === 'Re: Accessibilité');
    expect(mail.to.map((a) => a.toLowerCase())).toEqual([VISITOR.toLowerCase()]);
    expect(mail.text).toContain('Oui, toutes les salles sont accessibles.');
    expect(mail.text).toContain('Ceci répond au message que vous avez envoyé');
    const shown = await page(`/en/admin/inbox/${id}`, cookies.admin);
    expect(shown.body).toContain('Oui, toutes les salles sont accessibles.');
    expect(shown.body).toContain(getTranslator('en')('admin.inbox.replies.by', { author: EDITOR }));

    const viaApi = await api(cookies.admin, 'POST', `/api/admin/inbox/${id}/replies`, { body: 'Une précision.' });
    expect(viaApi.status).toBe(201);
    expect((await api(cookies.admin, 'POST', `/api/admin/inbox/${id}/replies`, { body: '' })).status).toBe(400);
    expect((await api(cookies.admin, 'POST', '/api/admin/inbox/999999/replies', { body: 'x' })).status).toBe(404);
  });

  it('sends a reply posted twice with the same form (double click, resent form) once, and the API alike with Idempotency-Key', async () => {
    const id = await insertMessage(server, { subject: 'Twice', email: 'twice@example.net' });
    const shown = await page(`/en/admin/inbox/${id}`, cookies.editor);
    const key = /name="key" value="([^"]+)"/.exec(shown.body)?.[1];
    expect(key).toMatch(/^[\w-]{16,}$/);
    // Another rendering of the form carries another key: two deliberate replies stay two.
    expect((await page(`/en/admin/inbox/${id}`, cookies.editor)).body).not.toContain(`value="${key}"`);

    const fields = { intent: 'reply', key: key!, body: 'Only once, please.' };
    const [first, second] = await Promise.all([
      postAs(cookies.editor, `/en/admin/inbox/${id}`, fields),
      postAs(cookies.editor, `/en/admin/inbox/${id}`, fields),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    // Both land on the one reply.
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    const replies = await server.query<{ id: number; cause: string }>('SELECT id, cause FROM contact_replies WHERE message_id = ?', [id]);
    expect(replies).toEqual([{ id: expect.any(Number), cause: `contact:${id}:reply:${key}` }]);
    expect((await outboxFor(server, id)).map((row) => row.cause)).toEqual([`contact:${id}:reply:${key}`]);
    await smtp.waitFor((m) => m.to.includes('twice@example.net'));
    await vi.waitFor(
      async () => expect(await server.query('SELECT status FROM mail_outbox WHERE cause = ?', [replies[0]!.cause])).toEqual([{ status: 'sent' }]),
      {
        timeout: 20_000,
        interval: 100,
      },
    );
    expect(smtp.received.filter((m) => m.to.includes('twice@example.net'))).toHaveLength(1);

    const apiReply = (idempotencyKey: string) =>
      fetch(`${server.origin}/api/admin/inbox/${id}/replies`, {
        method: 'POST',
        headers: { cookie: cookies.editor, origin: server.origin, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ body: 'Through the API, once.' }),
      });
    const apiKey = 'api-retry-0123456789abcdef';
    const made = await apiReply(apiKey);
    const repeated = await apiReply(apiKey);
    expect([made.status, repeated.status]).toEqual([201, 200]);
    expect((await repeated.json()).reply.id).toBe((await made.json()).reply.id);
    expect((await outboxFor(server, id)).map((row) => row.cause)).toEqual([`contact:${id}:reply:${key}`, `contact:${id}:reply:${apiKey}`]);
  });

  it('lets an editor delete a message with its replies and sent mail, audited; mail still waiting goes out', async () => {
    const id = await insertMessage(server, { subject: 'Delete me' });
    const outboxRow = (cause: string, status: string) =>
      server.query(
        "INSERT INTO mail_outbox (cause, kind, recipient, locale, subject, text, html, status, next_attempt_at) VALUES (?, 'contact-reply', 'grace@example.net', 'en', 'Re: x', '', '', ?, ?)",
        [cause, status, Date.now() + 3_600_000],
      );
    await outboxRow(`contact:${id}:reply:sent`, 'sent');
    await outboxRow(`contact:${id}:reply:waiting`, 'pending');
    const deleted = await postAs(cookies.editor, `/en/admin/inbox/${id}`, { intent: 'delete' });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get('location')).toBe('/en/admin/inbox?done=deleted');
    expect(await messageBySubject(server, 'Delete me')).toBeUndefined();
    expect((await outboxFor(server, id)).map((row) => row.cause)).toEqual([`contact:${id}:reply:waiting`]);
    expect(await server.query('SELECT action, entity, entity_id FROM audit_log WHERE entity = ? AND entity_id = ?', ['contact_message', String(id)])).toEqual([
      { action: 'delete', entity: 'contact_message', entity_id: String(id) },
    ]);
    const viaApi = await insertMessage(server, { subject: 'Delete me too' });
    expect((await api(cookies.editor, 'DELETE', `/api/admin/inbox/${viaApi}`)).status).toBe(204);
    expect((await api(cookies.editor, 'DELETE', `/api/admin/inbox/${viaApi}`)).status).toBe(404);
  });
});

describe('a person’s data', () => {
  it('is for admins only: editors may neither export nor erase', async () => {
    const { id } = (await messageBySubject(server, 'Accessibilité'))!;
    expect((await page(`/en/admin/inbox/${id}/person`, cookies.editor)).status).toBe(403);
    expect((await page(`/en/admin/inbox/${id}/export.json`, cookies.editor)).status).toBe(403);
    expect((await postAs(cookies.editor, `/en/admin/inbox/${id}/person`, { confirm: VISITOR })).status).toBe(403);
    const erase = await api(cookies.editor, 'POST', '/api/admin/inbox/people/erase', { email: VISITOR, confirm: VISITOR });
    expect(erase.status).toBe(403);
    expect(await erase.json()).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'inbox.erase' });
    expect((await page(`/en/admin/inbox/${id}`, cookies.editor)).body).not.toContain(`/en/admin/inbox/${id}/person`);
  });

  it('exports every message and reply of an address as JSON, audited without the address', async () => {
    await postContact(server, 'de', contactFields('Zweite Frage', { email: VISITOR.toUpperCase() }));
    const { id } = (await messageBySubject(server, 'Accessibilité'))!;
    const response = await get(server.origin, `/en/admin/inbox/${id}/export.json`, cookies.admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="contact-data-${id}.json"`);
    const data = await response.json();
    expect(data.email).toBe(VISITOR.toLowerCase());
    expect(data.messages.map((m: { subject: string }) => m.subject)).toEqual(['Accessibilité', 'Zweite Frage']);
    expect(data.messages[0].replies.map((r: { body: string }) => r.body)).toEqual([
      'Bonjour Ada,\n\nOui, toutes les salles sont accessibles.',
      'Une précision.',
    ]);
    expect(data.messages[1]).toMatchObject({ locale: 'de', message: expect.stringContaining('Zweite Frage') });

    const viaApi = await (await api(cookies.admin, 'POST', '/api/admin/inbox/people/export', { email: VISITOR })).json();
    expect(viaApi.messages).toHaveLength(2);
    const audit = await server.query<{ action: string; entity_id: string; changed_fields: string }>(
      "SELECT action, entity_id, changed_fields FROM audit_log WHERE entity = 'contact_person' ORDER BY id",
    );
    expect(audit.map((row) => row.action)).toEqual(['export', 'export']);
    for (const row of audit) {
      expect(JSON.stringify(row).toLowerCase()).not.toContain('lovelace');
      expect(JSON.stringify(row).toLowerCase()).not.toContain('example.org');
      expect(JSON.stringify(row)).not.toContain('fauteuil');
    }
  });

  it('erases them all after the address is typed again', async () => {
    const { id } = (await messageBySubject(server, 'Accessibilité'))!;
    const summary = await page(`/en/admin/inbox/${id}/person`, cookies.admin);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatch(/data-testid="person-summary">\s*2 messages from this address are kept,\s*with 2 replies\./);

    const mismatch = await postAs(cookies.admin, `/en/admin/inbox/${id}/person`, { confirm: 'someone@else.example' });
    expect(mismatch.status).toBe(400);
    expect(decodeEntities(await mismatch.text())).toContain(getTranslator('en')('admin.inbox.error.CONFIRMATION_MISMATCH'));
    expect(await messageBySubject(server, 'Accessibilité')).toBeDefined();

    // Mail about the address that is not tied to a message goes too.
    await server.query(
      "INSERT INTO mail_outbox (cause, kind, recipient, locale, subject, text, html, status) VALUES ('e2e:other', 'other', 'someone@example.net', 'en', 'x', '', '', 'sent')",
    );
    await server.query("UPDATE mail_outbox SET reply_to = ? WHERE cause = 'e2e:other'", [VISITOR]);
    const erased = await postAs(cookies.admin, `/en/admin/inbox/${id}/person`, { confirm: VISITOR.toLowerCase() });
    expect(erased.status).toBe(303);
    expect(erased.headers.get('location')).toBe('/en/admin/inbox?done=erased&count=2');
    expect(await server.query('SELECT id FROM contact_messages WHERE lower(email) = lower(?)', [VISITOR])).toEqual([]);
    expect(await server.query('SELECT id FROM contact_replies WHERE message_id = ?', [id])).toEqual([]);
    expect(await outboxFor(server, id)).toEqual([]);
    expect(await server.query('SELECT id FROM mail_outbox WHERE lower(recipient) = lower(?) OR lower(reply_to) = lower(?)', [VISITOR, VISITOR])).toEqual([]);
    const audit = await server.query<{ action: string; actor_label: string; changed_fields: string }>(
      "SELECT action, actor_label, changed_fields FROM audit_log WHERE entity = 'contact_person' AND action = 'erase'",
    );
    expect(audit).toEqual([{ action: 'erase', actor_label: ADMIN, changed_fields: '["messages:2","replies:2"]' }]);
    expect((await page(`/en/admin/inbox/${id}`, cookies.admin)).status).toBe(404);

    await insertMessage(server, { subject: 'Erase through the API', email: 'erase-me@example.net' });
    expect((await api(cookies.admin, 'POST', '/api/admin/inbox/people/erase', { email: 'erase-me@example.net', confirm: 'nope@example.net' })).status).toBe(
      400,
    );
    const viaApi = await api(cookies.admin, 'POST', '/api/admin/inbox/people/erase', { email: 'erase-me@example.net', confirm: 'ERASE-ME@example.net' });
    expect(await viaApi.json()).toEqual({ erased: { messages: 1, replies: 0 } });
  });
});

describe('with HUB_CONTACT_TO, and retention', () => {
  let team: TestServer;
  let restarted: TestServer | undefined;
  const MONTH = 30.5 * 24 * 60 * 60_000;

  beforeAll(async () => {
    team = await startTestServer({ HUB_DEMO: '0', HUB_CONTACT_TO: 'team@festival.example, press@festival.example', CONTACT_RATE_LIMIT: '1', ...smtp.env });
    await signUp(team.origin, 'team-admin@example.test');
  });
  afterAll(async () => {
    await restarted?.stop();
    await team?.stop();
  });

  it('tells the HUB_CONTACT_TO addresses (not the admins), and nothing for a rate-limited post', async () => {
    expect((await postContact(team, 'de', contactFields('Presseanfrage'))).status).toBe(303);
    const { id } = (await messageBySubject(team, 'Presseanfrage'))!;
    expect((await outboxFor(team, id)).map((row) => row.recipient)).toEqual(['team@festival.example', 'press@festival.example']);
    await smtp.waitFor((m) => m.to.includes('press@festival.example') && m.subject.includes('Presseanfrage'));

    expect((await postContact(team, 'de', contactFields('Noch eine'))).status).toBe(429);
    expect(await team.query("SELECT cause FROM mail_outbox WHERE kind = 'contact-notification' AND cause NOT LIKE ?", [`contact:${id}:%`])).toEqual([]);
  });

  it('deletes messages handled longer ago than the retention setting (10 months here) with their replies, at start-up, once with two workers', async () => {
    const now = Date.now();
    const expired = await insertMessage(team, { subject: 'Handled 13 months ago', createdAt: now - 14 * MONTH, handledAt: now - 13 * MONTH });
    await insertMessage(team, { subject: 'Handled 11 months ago', createdAt: now - 12 * MONTH, handledAt: now - 11 * MONTH });
    await insertMessage(team, { subject: 'Handled 9 months ago', createdAt: now - 10 * MONTH, handledAt: now - 9 * MONTH });
    await insertMessage(team, { subject: 'Never handled', createdAt: now - 20 * MONTH });
    await team.query("INSERT INTO contact_replies (message_id, author_label, body, cause, created_at) VALUES (?, 'x', 'Old reply', ?, ?)", [
      expired,
      `contact:${expired}:reply:old`,
      now - 13 * MONTH,
    ]);
    await team.query(
      "INSERT INTO mail_outbox (cause, kind, recipient, locale, subject, text, html, status) VALUES (?, 'contact-reply', 'old@example.net', 'en', 'Re: old', '', '', 'sent')",
      [`contact:${expired}:reply:old`],
    );
    await team.stop();
    // Restarted with two workers: the worker holding the machine's duties runs the daily job, once per machine.
    restarted = await startTestServer({ HUB_DEMO: '0', HUB_WORKERS: '2', HUB_CONTACT_RETENTION_MONTHS: '10', ...smtp.env }, { sharingWith: team });
    await vi.waitFor(async () => expect(await messageBySubject(restarted!, 'Handled 13 months ago')).toBeUndefined(), { timeout: 20_000, interval: 100 });
    await vi.waitFor(() => expect(restarted!.logs()).toContain('Contact retention: deleted 2 contact message(s) handled more than 10 months ago'), {
      timeout: 20_000,
      interval: 100,
    });
    // Both workers are serving (the server said so before answering); each has had requests.
    for (let i = 0; i < 4; i += 1) expect((await restarted.get('/en/hub/contact')).status).toBe(200);
    expect(restarted.logs().match(/Contact retention: /g)).toHaveLength(1);
    expect(await messageBySubject(restarted, 'Handled 11 months ago')).toBeUndefined();
    expect(await messageBySubject(restarted, 'Handled 9 months ago')).toBeDefined();
    expect(await messageBySubject(restarted, 'Never handled')).toBeDefined();
    expect(await messageBySubject(restarted, 'Presseanfrage')).toBeDefined();
    expect(await restarted.query('SELECT id FROM contact_replies WHERE message_id = ?', [expired])).toEqual([]);
    expect(await outboxFor(restarted, expired)).toEqual([]);
  });
});
