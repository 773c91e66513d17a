/**
 * The personal agenda and the embeds, through the built server: the agenda page and its calendar
 * read from `?events=<ids>` (validated, canonical, cached), the star's JavaScript stays within its
 * budget and off the pages that have no star, and only embed pages may be framed, by the origins
 * HUB_EMBED_ORIGINS names.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClient } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createEdition, createEvent, createTag, createUser, type Created } from '../helpers/factories.ts';
import { decodeEntities, parseIcs } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const EMBED_ORIGINS = 'https://festival.example, https://partner.example:8443';

let server: TestServer;
/** Calendar UIDs and feed GUIDs name the site's host (from PUBLIC_SITE_URL, here the test server's). */
const uidHost = () => new URL(server.origin).hostname;
let admin: AdminClient;
let edition: Created;
let tag: Created;
/** Three public events of the edition over two days (given out of order), one draft, one of another edition. */
let early: Created;
let late: Created;
let nextDay: Created;
let draft: Created;
let outside: Created;

beforeAll(async () => {
  server = await startTestServer({ HUB_EMBED_ORIGINS: EMBED_ORIGINS, HUB_DEMO: '0' });
  admin = await createUser(server, 'admin');
  edition = await createEdition(admin, { status: 'published' });
  tag = await createTag(admin);
  const at = (day: number, hour: number) => ({
    startsAt: `2031-03-${day}T${hour}:00:00+01:00`,
    endsAt: `2031-03-${day}T${hour + 1}:30:00+01:00`,
  });
  late = await createEvent(admin, { status: 'published', editionId: edition.id, ...at(10, 20), translations: { en: { title: 'Agenda late show' } } });
  nextDay = await createEvent(admin, {
    status: 'published',
    editionId: edition.id,
    tagIds: [tag.id],
    ...at(11, 18),
    translations: { en: { title: 'Agenda next day' }, fr: { title: 'Agenda lendemain' } },
  });
  early = await createEvent(admin, { status: 'published', editionId: edition.id, ...at(10, 14), translations: { en: { title: 'Agenda early show' } } });
  draft = await createEvent(admin, { editionId: edition.id, ...at(10, 16), translations: { en: { title: 'Agenda draft' } } });
  outside = await createEvent(admin, { status: 'published', tagIds: [tag.id], ...at(12, 18), translations: { en: { title: 'Agenda elsewhere' } } });
});
afterAll(() => server?.stop());

const sorted = (...items: Created[]) =>
  items
    .map((item) => item.id)
    .sort((a, b) => a - b)
    .join(',');

describe('agenda page', () => {
  it('lists the named public events by day, with their calendar and a share link', async () => {
    const ids = `${sorted(early, late, nextDay, draft)},999999`;
    const { status, body, headers } = await server.html(`/en/hub/agenda?events=${ids}`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toMatch(/public/);
    // Two days, in date order; the draft and the unknown id are left out and counted.
    const days = [...body.matchAll(/<time datetime="(2031-03-\d\d)">/g)].map((m) => m[1]);
    expect([...new Set(days)]).toEqual(['2031-03-10', '2031-03-11']);
    const order = ['Agenda early show', 'Agenda late show', 'Agenda next day'].map((title) => body.indexOf(title));
    expect(order.every((position) => position > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(body).not.toContain('Agenda draft');
    expect(body).toContain('3 events in this agenda');
    expect(body).toContain('2 saved events are no longer published');
    const calendar = `/en/hub/agenda/calendar.ics?events=${ids}`;
    expect(decodeEntities(body)).toContain(`href="${calendar}"`);
    expect(decodeEntities(body)).toContain(`href="webcal://${new URL(server.origin).host}${calendar}"`);
    expect(decodeEntities(body)).toContain(`value="${server.origin}/en/hub/agenda?events=${ids}"`);
    // Each row carries its star.
    expect(body).toContain(`data-star="${early.id}"`);
    const again = await server.get(`/en/hub/agenda?events=${ids}`);
    expect(cacheState(again)).toBe('HIT');
  });

  it('redirects another order or duplicates to the canonical list, and shows the empty state without one', async () => {
    const response = await server.get(`/fr/hub/agenda?events=${nextDay.id},${early.id},${nextDay.id}`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`/fr/hub/agenda?events=${sorted(early, nextDay)}`);
    const fr = await server.html(`/fr/hub/agenda?events=${sorted(early, nextDay)}`);
    expect(fr.body).toContain('Agenda lendemain');

    const empty = await server.html('/en/hub/agenda');
    expect(empty.status).toBe(200);
    expect(empty.body).toContain('Your agenda is empty');
    expect(empty.body).not.toContain('calendar.ics');
  });

  it('answers a malformed list with a localized 400 that no cache keeps', async () => {
    for (const query of ['events=abc', 'events=', 'events=1,,2', `events=${early.id}&tag=x`]) {
      const { status, body, headers } = await server.html(`/de/hub/agenda?${query}`);
      expect(status, query).toBe(400);
      expect(body).toContain('Dieser Link zur Merkliste ist ungültig');
      expect(headers.get('cache-control')).toMatch(/no-store/);
    }
  });

  it('shows the times in the zone `tz` asks for and keeps it in its links; an unknown zone is answered like on every hub page', async () => {
    const ids = sorted(early, nextDay);
    const { status, body } = await server.html(`/en/hub/agenda?events=${ids}&tz=Asia/Tokyo`);
    expect(status).toBe(200);
    expect(body).not.toContain('This agenda link is not valid');
    // 14:00 in Paris (UTC+1) is 22:00 in Tokyo; 18:00 the next day is 02:00 on the 12th.
    const text = decodeEntities(body);
    expect(text).toContain('22:00');
    expect(text).toContain('2031-03-12');
    expect(text).toContain('Times are shown in your chosen time zone: Asia/Tokyo.');
    expect(text).toContain(`value="${server.origin}/en/hub/agenda?events=${ids}&tz=Asia%2FTokyo"`);
    expect(text).toContain(`href="/en/hub/event/`);
    expect(text).toMatch(/href="\/en\/hub\/event\/[^"]+\?tz=Asia%2FTokyo"/);
    expect(text).toMatch(/href="\/en\/hub\/time-zone\?from=[^"]*agenda/);

    const moved = await server.get(`/en/hub/agenda?tz=Asia/Tokyo&events=${nextDay.id},${early.id}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/en/hub/agenda?events=${ids}&tz=Asia%2FTokyo`);

    const unknown = await server.html(`/fr/hub/agenda?events=${ids}&tz=Mars/Olympus`);
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('cache-control')).toMatch(/no-store/);
    expect(unknown.body).toContain('Agenda lendemain');
    expect(unknown.body).not.toContain('Ce lien d’agenda n’est pas valide');
    expect(decodeEntities(unknown.body)).toContain('Mars/Olympus');
  });
});

describe('agenda calendar', () => {
  it('holds exactly the public events named, in their zone', async () => {
    const ids = sorted(early, late, nextDay, draft);
    const response = await server.get(`/en/hub/agenda/calendar.ics?events=${ids}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/public/);
    expect(response.headers.get('etag')).toBeTruthy();
    const { calendar, events } = parseIcs(await response.text());
    expect(calendar['X-WR-CALNAME']).toContain('My agenda');
    expect(events.map((event) => event.UID)).toEqual([early, late, nextDay].map((event) => `event-${event.id}@${uidHost()}`));
    expect(events[0]!.DTSTART).toBe('20310310T140000');
    expect(cacheState(await server.get(`/en/hub/agenda/calendar.ics?events=${ids}`))).toBe('HIT');
  });

  it('refuses garbage with 400 problem+json and redirects a non-canonical list', async () => {
    const tooMany = Array.from({ length: 101 }, (_, index) => index + 1).join(',');
    for (const query of [
      '',
      '?events=',
      '?events=abc',
      '?events=0',
      '?events=-1',
      '?events=1;2',
      '?events=1,,2',
      `?events=${tooMany}`,
      '?events=1&events=2',
      '?events=1&x=1',
    ]) {
      const response = await server.get(`/fr/hub/agenda/calendar.ics${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const problem = (await response.json()) as { code: string; title: string; errors: Record<string, string[]> };
      expect(problem.code).toBe('INVALID_EVENTS');
      expect(problem.title).toContain('numéros');
      expect(problem.errors).toEqual({ events: ['INVALID'] });
    }
    const redirect = await server.get(`/en/hub/agenda/calendar.ics?events=${early.id},${late.id}`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe(`/en/hub/agenda/calendar.ics?events=${sorted(early, late)}`);
    // Unknown ids are no error: an old agenda still opens (as an empty calendar).
    const stale = await server.get('/en/hub/agenda/calendar.ics?events=999998,999999');
    expect(stale.status).toBe(200);
    expect(parseIcs(await stale.text()).events).toEqual([]);
  });
});

/** Every script a page loads (inline and module, with the modules they import), gzipped, in bytes. */
async function gzippedScriptBytes(html: string): Promise<{ bytes: number; files: string[] }> {
  const pending = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/application\/ld\+json/.test(m[1]!));
  let total = 0;
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const [, attributes, inline] of pending) {
    const src = /\bsrc="([^"]+)"/.exec(attributes!)?.[1];
    if (src) queue.push(src);
    else {
      total += gzipSync(inline!).length;
      for (const m of inline!.matchAll(/(?:from|import)\s*"([^"]+\.js)"/g)) queue.push(new URL(m[1]!, `${server.origin}/_astro/`).pathname);
    }
  }
  while (queue.length) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await server.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status, path).toBe(200);
    const text = await response.text();
    total += gzipSync(text).length;
    for (const m of text.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g)) queue.push(new URL(m[1]!, `${server.origin}${path}`).pathname);
  }
  return { bytes: total, files: [...seen] };
}

describe('star JavaScript', () => {
  it('stays under 10 KB gzipped on every page with stars, and pages without stars load none', async () => {
    const pages = [
      '/en/hub',
      '/en/hub?view=list',
      `/en/hub/event/${early.slug}`,
      `/en/hub/edition/${edition.slug}`,
      `/en/hub/agenda?events=${early.id}`,
      '/en/hub/agenda',
    ];
    for (const page of pages) {
      const { status, body } = await server.html(page);
      expect(status, page).toBe(200);
      const { bytes, files } = await gzippedScriptBytes(body);
      expect(files.length, page).toBeGreaterThan(0);
      expect(bytes, page).toBeGreaterThan(200);
      expect(bytes, page).toBeLessThanOrEqual(10 * 1024);
    }
    const event = await server.html(`/en/hub/event/${early.slug}`);
    // Without JavaScript the star is a plain link to the agenda of this one event.
    expect(event.body).toContain(`href="/en/hub/agenda?events=${early.id}"`);
    expect(event.body).toMatch(/<button type="button" class="star-button[^"]*" aria-pressed="false" hidden/);
    for (const page of ['/en/hub/search?q=agenda', `/en/embed/events?edition=${edition.slug}&when=all`, `/en/embed/event/${early.slug}`]) {
      const { status, body } = await server.html(page);
      expect(status, page).toBe(200);
      expect((await gzippedScriptBytes(body)).files, page).toEqual([]);
      expect(body, page).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    }
  });
});

describe('embeds', () => {
  const framing = (headers: Headers) => /frame-ancestors ([^;]*)/.exec(headers.get('content-security-policy') ?? '')?.[1];

  it('are framable by HUB_EMBED_ORIGINS only, while every other page refuses framing, also from the cache', async () => {
    for (const path of [`/en/embed/events?edition=${edition.slug}&when=all`, `/fr/embed/event/${early.slug}`]) {
      for (const round of [1, 2]) {
        const response = await server.get(path);
        expect(response.status, path).toBe(200);
        if (round === 2) expect(cacheState(response), path).toBe('HIT');
        expect(framing(response.headers), path).toBe('https://festival.example https://partner.example:8443');
        expect(response.headers.get('x-frame-options'), path).toBeNull();
      }
    }
    for (const path of ['/en/hub', `/en/hub/event/${early.slug}`, `/en/hub/agenda?events=${early.id}`]) {
      for (const round of [1, 2]) {
        const response = await server.get(path);
        if (round === 2) expect(cacheState(response), path).toBe('HIT');
        expect(framing(response.headers), path).toBe("'none'");
        expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      }
    }
  });

  it('list the events of the hub filters, open links in a new tab, and canonicalize the query', async () => {
    const byEdition = await server.html(`/en/embed/events?edition=${edition.slug}&when=all`);
    expect(byEdition.body).toContain('<base target="_blank">');
    for (const title of ['Agenda early show', 'Agenda late show', 'Agenda next day']) expect(byEdition.body).toContain(title);
    expect(byEdition.body).not.toContain('Agenda elsewhere');
    expect(byEdition.body).not.toContain('Agenda draft');
    expect(byEdition.body).toContain(`href="/en/hub/event/${early.slug}"`);

    const byTag = await server.html(`/en/embed/events?tag=${tag.slug}&when=all`);
    expect(byTag.body).toContain('Agenda next day');
    expect(byTag.body).toContain(`href="/en/hub/event/${outside.slug}"`);
    expect(byTag.body).not.toContain('Agenda early show');

    const redirect = await server.get(`/en/embed/events?when=all&page=2&view=list&tag=${tag.slug}`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe(`/en/embed/events?tag=${tag.slug}&when=all`);
    expect((await server.get('/en/embed/event/no-such-event')).status).toBe(404);
    const post = await server.get(`/en/embed/event/${early.slug}`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await server.get(`/en/embed/event/${draft.slug}`)).status).toBe(404);
  });

  it('hub and edition pages give the iframe code of their view', async () => {
    const hub = await server.html(`/en/hub?tag=${tag.slug}&when=all`);
    expect(hub.body).toMatch(/<summary[^>]*>Embed<\/summary>/);
    expect(decodeEntities(decodeEntities(hub.body))).toContain(`<iframe src="${server.origin}/en/embed/events?tag=${tag.slug}&when=all"`);
    const page = await server.html(`/de/hub/edition/${edition.slug}`);
    expect(page.body).toMatch(/<summary[^>]*>Einbetten<\/summary>/);
    expect(decodeEntities(decodeEntities(page.body))).toContain(`<iframe src="${server.origin}/de/embed/events?edition=${edition.slug}&when=all"`);
  });
});

describe('embeds: status, time zones and where the list starts', () => {
  let festival: Created;
  let tokyo: Created;
  let montreal: Created;
  let cancelled: Created;
  let past: Created;
  beforeAll(async () => {
    festival = await createEdition(admin, { status: 'published', startsAt: '2020-01-01T00:00:00Z', endsAt: '2031-12-31T00:00:00Z' });
    const event = (title: string, startsAt: string, endsAt: string, extra: Record<string, unknown> = {}) =>
      createEvent(admin, { status: 'published', editionId: festival.id, startsAt, endsAt, translations: { en: { title } }, ...extra });
    past = await event('Zones past talk', '2020-06-01T18:00:00+02:00', '2020-06-01T19:00:00+02:00');
    montreal = await event('Zones Montreal concert', '2031-06-02T20:00:00-04:00', '2031-06-02T22:00:00-04:00', { timeZone: 'America/Toronto' });
    tokyo = await event('Zones Tokyo screening', '2031-06-01T19:00:00+09:00', '2031-06-01T21:00:00+09:00', { timeZone: 'Asia/Tokyo' });
    cancelled = await event('Zones Paris reading', '2031-06-03T18:00:00+02:00', '2031-06-03T19:00:00+02:00', { eventStatus: 'cancelled' });
  });

  const lines = (body: string) => body.split(/<li[\s>]/).slice(1);

  it('starts at the events to come, past ones after them, each line naming its zone and its status', async () => {
    const { status, body } = await server.html(`/en/embed/events?edition=${festival.slug}&when=all`);
    expect(status).toBe(200);
    const order = ['Zones Tokyo screening', 'Zones Montreal concert', 'Zones Paris reading', 'Zones past talk'].map((title) => body.indexOf(title));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const [first, second, third, fourth] = lines(body);
    expect(first).toContain('Japan Standard Time');
    expect(second).toContain('Eastern Daylight Time');
    expect(third).toContain('Central European Summer Time');
    expect(third).toMatch(/<strong[^>]*>\s*Cancelled\s*<\/strong>/);
    expect(first).not.toContain('Cancelled');
    expect(fourth).toContain('Ended');
  });

  it('shows every time in the zone `tz` names, says so once, and keeps it in its links', async () => {
    const { status, body } = await server.html(`/fr/embed/events?edition=${festival.slug}&when=all&tz=Asia/Tokyo`);
    expect(status).toBe(200);
    expect(decodeEntities(body)).toContain('fuseau horaire choisi');
    expect(decodeEntities(body)).toContain('Asia/Tokyo');
    // 20:00 in Montréal (UTC-4) is 09:00 the next morning in Tokyo.
    expect(lines(body)[1]).toMatch(/3 juin 2031.*09:00/s);
    expect(body).not.toContain('heure normale de l’Est');
    expect(decodeEntities(body)).toContain(`href="/fr/hub/event/${tokyo.slug}?tz=Asia%2FTokyo"`);
    const unknown = await server.get(`/fr/embed/events?edition=${festival.slug}&when=all&tz=Mars/Olympus`);
    expect(unknown.status).toBe(400);
  });

  it('says first that an event is cancelled and offers its details, not a registration', async () => {
    const { body } = await server.html(`/en/embed/event/${cancelled.slug}`);
    expect(body).toContain('This event has been cancelled.');
    expect(body.indexOf('This event has been cancelled.')).toBeLessThan(body.indexOf('<h1'));
    expect(body).not.toContain('Details and registration');
    expect(body).toMatch(/<a [^>]*>Details<\/a>/);
    expect(body).toContain('Central European Summer Time');

    const normal = await server.html(`/en/embed/event/${montreal.slug}`);
    expect(normal.body).toContain('Details and registration');
    expect(normal.body).toContain('Eastern Daylight Time');
    expect(normal.body).not.toContain('This event has been');
    expect(past.slug).toBeTruthy();
  });
});
