/**
 * The programme at a glance against the built server: the edition page's compact programme
 * (days in the events' zone, past marked in words), the timetable (one table per day, venues ×
 * start times, `?day=`, 404s, purged with its edition), the hub's compact list and edition
 * filter, and past event pages without registration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createCurator, createEdition, createEvent, createImage, createOrganizer, createTag, createUser, type Created } from '../helpers/factories.ts';
import type { AdminClient } from '../helpers/admin-client.ts';
import { h1Of, hreflangsOf, htmlText as text } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const en = getTranslator('en');
let server: TestServer;
let admin: AdminClient;
let edition: Created;
let draftEdition: Created;
const ev: Record<'past' | 'midnight' | 'main' | 'garden' | 'online', Created> = {} as never;

/** A published event of the edition with an English title and venue. */
const event = (title: string, startsAt: string, endsAt: string, extra: Record<string, unknown> = {}, venueName?: string) =>
  createEvent(admin, {
    status: 'published',
    editionId: edition.id,
    startsAt,
    endsAt,
    timeZone: 'Europe/Paris',
    translations: { en: { title, ...(venueName ? { venueName } : {}) } },
    ...extra,
  });

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  admin = await createUser(server, 'admin');
  const tag = await createTag(admin, { translations: { en: { label: 'Chamber music' } } });
  edition = await createEdition(admin, {
    status: 'published',
    startsAt: '2020-06-01T00:00:00Z',
    endsAt: '2031-03-31T00:00:00Z',
    translations: { en: { title: 'Long Festival', body: 'A festival over many years.' } },
  });
  draftEdition = await createEdition(admin);
  ev.past = await event(
    'Finished Recital',
    '2020-06-01T19:00:00+02:00',
    '2020-06-01T21:00:00+02:00',
    { registrationUrl: 'https://tickets.example.org/past' },
    'Old Hall',
  );
  // 00:30 in Paris is still the previous day in UTC: it belongs to 5 March where it happens.
  ev.midnight = await event('Midnight Set', '2031-03-05T00:30:00+01:00', '2031-03-05T01:30:00+01:00', {}, 'Cellar Bar');
  ev.main = await event(
    'Evening Quartet',
    '2031-03-05T19:00:00+01:00',
    '2031-03-05T21:00:00+01:00',
    { tagIds: [tag.id], registrationUrl: 'https://tickets.example.org/quartet' },
    'Main Stage',
  );
  ev.garden = await event('Garden Duo', '2031-03-05T19:00:00+01:00', '2031-03-05T20:00:00+01:00', {}, 'Garden');
  ev.online = await event('Streamed Talk', '2031-03-06T18:00:00+01:00', '2031-03-06T19:00:00+01:00', {
    onlineUrl: 'https://stream.example.org/talk',
    venueAddress: null,
  });
});
afterAll(() => server?.stop());

/** The HTML of the `<section>` labelled by the day heading `id`. */
function daySection(html: string, id: string): string {
  const start = html.search(new RegExp(`<section[^>]*aria-labelledby="${id}"`));
  if (start < 0) throw new Error(`no section for ${id}`);
  return html.slice(start, html.indexOf('</section>', start));
}
const columnHeaders = (table: string) => [...table.matchAll(/<th scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((m) => text(m[1]!).trim());
const rowHeaders = (table: string) => [...table.matchAll(/<th scope="row"[^>]*>[\s\S]*?<time datetime="([^"]+)">([^<]*)<\/time>/g)].map((m) => [m[1], m[2]]);
const tablesOf = (html: string) => [...html.matchAll(/<table[\s\S]*?<\/table>/g)].map((m) => m[0]);

describe('the edition page', () => {
  it('leads with a compact programme grouped by local day, past days and events marked in words', async () => {
    const page = await server.html(`/en/hub/edition/${edition.slug}`);
    expect(page.status).toBe(200);
    const days = [...page.body.matchAll(/<h3 id="day-(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]);
    expect(days).toEqual(['2020-06-01', '2031-03-05', '2031-03-06']);
    // The programme opens on the next day with events: the days before it fold into one closed
    // disclosure, which a jump link leads to; the other days have jump links of their own.
    const folded = /<details class="earlier-days" id="day-earlier">([\s\S]*?)<\/details>/.exec(page.body)?.[1] ?? '';
    expect([...folded.matchAll(/<h3 id="day-(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1])).toEqual(['2020-06-01']);
    expect(page.body).toContain('href="#day-earlier"');
    for (const day of ['2031-03-05', '2031-03-06']) expect(page.body).toContain(`href="#day-${day}"`);

    const past = daySection(page.body, 'day-2020-06-01');
    expect(text(past)).toContain(`· ${en('hub.programme.pastDay')}`);
    expect(past).toMatch(/<li class="programme-line past">/);
    expect(text(past)).toContain(en('hub.programme.ended'));
    expect(text(past)).toContain('Old Hall');

    const fifth = daySection(page.body, 'day-2031-03-05');
    expect(text(fifth)).toContain('Midnight Set');
    expect(text(fifth)).not.toContain(en('hub.programme.ended'));
    expect(fifth).toContain('<time datetime="2031-03-04T23:30:00.000Z">00:30</time>');
    expect(text(fifth)).toMatch(/Evening Quartet Main Stage .*Chamber music/);
    expect(text(daySection(page.body, 'day-2031-03-06'))).toMatch(/Streamed Talk Online/);

    // The programme comes before the description; events are list items, not more headings.
    expect(page.body.indexOf('id="programme-heading"')).toBeLessThan(page.body.indexOf('id="description-heading"'));
    expect(page.body).not.toMatch(/<h3 class="card-title"/);
    expect(page.body).toContain(`href="/en/hub/edition/${edition.slug}/schedule"`);
  });
});

describe('the timetable', () => {
  const path = () => `/en/hub/edition/${edition.slug}/schedule`;

  it('is one table per day, venues as column headers and start times as row headers', async () => {
    const page = await server.html(path());
    expect(page.status).toBe(200);
    expect(h1Of(page.body)).toBe(en('hub.schedule.title', { edition: 'Long Festival' }));
    const tables = tablesOf(page.body);
    expect(tables).toHaveLength(3);
    expect(tables.map((table) => columnHeaders(table))).toEqual([
      [en('hub.schedule.time'), 'Old Hall'],
      [en('hub.schedule.time'), 'Cellar Bar', 'Main Stage', 'Garden'],
      [en('hub.schedule.time'), en('event.online')],
    ]);
    // Two events at 19:00 share a row, each in its venue's column.
    expect(rowHeaders(tables[1]!)).toEqual([
      ['2031-03-04T23:30:00.000Z', '00:30'],
      ['2031-03-05T18:00:00.000Z', '19:00'],
    ]);
    const row = tables[1]!.split('<tr>').find((tr) => tr.includes('>19:00</time></th>'))!;
    expect([...row.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => text(m[1]!).trim().split(' ')[0] ?? '')).toEqual(['', 'Evening', 'Garden']);
    expect(text(tables[0]!)).toContain(en('hub.programme.ended'));
    // Publicly cacheable and free of JavaScript.
    expect(page.headers.get('cache-control')).toContain('s-maxage=');
    // No script but data and the small inline one registering the service worker (hub-pwa.test.ts).
    const scripts = [...page.body.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)];
    expect(
      scripts.every(([, tag, inline]) => tag!.includes('application/ld+json') || (tag === '<script type="module">' && /register\(.\/sw\.js.\)/.test(inline!))),
    ).toBe(true);
    expect(hreflangsOf(page.body)['en']).toMatch(new RegExp(`/en/hub/edition/${edition.slug}/schedule$`));
  });

  it('shows one day at a time with ?day=, the day links marking the current one', async () => {
    const page = await server.html(`${path()}?day=2031-03-06`);
    expect(page.status).toBe(200);
    const tables = tablesOf(page.body);
    expect(tables).toHaveLength(1);
    expect(text(tables[0]!)).toContain('Streamed Talk');
    expect(page.body).toMatch(new RegExp(`href="/en/hub/edition/${edition.slug}/schedule\\?day=2031-03-06" aria-current="page"`));
    expect(page.body).toContain(`href="/en/hub/edition/${edition.slug}/schedule?day=2031-03-05"`);
  });

  it('answers 404 for unknown editions and days, and one URL per view', async () => {
    for (const bad of [
      `${path()}?day=2031-03-07`,
      `${path()}?day=2031-02-30`,
      `${path()}?day=tomorrow`,
      `/en/hub/edition/no-such-edition/schedule`,
      `/en/hub/edition/${draftEdition.slug}/schedule`,
    ]) {
      expect((await server.get(bad)).status, bad).toBe(404);
    }
    const junk = await server.get(`${path()}?day=2031-03-05&utm=x`);
    expect(junk.status).toBe(301);
    expect(junk.headers.get('location')).toBe(`${path()}?day=2031-03-05`);
  });

  it('is purged when one of its events changes', async () => {
    const url = `${path()}?day=2031-03-05`;
    await server.get(url);
    const cached = await server.get(url);
    expect(cacheState(cached)).toBe('HIT');
    const patched = await admin.call('PATCH', `/api/admin/events/${ev.garden.id}`, {
      version: ev.garden.version,
      translations: { en: { title: 'Garden Trio', venueName: 'Garden' } },
    });
    expect(patched.status).toBe(200);
    ev.garden = patched.body as Created;
    const fresh = await server.get(url);
    expect(cacheState(fresh)).toBe('MISS');
    const body = await fresh.text();
    expect(body).toContain('Garden Trio');
    expect(body).not.toContain('Garden Duo');
  });

  it('expires from every cache when an event on it ends, so "Ended" is never late', async () => {
    const running = await createEdition(admin, { status: 'published', translations: { en: { title: 'Running Festival' } } });
    const now = Date.now();
    await createEvent(admin, {
      status: 'published',
      editionId: running.id,
      startsAt: new Date(now - 3_600_000).toISOString(),
      endsAt: new Date(now + 40_000).toISOString(),
      translations: { en: { title: 'Ending Soon' } },
    });
    for (const page of [`/en/hub/edition/${running.slug}`, `/en/hub/edition/${running.slug}/schedule`]) {
      const response = await server.get(page);
      expect(response.status).toBe(200);
      const sMaxAge = Number(/s-maxage=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1]);
      expect(sMaxAge, page).toBeLessThanOrEqual(40);
      expect(await response.text()).toContain(en('hub.programme.ongoing'));
    }
  });

  it('is in the sitemap with its alternates', async () => {
    const sitemap = await (await server.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${server.origin}/en/hub/edition/${edition.slug}/schedule</loc>`);
    expect(sitemap).toContain(`hreflang="en" href="${server.origin}/en/hub/edition/${edition.slug}/schedule"`);
  });
});

describe('the hub listing', () => {
  it('shows all of an edition’s dates when the edition is chosen, past ones included', async () => {
    const chosen = await server.get(`/en/hub?edition=${edition.slug}`);
    expect(chosen.status).toBe(301);
    expect(chosen.headers.get('location')).toBe(`/en/hub?edition=${edition.slug}&when=all`);
    const page = await server.html(`/en/hub?edition=${edition.slug}&when=all`);
    expect(text(page.body)).toContain('Finished Recital');
    expect(text(page.body)).toContain('Streamed Talk');
    // The form's untouched "Upcoming" choice stands for "the default", so picking an edition asks for all dates.
    const home = await server.html('/en/hub');
    expect(home.body).toMatch(/<input type="radio" name="when" value(="")? checked>/);
    // An explicit "Upcoming" still narrows the edition to what is to come.
    const upcoming = await server.html(`/en/hub?edition=${edition.slug}&when=upcoming`);
    expect(upcoming.status).toBe(200);
    expect(text(upcoming.body)).not.toContain('Finished Recital');
    expect(text(upcoming.body)).toContain('Streamed Talk');
  });

  it('offers the compact list as an alternative to cards (view=list)', async () => {
    const cards = await server.html(`/en/hub?edition=${edition.slug}&when=all`);
    expect(cards.body).toContain('class="event-card');
    expect(cards.body).toContain(`href="/en/hub?edition=${edition.slug}&amp;when=all&amp;view=list"`);
    const list = await server.html(`/en/hub?edition=${edition.slug}&when=all&view=list`);
    expect(list.status).toBe(200);
    expect(list.body).not.toContain('class="event-card');
    expect(list.body).toMatch(/<h2 id="day-2031-03-05" class="day-heading">/);
    expect(text(daySection(list.body, 'day-2020-06-01'))).toMatch(/Finished Recital Old Hall .*Ended/);
    // The filter form keeps the view.
    expect(list.body).toContain('<input type="hidden" name="view" value="list">');
    const junk = await server.get(`/en/hub?view=grid&edition=${edition.slug}&when=all`);
    expect(junk.status).toBe(301);
    expect(junk.headers.get('location')).toBe(`/en/hub?edition=${edition.slug}&when=all`);
  });
});

describe('event pages', () => {
  it('say a past event has ended and drop its registration link', async () => {
    const past = await server.html(`/en/hub/event/${ev.past.slug}`);
    expect(past.status).toBe(200);
    expect(text(past.body)).toContain(en('hub.programme.eventEnded'));
    expect(past.body).not.toContain('https://tickets.example.org/past');
    expect(text(past.body)).not.toContain(en('hub.event.register'));
    // Its siblings' lines say which have ended, in words.
    const upcoming = await server.html(`/en/hub/event/${ev.main.slug}`);
    expect(upcoming.body).toContain('href="https://tickets.example.org/quartet"');
    expect(text(upcoming.body)).not.toContain(en('hub.programme.eventEnded'));
    const pastLine = /<li class="more-line past">([\s\S]*?)<\/li>/.exec(upcoming.body)?.[1] ?? '';
    expect(text(pastLine)).toContain('Finished Recital');
    expect(text(pastLine)).toContain(en('hub.programme.ended'));
  });
});

describe('phone-first details', () => {
  it('crops at the focal point, credits gallery images with their licence, keeps logos apart from round photos', async () => {
    const [cover, pictured, photo, logo] = await Promise.all([
      createImage(admin, { focalX: 0.2, focalY: 0.8 }, 'png', 641, 361),
      createImage(admin, { credit: 'Ada Lens', licence: 'CC BY 4.0' }, 'png', 642, 362),
      createImage(admin, {}, 'png', 400, 400),
      createImage(admin, {}, 'png', 400, 100),
    ]);
    const [curator, organizer] = await Promise.all([createCurator(admin, { photoMediaId: photo.id }), createOrganizer(admin, { logoMediaId: logo.id })]);
    const created = await createEvent(admin, {
      status: 'published',
      coverMediaId: cover.id,
      mediaIds: [pictured.id],
      curatorIds: [curator.id],
      organizerIds: [organizer.id],
      translations: { en: { title: 'Pictured Evening' } },
    });
    const page = await server.html(`/en/hub/event/${created.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<img [^>]*style="object-position: 20% 80%"/);
    const gallery = page.body.slice(page.body.indexOf('id="gallery-heading"'));
    expect(text(/<figcaption>[\s\S]*?<\/figcaption>/.exec(gallery)![0])).toContain('© Ada Lens · Licence: CC BY 4.0');
    expect(page.body).toMatch(/<img class="person-image"/);
    expect(page.body).toMatch(/<img class="person-logo"/);
  });

  it('links About to the contact form, and names curators one way in French', async () => {
    for (const locale of ['en', 'fr', 'de'] as const) {
      const about = await server.html(`/${locale}/hub/about`);
      expect(about.body).toContain(`<a href="/${locale}/hub/contact">${getTranslator(locale)('hub.programme.contactLink')}</a>`);
    }
    const fr = getTranslator('fr');
    expect(fr('hub.curators.heading')).toBe(fr('admin.collection.curators'));
    expect(fr('hub.search.type.curator')).toBe(fr('admin.usages.entity.curator'));
    // The German footer and the page's own title name the terms the same way.
    const terms = await server.html('/de/hub/terms-and-conditions');
    expect(h1Of(terms.body)).toBe(getTranslator('de')('footer.terms'));
  });
});
