/**
 * Notes on items against the built server (docs/decisions/061): the team writes, edits and
 * deletes notes on any collection's items; a mention mails the person named once per note, in
 * their language, with a link to the item's notes, and is refused for someone who cannot open the
 * item; problems are localized; notes go to the trash with their item, come back with it and are
 * purged with it; and nothing of a note reaches a public page, search, the public API, feeds,
 * calendars, schedule exports, admin exports, edition bundles or webhooks.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { collectionNames, type CollectionName } from '../../src/lib/collections/index.ts';
import { EDITOR_EMAIL, adminClient, useAdminServer, type AdminClient } from '../helpers/admin-client.ts';
import { signUp } from '../helpers/auth.ts';
import {
  createCurator,
  createEdition,
  createEvent,
  createFile,
  createImage,
  createOrganizer,
  createTag,
  createVenue,
  uniqueName,
} from '../helpers/factories.ts';
import { readMailFile } from '../helpers/mail-files.ts';

const SECOND_EDITOR = 'second-editor@admin-tests.example';
const BUSY_EDITOR = 'busy-editor@admin-tests.example';
const running = useAdminServer({
  HUB_DEMO: '0',
  HUB_EDITOR_EMAILS: `${EDITOR_EMAIL},${SECOND_EDITOR},${BUSY_EDITOR}`,
  HUB_MAIL_POLL_MS: '200',
  HUB_WEBHOOK_ALLOW_PRIVATE: '1',
});

interface Note {
  id: number;
  body: string;
  author: { id: string; label: string };
  createdAt: string;
  updatedAt: string;
  edited: boolean;
}

const notesOf = (client: AdminClient, collection: string, id: number) =>
  client.call<{ notes: Note[]; team: { id: string; label: string }[] }>('GET', `/api/admin/notes/${collection}/${id}`);
const addNote = (client: AdminClient, collection: string, id: number, body: unknown) => client.call<Note>('POST', `/api/admin/notes/${collection}/${id}`, body);

async function userId(email: string): Promise<string> {
  const [row] = await running.app.server.query<{ id: string }>('SELECT id FROM auth_users WHERE email = ?', [email]);
  return row!.id;
}

interface OutboxRow {
  id: number;
  recipient: string;
  locale: string;
  subject: string;
  text: string;
}

const mentionMails = () =>
  running.app.server.query<OutboxRow>("SELECT id, recipient, locale, subject, text FROM mail_outbox WHERE kind = 'note-mention' ORDER BY id");
const mailsTo = async (recipient: string) => (await mentionMails()).filter((row) => row.recipient === recipient);

let second: AdminClient;
async function secondEditor(): Promise<AdminClient> {
  second ??= adminClient(running.app.server.origin, await signUp(running.app.server.origin, SECOND_EDITOR));
  return second;
}

describe('writing notes', () => {
  it('adds, lists, edits and deletes a note on an item of every collection, logged as "Note added"', async () => {
    const { editor } = running.app;
    // Every collection the registry declares has an item here: a new collection fails to compile.
    const items: Record<CollectionName, { id: number }> = {
      curators: await createCurator(editor),
      editions: await createEdition(editor),
      events: await createEvent(editor),
      files: await createFile(editor),
      medias: await createImage(editor),
      organizers: await createOrganizer(editor),
      tags: await createTag(editor),
      venues: await createVenue(editor),
    };
    for (const collection of collectionNames) {
      const id = items[collection].id;
      const created = await addNote(editor, collection, id, { body: `  On ${collection}:\r\nsecond line  ` });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({ body: `On ${collection}:\nsecond line`, author: { label: EDITOR_EMAIL }, edited: false });
      const listed = await notesOf(editor, collection, id);
      expect(listed.status).toBe(200);
      expect(listed.body.notes.map((note) => note.id)).toEqual([created.body.id]);
    }

    const eventId = items.events.id;
    const [note] = (await notesOf(editor, 'events', eventId)).body.notes;
    const edited = await editor.call<Note>('PATCH', `/api/admin/notes/${note!.id}`, { body: 'Changed text' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'Changed text', edited: true, createdAt: note!.createdAt });

    const entries = await running.app.server.query<{ entity: string; entity_id: string }>(
      "SELECT entity, entity_id FROM audit_log WHERE action = 'note-add' AND entity = 'event' AND entity_id = ?",
      [String(eventId)],
    );
    expect(entries).toHaveLength(1);
    for (const locale of ['en', 'fr'] as const) {
      const activity = await running.app.admin.request('GET', `/${locale}/admin/activity?collection=events&item=${eventId}`);
      const html = await activity.text();
      expect(html).toContain(getTranslator(locale)('admin.activity.action.note-add'));
      expect(html).not.toContain('admin.activity.action.note-add');
    }

    expect((await editor.request('DELETE', `/api/admin/notes/${note!.id}`)).status).toBe(204);
    expect((await notesOf(editor, 'events', eventId)).body.notes).toEqual([]);
    expect((await editor.call('DELETE', `/api/admin/notes/${note!.id}`)).body).toMatchObject({ status: 404, code: 'NOTE_NOT_FOUND' });
  });

  it('shows the notes on the edit screen, and the team to mention', async () => {
    const { editor, admin } = running.app;
    const event = await createEvent(editor);
    const token = uniqueName('screen').replace(/\W/g, '');
    expect((await addNote(editor, 'events', event.id, { body: `Check ${token}` })).status).toBe(201);
    const html = await (await editor.request('GET', `/de/admin/events/${event.id}`)).text();
    expect(html).toContain('id="notes"');
    expect(html).toContain(getTranslator('de')('admin.notes.heading'));
    expect(html).toContain(token);
    const team = (await notesOf(admin, 'events', event.id)).body.team.map((member) => member.id);
    expect(team).toContain(await userId(EDITOR_EMAIL));
    // Someone without a role cannot open items, so cannot be mentioned.
    expect(team).not.toContain(await userId('visitor@admin-tests.example'));
  });

  it('refuses bad input with localized 4xx problems and keeps what was there', async () => {
    const { editor, admin, anonymous, visitor } = running.app;
    const event = await createEvent(editor);
    const path = `/api/admin/notes/events/${event.id}`;
    for (const body of [{ body: '   ' }, { body: 'x'.repeat(4_001) }, { body: 'ok', extra: 1 }, { body: 42 }, {}]) {
      const refused = await editor.call('POST', path, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body['code']).toBe('VALIDATION_FAILED');
    }
    const french = await editor.request('POST', path, { body: '' }, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(french.headers.get('content-type')).toContain('application/problem+json');
    expect((await french.json()).title).toBe(getTranslator('fr')('admin.error.VALIDATION_FAILED'));
    expect((await editor.request('POST', path, 'not json', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await addNote(editor, 'events', 999_999, { body: 'nowhere' })).status).toBe(404);
    expect((await editor.call('GET', '/api/admin/notes/events/abc')).status).toBe(404);
    expect((await editor.call('PATCH', '/api/admin/notes/0', { body: 'x' })).status).toBe(404);
    // Signed out, without a role, from another site.
    expect((await anonymous.call('GET', path)).status).toBe(401);
    expect((await visitor.call('GET', path)).status).toBe(403);
    expect((await visitor.call('POST', path, { body: 'hi' })).status).toBe(403);
    const crossSite = await editor.request('POST', path, { body: 'hi' }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect((await notesOf(admin, 'events', event.id)).body.notes).toEqual([]);
  });

  it('lets only the author edit a note, the author or an administrator delete it', async () => {
    const { editor, admin } = running.app;
    const event = await createEvent(editor);
    const byEditor = (await addNote(editor, 'events', event.id, { body: 'Editor wrote this' })).body;
    const byAdmin = (await addNote(admin, 'events', event.id, { body: 'Admin wrote this' })).body;

    const notYours = await admin.request('PATCH', `/api/admin/notes/${byEditor.id}`, { body: 'Admin rewrites' }, { 'accept-language': 'de' });
    expect(notYours.status).toBe(403);
    expect(await notYours.json()).toMatchObject({ code: 'NOTE_NOT_YOURS', title: getTranslator('de')('admin.error.NOTE_NOT_YOURS') });
    const denied = await editor.call('DELETE', `/api/admin/notes/${byAdmin.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'notes.moderate' });

    expect((await admin.request('DELETE', `/api/admin/notes/${byEditor.id}`)).status).toBe(204);
    expect((await notesOf(editor, 'events', event.id)).body.notes.map((note) => note.body)).toEqual(['Admin wrote this']);
  });
});

describe('mentions', () => {
  it('mail the person named once per note, in their language, with a link to the item', async () => {
    const { editor, server } = running.app;
    const other = await secondEditor();
    const [adminId, secondId, editorId] = [await userId('admin@admin-tests.example'), await userId(SECOND_EDITOR), await userId(EDITOR_EMAIL)];
    await server.query("UPDATE auth_users SET locale = 'fr' WHERE id = ?", [secondId]);
    const title = uniqueName('Mentioned event');
    const event = await createEvent(editor, { translations: { en: { title } } });
    const adminMailsBefore = (await mailsTo('admin@admin-tests.example')).length;

    const note = await addNote(editor, 'events', event.id, { body: `<@${adminId}> can you check the hall? (and me: <@${editorId}>)` });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const toAdmin = await mailsTo('admin@admin-tests.example');
    expect(toAdmin).toHaveLength(adminMailsBefore + 1);
    const mail = toAdmin.at(-1)!;
    expect(mail.locale).toBe('en');
    expect(mail.subject).toContain(getTranslator('en')('notes.mail.subject', { author: EDITOR_EMAIL, title }));
    expect(mail.text).toContain(`/en/admin/events/${event.id}#notes`);
    expect(mail.text).toContain('@admin can you check the hall?');
    // The author is not mailed about their own note.
    expect(await mailsTo(EDITOR_EMAIL)).toEqual([]);

    // The outbox becomes a file under MAIL_DIR (no SMTP configured), with the link in its text.
    const parsed = await readMailFile(server.dir, mail.id);
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toContain('admin@admin-tests.example');
    expect(parsed.text).toContain(`/en/admin/events/${event.id}#notes`);

    // An edit that keeps the mention mails nobody again; one that adds a person mails them only.
    const edited = await editor.call('PATCH', `/api/admin/notes/${note.body.id}`, { body: `<@${adminId}> and <@${secondId}>: the hall, please` });
    expect(edited.status).toBe(200);
    expect(await mailsTo('admin@admin-tests.example')).toHaveLength(adminMailsBefore + 1);
    const toSecond = await mailsTo(SECOND_EDITOR);
    expect(toSecond).toHaveLength(1);
    expect(toSecond[0]).toMatchObject({ locale: 'fr' });
    expect(toSecond[0]!.subject).toContain(getTranslator('fr')('notes.mail.subject', { author: EDITOR_EMAIL, title }));
    expect(toSecond[0]!.text).toContain(`/fr/admin/events/${event.id}#notes`);

    // Dropping a mention and putting it back does not mail again.
    await editor.call('PATCH', `/api/admin/notes/${note.body.id}`, { body: 'nobody named' });
    await editor.call('PATCH', `/api/admin/notes/${note.body.id}`, { body: `<@${secondId}> again` });
    expect(await mailsTo(SECOND_EDITOR)).toHaveLength(1);
    const rows = await server.query<{ user_id: string }>('SELECT user_id FROM note_mentions WHERE note_id = ? ORDER BY user_id', [note.body.id]);
    expect(rows.map((row) => row.user_id).sort()).toEqual([adminId, secondId].sort());
    // Each note mails on its own.
    expect((await addNote(other, 'events', event.id, { body: `<@${adminId}> one more` })).status).toBe(201);
    expect(await mailsTo('admin@admin-tests.example')).toHaveLength(adminMailsBefore + 2);
  });

  it('refuses a mention of someone who cannot open the item, naming them, and writes nothing', async () => {
    const { editor } = running.app;
    const event = await createEvent(editor);
    const before = (await mentionMails()).length;
    const visitorId = await userId('visitor@admin-tests.example');
    for (const [id, label] of [
      [visitorId, 'visitor'],
      ['no-such-user', null],
    ] as const) {
      const refused = await editor.request('POST', `/api/admin/notes/events/${event.id}`, { body: `<@${id}> look` }, { 'accept-language': 'fr' });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({
        code: 'MENTION_NO_ACCESS',
        title: getTranslator('fr')('admin.error.MENTION_NO_ACCESS'),
        errors: { body: ['MENTION_NO_ACCESS'] },
        mentions: [{ id, label }],
      });
    }
    expect((await notesOf(editor, 'events', event.id)).body.notes).toEqual([]);
    expect(await mentionMails()).toHaveLength(before);
  });
});

describe('the write limit', () => {
  it('answers 429 with Retry-After, in the language asked for, past 30 note writes a minute by one person', async () => {
    const { server, editor } = running.app;
    const busy = adminClient(server.origin, await signUp(server.origin, BUSY_EDITOR));
    const event = await createEvent(editor);
    for (let count = 1; count <= 30; count++) expect((await addNote(busy, 'events', event.id, { body: `Note ${count}` })).status).toBe(201);
    const refused = await busy.request('POST', `/api/admin/notes/events/${event.id}`, { body: 'One too many' }, { 'accept-language': 'de' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'NOTES_RATE_LIMITED', title: getTranslator('de')('admin.error.NOTES_RATE_LIMITED') });
    // Someone else still writes.
    expect((await addNote(running.app.admin, 'events', event.id, { body: 'Still fine' })).status).toBe(201);
    expect((await notesOf(editor, 'events', event.id)).body.notes).toHaveLength(31);
  });
});

describe('the trash', () => {
  it('keeps the notes with a deleted item, brings them back on restore and purges them with it', async () => {
    const { editor, admin, server } = running.app;
    const tag = await createTag(editor);
    const note = (await addNote(admin, 'tags', tag.id, { body: 'Goes with the tag' })).body;
    expect((await admin.request('DELETE', `/api/admin/tags/${tag.id}`)).status).toBe(204);
    expect((await notesOf(editor, 'tags', tag.id)).status).toBe(404);
    expect((await admin.call('PATCH', `/api/admin/notes/${note.id}`, { body: 'while trashed' })).status).toBe(404);

    expect((await admin.call('POST', `/api/admin/trash/tags/${tag.id}/restore`)).status).toBe(200);
    expect((await notesOf(editor, 'tags', tag.id)).body.notes.map((entry) => entry.body)).toEqual(['Goes with the tag']);

    expect((await admin.request('DELETE', `/api/admin/tags/${tag.id}`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/admin/trash/tags/${tag.id}`)).status).toBe(204);
    expect(await server.query('SELECT id FROM notes WHERE collection = ? AND item_id = ?', ['tags', tag.id])).toEqual([]);
  });
});

describe('notes never leave the admin', () => {
  it('reach no public page, search, public API, feed, calendar, schedule export, admin export, bundle or webhook', async () => {
    const { editor, admin, server } = running.app;
    const hook = await admin.call('POST', '/api/admin/webhooks', {
      url: 'http://127.0.0.1:9/notes-leak',
      events: ['event.published', 'event.updated', 'edition.updated'],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const secret = `zq${uniqueName('secret').replace(/\W/g, '').toLowerCase()}`;
    const edition = await createEdition(editor, { status: 'published' });
    const event = await createEvent(editor, { status: 'published', editionId: edition.id, translations: { en: { title: `Public ${secret.slice(0, 4)}` } } });
    for (const [collection, id] of [
      ['events', event.id],
      ['editions', edition.id],
    ] as const) {
      expect((await addNote(admin, collection, id, { body: `Internal ${secret} for ${collection}` })).status).toBe(201);
    }
    // A later public change of both: their webhooks are queued after the notes were written.
    const patched = await editor.call('PATCH', `/api/admin/events/${event.id}`, {
      version: event.version,
      translations: { en: { title: `Renamed ${secret.slice(0, 4)}` } },
    });
    expect(patched.status).toBe(200);
    expect(
      (await editor.call('PATCH', `/api/admin/editions/${edition.id}`, { version: edition.version, translations: { en: { title: 'Edition renamed' } } }))
        .status,
    ).toBe(200);

    const deliveries = await server.query<{ event_type: string; payload: string }>(
      'SELECT event_type, payload FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id',
      [hook.body.id],
    );
    expect(deliveries.map((row) => row.event_type)).toEqual(expect.arrayContaining(['event.published', 'event.updated', 'edition.updated']));
    for (const row of deliveries) expect(row.payload).not.toContain(secret);

    const slug = String(event['slug']);
    const editionSlug = String(edition['slug']);
    const publicPaths = [
      `/en/hub/event/${slug}`,
      `/en/hub/event/${slug}/calendar.ics`,
      `/en/hub/edition/${editionSlug}`,
      `/en/hub/edition/${editionSlug}/calendar.ics`,
      `/en/hub/edition/${editionSlug}/schedule.json`,
      `/en/hub/edition/${editionSlug}/schedule.xml`,
      '/en/hub/feed.xml',
      '/en/hub/calendar.ics',
      `/api/public/v1/events/${event.id}`,
      `/api/public/v1/editions/${edition.id}`,
      '/api/public/v1/events',
    ];
    for (const path of publicPaths) {
      const { status, body } = await server.html(path);
      expect(status, path).toBe(200);
      expect(body, path).not.toContain(secret);
    }
    // Search echoes the words asked for, so it is checked by its hits: the note's words find nothing.
    const search = await server.html(`/en/hub/search?q=${secret}`);
    expect(search.body).toContain(getTranslator('en')('hub.search.noResults', { query: secret }));
    expect(search.body).not.toContain(`/en/hub/event/${slug}`);
    expect((await server.html(`/en/hub/search?q=${secret.slice(0, 4)}`)).body).toContain(`/en/hub/event/${slug}`);
    // The event is on them: the check above looked where it would show.
    expect((await server.html(`/en/hub/event/${slug}`)).body).toContain(`Renamed ${secret.slice(0, 4)}`);

    // Admin downloads, each checked to hold the item it is about.
    const renamed = `Renamed ${secret.slice(0, 4)}`;
    const adminDownloads: [string, string][] = [
      ['/api/admin/events/export?format=json', renamed],
      ['/api/admin/events/export?format=csv', renamed],
      ['/api/admin/editions/export?format=json', 'Edition renamed'],
      [`/api/admin/editions/${edition.id}/bundle`, renamed],
      [`/api/admin/events/${event.id}`, renamed],
    ];
    for (const [path, marker] of adminDownloads) {
      const response = await admin.request('GET', path);
      expect(response.status, path).toBe(200);
      // The bundle is a gzipped tar: its JSON reads as text once unzipped.
      const bytes = Buffer.from(await response.arrayBuffer());
      const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
      expect(text, path).toContain(marker);
      expect(text, path).not.toContain(secret);
    }
  });
});
