/**
 * The admin JSON API against the built server, per collection: create → read → list/search →
 * update → delete, slugs (generated, transliterated, collisions with a suggestion), optimistic
 * concurrency (two concurrent updates → exactly one 409), one transaction per write (a dangling
 * relation rolls everything back) and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { startAdminServer, EDITOR_EMAIL, type AdminServer } from '../helpers/admin-client.ts';
import { createTag } from '../helpers/factories.ts';

let app: AdminServer;
let db: Database;

beforeAll(async () => {
  app = await startAdminServer({ HUB_DEMO: '0' });
  db = await openDatabase({ url: app.server.databaseUrl });
});
afterAll(async () => {
  db?.$client.close();
  await app?.server.stop();
});

const event = (title: string, extra: Record<string, unknown> = {}) => ({
  startsAt: '2031-03-05T18:30:00+01:00',
  endsAt: '2031-03-05T21:00:00+01:00',
  timeZone: 'Europe/Berlin',
  venueAddress: 'Halle 2, Berlin',
  translations: { en: { title } },
  ...extra,
});

const cases = [
  {
    collection: 'tags',
    create: { translations: { en: { label: 'Field Recordings' }, fr: { label: 'Enregistrements' } } },
    slug: 'field-recordings',
    title: 'Field Recordings',
    search: 'recordings',
    patch: { translations: { de: { label: 'Feldaufnahmen' } } },
    changed: 'translations.de.label',
  },
  {
    collection: 'curators',
    create: { name: 'Zoë Ångström', links: [{ label: 'Site', url: 'https://zoe.example' }], translations: { en: { shortBio: 'Sound artist' } } },
    slug: 'zoe-angstroem',
    title: 'Zoë Ångström',
    search: 'Angstrom',
    patch: { name: 'Zoë Ångström-Berg' },
    changed: 'name',
  },
  {
    collection: 'organizers',
    create: { name: 'Kollektiv Süd', kind: 'organisation', websiteUrl: 'https://sued.example', translations: { de: { description: 'Ein Kollektiv' } } },
    slug: 'kollektiv-sued',
    title: 'Kollektiv Süd',
    search: 'Kollektiv',
    patch: { websiteUrl: 'https://kollektiv-sued.example' },
    changed: 'websiteUrl',
  },
  {
    collection: 'editions',
    create: {
      startsAt: '2031-01-10T00:00:00Z',
      endsAt: '2031-02-20T00:00:00Z',
      timeZone: 'Europe/Vienna',
      translations: { en: { title: 'Winter Salon 2031' } },
    },
    slug: 'winter-salon-2031',
    title: 'Winter Salon 2031',
    search: 'salon',
    patch: { translations: { fr: { title: 'Salon d’hiver 2031' } } },
    changed: 'translations.fr.title',
  },
  {
    collection: 'events',
    create: event('Été à Zürich: Œuvres pour piano'),
    slug: 'ete-a-zuerich-oeuvres-pour-piano',
    title: 'Été à Zürich: Œuvres pour piano',
    search: 'zurich',
    patch: { onlineUrl: 'https://stream.example/piano' },
    changed: 'onlineUrl',
  },
] as const;

describe.each(cases)('$collection', (item) => {
  const base = `/api/admin/${item.collection}`;
  let id: number;
  let version: number;

  it('creates an item with a transliterated slug and reports translation completeness', async () => {
    const { status, body, headers } = await app.editor.call('POST', base, item.create);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(headers.get('location')).toBe(`${base}/${body.id}`);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(body).toMatchObject({ slug: item.slug, version: 1 });
    expect(Object.keys(body.locales).sort()).toEqual(['de', 'en', 'fr']);
    id = body.id;
    version = body.version;
  });

  it('reads it back and finds it in the list by search, with a total', async () => {
    const read = await app.editor.call('GET', `${base}/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(id);
    const list = await app.editor.call('GET', `${base}?q=${encodeURIComponent(item.search)}&limit=100`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, limit: 100 });
    const found = list.body.items.find((candidate: { id: number }) => candidate.id === id);
    expect(found, `${item.collection} search for ${item.search}`).toMatchObject({ title: item.title });
    expect(list.body.total).toBe(1);
  });

  it('updates it with the version it read, bumping the version and auditing the changed fields', async () => {
    const { status, body } = await app.editor.call('PATCH', `${base}/${id}`, { version, ...item.patch });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.version).toBe(version + 1);
    const [entry] = await db.$client
      .execute({
        sql: 'SELECT * FROM audit_log WHERE entity = ? AND entity_id = ? AND action = ? AND actor_label = ? ORDER BY id DESC LIMIT 1',
        args: [item.collection.replace(/s$/, ''), String(id), 'update', EDITOR_EMAIL],
      })
      .then((result) => result.rows);
    expect(entry?.['entity']).toBe(item.collection.replace(/s$/, ''));
    expect(JSON.parse(String(entry?.['changed_fields']))).toContain(item.changed);
  });

  it('deletes it; then it is gone and the deletion is audited', async () => {
    const response = await app.editor.request('DELETE', `${base}/${id}`);
    expect(response.status).toBe(204);
    expect((await app.editor.call('GET', `${base}/${id}`)).status).toBe(404);
    const rows = await db.$client.execute({
      sql: "SELECT actor_id, action FROM audit_log WHERE entity = ? AND entity_id = ? AND action = 'delete'",
      args: [item.collection.replace(/s$/, ''), String(id)],
    });
    expect(rows.rows).toHaveLength(1);
  });
});

describe('slugs', () => {
  it('answers 409 with a free suggestion when a typed slug is taken, and accepts the suggestion', async () => {
    await createTag(app.editor, { slug: 'chamber-music', translations: { en: { label: 'Chamber music' } } });
    const taken = await app.editor.call('POST', '/api/admin/tags', { slug: 'chamber-music', translations: { en: { label: 'Chamber music again' } } });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'SLUG_TAKEN', suggestion: 'chamber-music-2', errors: { slug: ['SLUG_TAKEN'] } });
    const retry = await app.editor.call('POST', '/api/admin/tags', { slug: taken.body.suggestion, translations: { en: { label: 'Chamber music again' } } });
    expect(retry.status).toBe(201);
    expect(retry.body.slug).toBe('chamber-music-2');
  });

  it('gives a generated slug the next free suffix, and refuses renaming onto a taken slug', async () => {
    const first = await app.editor.call('POST', '/api/admin/events', event('Twin Title'));
    const second = await app.editor.call('POST', '/api/admin/events', event('Twin Title'));
    expect([first.body.slug, second.body.slug]).toEqual(['twin-title', 'twin-title-2']);
    const rename = await app.editor.call('PATCH', `/api/admin/events/${second.body.id}`, { version: 1, slug: 'twin-title' });
    expect(rename.status).toBe(409);
    // The item's own slug is free for it, and the first free one.
    expect(rename.body.suggestion).toBe('twin-title-2');
  });
});

describe('concurrency', () => {
  it('lets exactly one of two concurrent updates of the same version win; the other gets 409 with the current item', async () => {
    const created = await app.editor.call('POST', '/api/admin/events', event('Race'));
    const path = `/api/admin/events/${created.body.id}`;
    const [a, b] = await Promise.all([
      app.editor.call('PATCH', path, { version: 1, translations: { en: { summary: 'from A' } } }),
      app.admin.call('PATCH', path, { version: 1, translations: { en: { summary: 'from B' } } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
    expect(loser.body.code).toBe('VERSION_CONFLICT');
    expect(loser.body.current).toMatchObject({ version: 2, translations: { en: { summary: winner.body.translations.en.summary } } });
    const stored = await app.editor.call('GET', path);
    expect(stored.body.translations.en.summary).toBe(winner.body.translations.en.summary);
    expect(stored.body.version).toBe(2);
  });
});

describe('one transaction per write', () => {
  it('rolls back the row, its texts and the audit entry when a relation id dangles', async () => {
    const count = async () => {
      const result = await db.$client.execute(
        "SELECT (SELECT count(*) FROM events) AS e, (SELECT count(*) FROM event_translations) AS t, (SELECT count(*) FROM audit_log) AS a, (SELECT count(*) FROM search_fts WHERE entity_type = 'event') AS s",
      );
      return result.rows[0];
    };
    const tag = await createTag(app.editor);
    const before = await count();
    const failed = await app.editor.call('POST', '/api/admin/events', event('Rolled Back', { tagIds: [tag.id, 987654] }));
    expect(failed.status).toBe(422);
    expect(failed.body.errors).toEqual({ 'tagIds.1': ['DANGLING_REFERENCE'] });
    expect(await count()).toEqual(before);
    // The slug was never taken either.
    const again = await app.editor.call('POST', '/api/admin/events', event('Rolled Back'));
    expect(again.body.slug).toBe('rolled-back');
  });

  it('keeps the previous state when an update fails halfway through its relations', async () => {
    const [kept, other] = await Promise.all([createTag(app.editor), createTag(app.editor)]);
    const created = await app.editor.call('POST', '/api/admin/events', event('Keeps Tags', { tagIds: [kept.id] }));
    const failed = await app.editor.call('PATCH', `/api/admin/events/${created.body.id}`, {
      version: 1,
      translations: { fr: { title: 'Garde ses tags' } },
      tagIds: [other.id, 876543],
    });
    expect(failed.status).toBe(422);
    const stored = await app.editor.call('GET', `/api/admin/events/${created.body.id}`);
    expect(stored.body).toMatchObject({ version: 1, tagIds: [kept.id] });
    expect(stored.body.translations.fr).toBeUndefined();
  });
});
