/**
 * "Now and next" (`/{locale}/hub/today`) against the built server: what is on now, later today
 * and tonight, grouped by place, in each event's zone or the visitor's, the empty day, and a
 * cached copy that lasts exactly until the next start or end and is purged by an event write.
 *
 * The server reads the wall clock, so the events are placed around it: in a fixed-offset zone
 * where it is between 11:00 and 12:00 now, which makes "later today" and "tonight" certain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { formatTime } from '../../src/lib/dates.ts';
import { festivalDayOf } from '../../src/lib/now-and-next.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createEvent, createUser, createVenue, type Created } from '../helpers/factories.ts';
import type { AdminClient } from '../helpers/admin-client.ts';
import { h1Of, hreflangsOf, htmlText as text } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const en = getTranslator('en');
const HOUR = 3_600_000;
let server: TestServer;
let admin: AdminClient;
/** A zone where it is 11:xx now (`Etc/GMT-11` is UTC+11). */
let zone: string;
let offsetHours: number;
/** The instant of `hour`:00 local time, `dayOffset` days after today, in `zone`. */
let local: (hour: number, dayOffset?: number) => Date;
const ev: Record<string, Created> = {};

/** The `<section>` of one part of the page, by its heading id. */
const partOf = (body: string, id: string) => {
  const start = body.indexOf(`<section class="today-part" aria-labelledby="${id}"`);
  expect(start, id).toBeGreaterThanOrEqual(0);
  const end = body.indexOf('<section class="today-part"', start + 1);
  return body.slice(start, end === -1 ? body.indexOf('</main>') : end);
};
/** The places of a part (their headings) and the titles under each. */
const placesOf = (part: string) =>
  [...part.matchAll(/<h3[^>]*class="today-place-name"[^>]*>([\s\S]*?)<\/h3>([\s\S]*?)<\/ul>/g)].map((match) => [
    text(match[1]!).trim(),
    [...match[2]!.matchAll(/<span class="today-title">\s*<a [^>]*>([^<]*)<\/a>/g)].map((title) => title[1]!.trim()),
  ]);

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  admin = await createUser(server, 'admin');
  const now = Date.now();
  offsetHours = 11 - new Date(now).getUTCHours();
  zone = offsetHours === 0 ? 'Etc/GMT' : `Etc/GMT${offsetHours > 0 ? '-' : '+'}${Math.abs(offsetHours)}`;
  const localNow = new Date(now + offsetHours * HOUR);
  local = (hour, dayOffset = 0) =>
    new Date(Date.UTC(localNow.getUTCFullYear(), localNow.getUTCMonth(), localNow.getUTCDate() + dayOffset, hour) - offsetHours * HOUR);
  const atelier = await createVenue(admin, { name: 'Atelier', address: '2 rue Haute, Lyon', status: 'published' });
  const hall = await createVenue(admin, { name: 'Main Hall', address: '5 quai Bas, Lyon', status: 'published' });
  const event = (title: string, startsAt: Date, endsAt: Date, extra: Record<string, unknown> = {}) =>
    createEvent(admin, {
      status: 'published',
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      timeZone: zone,
      venueId: hall.id,
      translations: { en: { title } },
      ...extra,
    });
  ev.running = await event('Morning Workshop', local(10), local(13), { venueId: atelier.id });
  ev.later = await event('Afternoon Talk', local(14), local(15), { venueId: atelier.id });
  ev.stream = await event('Streamed Panel', local(15), local(16), { venueId: null, venueAddress: null, onlineUrl: 'https://stream.example/panel' });
  ev.evening = await event('Evening Concert', local(20), local(22));
  ev.cancelled = await event('Called-off Recital', local(21), local(22), { eventStatus: 'cancelled' });
  ev.night = await event('Night Set', local(1, 1), local(3, 1));
  ev.tomorrow = await event('Tomorrow Brunch', local(9, 1), local(11, 1));
  ev.past = await event('Breakfast Reading', local(8), local(10));
  ev.draft = await createEvent(admin, {
    startsAt: local(10).toISOString(),
    endsAt: local(13).toISOString(),
    timeZone: zone,
    translations: { en: { title: 'Draft Rehearsal' } },
  });
}, 120_000);

afterAll(() => server?.stop());

describe('now and next', () => {
  it('shows what is on now, later today and tonight, grouped by place', async () => {
    const page = await server.html('/en/hub/today');
    expect(page.status).toBe(200);
    expect(h1Of(page.body)).toBe(en('today.title'));
    expect(placesOf(partOf(page.body, 'now'))).toEqual([['Atelier', ['Morning Workshop']]]);
    expect(placesOf(partOf(page.body, 'next'))).toEqual([
      ['Atelier', ['Afternoon Talk']],
      [en('event.online'), ['Streamed Panel']],
    ]);
    // The 01:00 set is still tonight; the cancelled recital stays listed, marked in words.
    const tonight = partOf(page.body, 'tonight');
    expect(placesOf(tonight)).toEqual([['Main Hall', ['Evening Concert', 'Called-off Recital', 'Night Set']]]);
    expect(text(tonight)).toContain(`Called-off Recital ${en('eventStatus.value.cancelled')}`);
    for (const absent of ['Tomorrow Brunch', 'Breakfast Reading', 'Draft Rehearsal']) expect(page.body).not.toContain(absent);
    // Venues link to their pages; times are in the event's zone.
    expect(page.body).toMatch(/<h3[^>]*><a href="\/en\/hub\/venue\/[^"]+">Atelier<\/a><\/h3>/);
    expect(partOf(page.body, 'now')).toContain(`>${formatTime('en', zone, local(10))}</time>`);
    // JavaScript-free, with its alternates.
    // No script but data and the small inline one registering the service worker (hub-pwa.test.ts).
    const scripts = [...page.body.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)];
    expect(
      scripts.every(([, tag, inline]) => tag!.includes('application/ld+json') || (tag === '<script type="module">' && /register\(.\/sw\.js.\)/.test(inline!))),
    ).toBe(true);
    expect(Object.keys(hreflangsOf(page.body)).sort()).toEqual(['de', 'en', 'fr', 'x-default']);
  });

  it('answers in every locale', async () => {
    for (const locale of ['en', 'fr', 'de']) {
      const page = await server.html(`/${locale}/hub/today`);
      expect(page.status, locale).toBe(200);
      expect(h1Of(page.body), locale).toBe(getTranslator(locale as 'en')('today.title'));
    }
  });

  it('shows the times in the visitor’s zone with ?tz=, and refuses an unknown zone like other pages', async () => {
    const page = await server.html('/en/hub/today?tz=Asia/Tokyo');
    expect(page.status).toBe(200);
    expect(page.body).toContain(`>${formatTime('en', 'Asia/Tokyo', local(10))}</time>`);
    expect(text(page.body)).toContain(en('tz.shownIn', { zone: 'Asia/Tokyo' }));
    const unknown = await server.get('/en/hub/today?tz=Mars/Olympus');
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    expect(text(await unknown.text())).toContain(en('tz.invalid', { value: 'Mars/Olympus' }));
    // One URL per view: the empty choice and unknown parameters are redirected.
    expect((await server.get('/en/hub/today?tz=')).headers.get('location')).toBe('/en/hub/today');
    expect((await server.get('/en/hub/today?utm=x')).headers.get('location')).toBe('/en/hub/today');
  });

  it('is cached exactly until the next start or end, and purged by an event write', async () => {
    // An event ending within the CDN's minute makes the boundary visible in s-maxage.
    const ending = await createEvent(admin, {
      status: 'published',
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + 40_000).toISOString(),
      timeZone: zone,
      translations: { en: { title: 'Ending Soon' } },
    });
    // The next boundary from the database: any public event's start or end ahead, or a day's roll-over.
    const before = Date.now();
    const response = await server.get('/en/hub/today');
    const after = Date.now();
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Ending Soon');
    const rows = await server.query<{ starts_at: number; ends_at: number; time_zone: string }>(
      "SELECT starts_at, ends_at, time_zone FROM events WHERE status = 'published'",
    );
    const boundary = Math.min(
      ...rows.flatMap((row) => [row.starts_at, row.ends_at]).filter((at) => at > before),
      ...rows.map((row) => festivalDayOf(row.time_zone, new Date(before)).endsAt.getTime()),
    );
    expect(boundary).toBe(Date.parse(ending['endsAt'] as string));
    const cacheControl = response.headers.get('cache-control') ?? '';
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(cacheControl)?.[1]);
    expect(sMaxAge).toBeGreaterThanOrEqual(Math.ceil((boundary - after) / 1000));
    expect(sMaxAge).toBeLessThanOrEqual(Math.ceil((boundary - before) / 1000));
    expect(cacheControl).toContain('stale-while-revalidate=0');

    expect(cacheState(await server.get('/en/hub/today'))).toBe('HIT');
    const patched = await admin.call('PATCH', `/api/admin/events/${ev.later!.id}`, {
      version: ev.later!.version,
      translations: { en: { title: 'Afternoon Debate' } },
    });
    expect(patched.status).toBe(200);
    const fresh = await server.get('/en/hub/today');
    expect(cacheState(fresh)).toBe('MISS');
    const body = await fresh.text();
    expect(body).toContain('Afternoon Debate');
    expect(body).not.toContain('Afternoon Talk');
  });

  it('is in the sitemap with its alternates', async () => {
    const sitemap = await (await server.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${server.origin}/fr/hub/today</loc>`);
    expect(sitemap).toContain(`hreflang="de" href="${server.origin}/de/hub/today"`);
  });
});

describe('a day with nothing on', () => {
  let quiet: TestServer;
  afterAll(() => quiet?.stop());

  it('says so and offers the next day with events', async () => {
    quiet = await startTestServer({ HUB_DEMO: '0' });
    const staff = await createUser(quiet, 'admin');
    // Three days ahead at 12:00 UTC, in UTC: never today, whatever the time now.
    const day = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 3, 12));
    const dateKey = day.toISOString().slice(0, 10);
    await createEvent(staff, {
      status: 'published',
      startsAt: day.toISOString(),
      endsAt: new Date(day.getTime() + HOUR).toISOString(),
      timeZone: 'UTC',
      translations: { en: { title: 'Faraway Matinee' } },
    });
    const page = await quiet.html('/en/hub/today');
    expect(page.status).toBe(200);
    expect(text(page.body)).toContain(en('today.nothing'));
    expect(page.body).toContain('Faraway Matinee');
    expect(page.body).toContain(`href="/en/hub?from=${dateKey}&amp;to=${dateKey}&amp;view=list"`);
    // Nothing changes before that event starts (or UTC's day rolls over at 06:00).
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(page.headers.get('cache-control') ?? '')?.[1]);
    expect(sMaxAge).toBeGreaterThan(0);
  }, 120_000);
});
