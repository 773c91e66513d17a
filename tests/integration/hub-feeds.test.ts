/**
 * Machine-readable outputs read back: iCalendar downloads and feeds, RSS, sitemap, robots.txt,
 * and the media/files routes (variants, caching headers, downloads, refusals).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClient } from '../helpers/admin-client.ts';
import { createEdition, createEvent, createFile, createImage, createTag, createUser } from '../helpers/factories.ts';
import { findAll, parseIcs, parseXml, textOf } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { publicSql } from '../helpers/visibility.ts';

let server: TestServer;
interface EventRow {
  id: number;
  slug: string;
  starts_at: number;
  ends_at: number;
  time_zone: string;
  title: string;
  edition_id: number | null;
}

// The demo content fills the feeds and the sitemap; the calendar tests add the events they assert on.
let admin: AdminClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, 'admin');
});
afterAll(() => server?.stop());

const publicEvents = () =>
  server.query<EventRow>(`SELECT e.id, e.slug, e.starts_at, e.ends_at, e.time_zone, e.edition_id, coalesce(f.title, d.title) AS title FROM events e
    LEFT JOIN event_translations f ON f.event_id = e.id AND f.locale = 'fr'
    JOIN event_translations d ON d.event_id = e.id AND d.locale = 'en' WHERE ${publicSql('e')}`);

describe('iCalendar', () => {
  it('downloads one event with a stable UID and exact UTC times', async () => {
    const event = await createEvent(admin, {
      status: 'published',
      startsAt: '2031-06-12T19:30:00+02:00',
      endsAt: '2031-06-12T22:00:00+02:00',
      timeZone: 'Europe/Paris',
      translations: { en: { title: 'Night of Organs' }, fr: { title: 'Nuit des orgues' } },
    });
    const response = await server.get(`/fr/hub/event/${event.slug}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${event.slug}.ics"`);
    const { calendar, events } = parseIcs(await response.text());
    expect(calendar.VERSION).toBe('2.0');
    expect(events).toHaveLength(1);
    const [vevent] = events;
    expect(vevent!.UID).toBe(`event-${event.id}@edition-hub`);
    expect(vevent!.DTSTART).toBe('20310612T173000Z');
    expect(vevent!.DTEND).toBe('20310612T200000Z');
    expect(vevent!.SUMMARY).toBe('Nuit des orgues');
    expect(vevent!.DESCRIPTION).toContain('Europe/Paris');
    expect(vevent!.URL).toMatch(new RegExp(`/fr/hub/event/${event.slug}$`));
    // The same event keeps its UID in another locale.
    const en = parseIcs(await (await server.get(`/en/hub/event/${event.slug}/calendar.ics`)).text());
    expect(en.events[0]!.UID).toBe(vevent!.UID);
    expect(en.events[0]!.SUMMARY).toBe('Night of Organs');
  });

  it('exports any filtered hub view with the same events as the page', async () => {
    const tag = await createTag(admin);
    const published = { status: 'published', tagIds: [tag.id] };
    const past = await createEvent(admin, { ...published, startsAt: '2021-05-01T18:00:00Z', endsAt: '2021-05-01T20:00:00Z' });
    const upcoming = await createEvent(admin, published);
    await createEvent(admin, { tagIds: [tag.id] });
    await createEvent(admin, { status: 'published' });
    const uid = (event: { id: number }) => `event-${event.id}@edition-hub`;

    const all = parseIcs(await (await server.get(`/fr/hub/calendar.ics?tag=${tag.slug}&when=all`)).text()).events;
    expect(all.map((e) => e.UID).sort()).toEqual([uid(past), uid(upcoming)].sort());
    const soon = parseIcs(await (await server.get(`/fr/hub/calendar.ics?tag=${tag.slug}`)).text()).events;
    expect(soon.map((e) => e.UID)).toEqual([uid(upcoming)]);
  });

  it('exports an edition as a subscribable calendar', async () => {
    const edition = await createEdition(admin, { status: 'published', translations: { en: { title: 'Summer Nights' }, de: { title: 'Sommernächte' } } });
    const inside = await Promise.all([1, 2].map(() => createEvent(admin, { status: 'published', editionId: edition.id })));
    await createEvent(admin, { editionId: edition.id });
    const { calendar, events } = parseIcs(await (await server.get(`/de/hub/edition/${edition.slug}/calendar.ics`)).text());
    expect(events.map((e) => e.UID).sort()).toEqual(inside.map((e) => `event-${e.id}@edition-hub`).sort());
    expect(calendar['X-WR-CALNAME']).toBe('Sommernächte');
  });
});

describe('RSS', () => {
  it('lists the newest public events with guids and localized titles', async () => {
    const response = await server.get('/fr/hub/feed.xml');
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const doc = parseXml(await response.text());
    const channel = findAll(doc, 'channel')[0]!;
    expect(textOf(findAll(channel, 'language')[0])).toBe('fr-FR');
    const items = findAll(channel, 'item');
    expect(items).toHaveLength(30);
    const events = await publicEvents();
    const byId = new Map(events.map((e) => [e.id, e]));
    const dates = items.map((item) => Date.parse(textOf(findAll(item, 'pubDate')[0])));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const item of items) {
      const guid = textOf(findAll(item, 'guid')[0]);
      const id = Number(/^event-(\d+)@edition-hub$/.exec(guid)?.[1]);
      const event = byId.get(id);
      expect(event, guid).toBeDefined();
      expect(textOf(findAll(item, 'title')[0])).toBe(event!.title);
      expect(textOf(findAll(item, 'link')[0])).toMatch(new RegExp(`/fr/hub/event/${event!.slug}$`));
    }
  });
});

describe('sitemap and robots', () => {
  it('lists exactly the public pages, each locale with a translation, with alternates', async () => {
    const doc = parseXml(await (await server.get('/sitemap.xml')).text());
    const urls = findAll(doc, 'url');
    const locs = urls.map((url) => new URL(textOf(findAll(url, 'loc')[0])).pathname).sort();
    const expected: string[] = [];
    for (const locale of ['en', 'fr', 'de']) {
      expected.push(
        `/${locale}`,
        `/${locale}/hub`,
        `/${locale}/hub/about`,
        `/${locale}/hub/contact`,
        `/${locale}/hub/privacy-policy`,
        `/${locale}/hub/terms-and-conditions`,
      );
    }
    const events = await server.query<{ slug: string; locale: string }>(
      `SELECT e.slug, t.locale FROM events e JOIN event_translations t ON t.event_id = e.id WHERE ${publicSql('e')}`,
    );
    const editions = await server.query<{ slug: string; locale: string }>(
      `SELECT e.slug, t.locale FROM editions e JOIN edition_translations t ON t.edition_id = e.id WHERE ${publicSql('e')}`,
    );
    expected.push(
      ...events.map((r) => `/${r.locale}/hub/event/${r.slug}`),
      ...editions.flatMap((r) => [`/${r.locale}/hub/edition/${r.slug}`, `/${r.locale}/hub/edition/${r.slug}/schedule`]),
    );
    expect(locs).toEqual(expected.sort());

    const [missing] = await server.query<{ slug: string }>(`SELECT e.slug FROM events e WHERE ${publicSql('e')}
      AND NOT EXISTS (SELECT 1 FROM event_translations t WHERE t.event_id = e.id AND t.locale = 'de') LIMIT 1`);
    const entry = urls.find((url) => textOf(findAll(url, 'loc')[0]).endsWith(`/en/hub/event/${missing!.slug}`))!;
    const hreflangs = findAll(entry, 'xhtml:link')
      .map((link) => link.attributes!.hreflang)
      .sort();
    expect(hreflangs).toEqual(['en', 'fr', 'x-default']);
  });

  it('robots.txt points at the sitemap and keeps crawlers out of the admin', async () => {
    const text = await (await server.get('/robots.txt')).text();
    expect(text).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
    expect(text).toContain('Disallow: /*/admin');
  });
});

describe('media and files', () => {
  it('serves registered images and generated variants, immutable, with ETag and 304', async () => {
    const photo = await createImage(admin, {}, 'jpeg');
    const [media] = await server.query<{ storage_key: string; sha256: string }>('SELECT storage_key, sha256 FROM medias WHERE id = ?', [photo.id]);
    const original = await server.get(`/media/${media!.storage_key}`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    expect(original.headers.get('etag')).toBe(`"${media!.sha256}"`);

    const variant = await server.get(`/media/${media!.storage_key}?w=320&fm=webp`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    const bytes = new Uint8Array(await variant.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP');
    const etag = variant.headers.get('etag')!;
    const again = await server.get(`/media/${media!.storage_key}?w=320&fm=webp`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('refuses unknown keys, traversal and unsupported variants', async () => {
    const [media] = await server.query<{ storage_key: string }>('SELECT storage_key FROM medias WHERE id = ?', [(await createImage(admin)).id]);
    const [file] = await server.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = ?', [(await createFile(admin)).id]);
    expect((await server.get(`/media/${media!.storage_key}?w=333&fm=webp`)).status).toBe(400);
    expect((await server.get(`/media/${media!.storage_key}?fm=png&w=320`)).status).toBe(400);
    // Files are not images and images are not downloads; unknown and encoded-traversal keys do not exist.
    for (const path of [
      `/media/${file!.storage_key}`,
      '/media/..%2f..%2fhub.db',
      `/media/${'0'.repeat(2)}/${'0'.repeat(64)}.jpg`,
      '/files/..%2Fhub.db',
      `/files/${media!.storage_key}`,
    ]) {
      const response = await server.get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('application/problem+json');
    }
    // A literal `..` is resolved by the URL parser before routing: it never reaches the media route.
    expect((await server.get('/media/../../hub.db')).status).toBe(404);
  });

  it('serves files as attachments under their original name', async () => {
    const created = await createFile(admin, 'Programme d’été 2031.pdf');
    const [file] = await server.query<{ storage_key: string; byte_size: number }>('SELECT storage_key, byte_size FROM files WHERE id = ?', [created.id]);
    const response = await server.get(`/files/${file!.storage_key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Programme d’été 2031.pdf')}`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await response.arrayBuffer()).byteLength).toBe(file!.byte_size);
  });
});
