/**
 * An edition's schedule for conference apps, through the built server: frab schedule.xml and
 * schedule.json validated against the formats' own XSD (xmllint) and JSON schema (ajv), only
 * public events of a public edition, GUIDs that survive renames, purged on writes, 404 otherwise,
 * and linked from the edition and timetable pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClient } from '../helpers/admin-client.ts';
import { createCurator, createEdition, createEvent, createFilledEvent, createOrganizer, createTag, createUser, type Created } from '../helpers/factories.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { scheduleJsonErrors, validateScheduleXml } from '../helpers/schedule-validation.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { publicSql } from '../helpers/visibility.ts';

let server: TestServer;
let admin: AdminClient;
let edition: Created;
let concert: Created;
let draft: Created;
let curator: Created;

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  admin = await createUser(server, 'admin');
  const tag = await createTag(admin, { translations: { en: { label: 'Organ music' }, fr: { label: 'Orgue' } } });
  curator = await createCurator(admin, { name: 'Ada <Lovelace>' });
  const organizer = await createOrganizer(admin, { name: 'Orgue & Co' });
  edition = await createEdition(admin, { status: 'published', startsAt: '2031-03-01T00:00:00+01:00', endsAt: '2031-03-03T00:00:00+01:00' });
  concert = await createEvent(admin, {
    editionId: edition.id,
    status: 'published',
    startsAt: '2031-03-01T19:30:00+01:00',
    endsAt: '2031-03-02T01:00:00+01:00',
    registrationUrl: 'https://tickets.example.org/organs',
    tagIds: [tag.id],
    curatorIds: [curator.id],
    organizerIds: [organizer.id],
    translations: {
      en: { title: 'Night of Organs', summary: 'Bach & Widor', venueName: 'Salle Gaveau' },
      fr: { title: 'Nuit des orgues', venueName: 'Salle Gaveau' },
    },
  });
  // 02:00 the next morning: still the first festival night (the day changes at 04:00).
  await createEvent(admin, {
    editionId: edition.id,
    status: 'published',
    startsAt: '2031-03-02T02:00:00+01:00',
    endsAt: '2031-03-02T03:00:00+01:00',
    translations: { en: { title: 'Late set', venueName: 'Salle Gaveau' } },
  });
  draft = await createEvent(admin, { editionId: edition.id, translations: { en: { title: 'Secret draft', venueName: 'Salle Gaveau' } } });
});
afterAll(() => server?.stop());

const exportPath = (locale: string, format: 'xml' | 'json', slug = edition.slug) => `/${locale}/hub/edition/${slug}/schedule.${format}`;

async function patchEvent(id: number, patch: Record<string, unknown>): Promise<void> {
  const current = await admin.call('GET', `/api/admin/events/${id}`);
  const result = await admin.call('PATCH', `/api/admin/events/${id}`, { version: current.body.version, ...patch });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

describe('schedule.xml', () => {
  it('is frab XML that validates against the XSD, with only the public events in local time', async () => {
    const response = await server.get(exportPath('fr', 'xml'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('etag')).toBeTruthy();
    const xml = await response.text();
    const verdict = validateScheduleXml(xml);
    expect(verdict.messages).toBe('- validates\n');
    expect(verdict.ok).toBe(true);
    expect(xml).toContain('<title>Nuit des orgues</title>');
    expect(xml).toContain('<date>2031-03-01T19:30:00+01:00</date>');
    expect(xml).toContain('<start>19:30</start>');
    expect(xml).toContain('<duration>05:30</duration>');
    expect(xml).toContain('<time_zone_name>Europe/Paris</time_zone_name>');
    expect(xml).toMatch(/<person guid="[0-9a-f-]{36}">Ada &lt;Lovelace&gt;<\/person>/);
    expect(xml).toContain('<person guid');
    expect(xml).toContain('Orgue &amp; Co</person>');
    expect(xml).toContain('href="https://tickets.example.org/organs"');
    expect(xml).not.toContain('Secret draft');
    // Both events of the first night sit in the first day, in the venue's room.
    const firstDay = xml.slice(xml.indexOf('<day index="1"'), xml.indexOf('<day index="2"'));
    expect(firstDay).toContain('<room name="Salle Gaveau"');
    expect(firstDay).toContain('Nuit des orgues');
    expect(firstDay).toContain('Late set');
  });

  it('keeps each event’s GUID when it is renamed, and shows the new title at once', async () => {
    const guidOf = (xml: string) => new RegExp(`<event guid="([0-9a-f-]{36})" id="${concert.id}">`).exec(xml)?.[1];
    const before = await (await server.get(exportPath('en', 'xml'))).text();
    expect(guidOf(before)).toBeDefined();
    await patchEvent(concert.id, {
      translations: { en: { title: 'Night of Great Organs', venueName: 'Salle Gaveau' }, fr: { title: 'Nuit des grandes orgues', venueName: 'Salle Gaveau' } },
    });
    const after = await (await server.get(exportPath('en', 'xml'))).text();
    expect(after).toContain('<title>Night of Great Organs</title>');
    expect(guidOf(after)).toBe(guidOf(before));
    const json = await (await server.get(exportPath('de', 'json'))).json();
    const events = json.schedule.conference.days.flatMap((day: { rooms: Record<string, { id: number; guid: string }[]> }) => Object.values(day.rooms).flat());
    expect(events.find((event: { id: number }) => event.id === concert.id).guid).toBe(guidOf(before));
  });

  it('is kept in the page cache and purged when a person on it is renamed', async () => {
    const path = exportPath('en', 'xml');
    await server.get(path);
    expect(cacheState(await server.get(path))).toBe('HIT');
    const current = await admin.call('GET', `/api/admin/curators/${curator.id}`);
    const renamed = await admin.call('PATCH', `/api/admin/curators/${curator.id}`, { version: current.body.version, name: 'Ada King' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const fresh = await server.get(path);
    expect(cacheState(fresh)).toBe('MISS');
    expect(await fresh.text()).toContain('>Ada King</person>');
    const back = await admin.call('PATCH', `/api/admin/curators/${curator.id}`, { version: renamed.body.version, name: 'Ada <Lovelace>' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  it('lists an event as soon as it is published', async () => {
    await patchEvent(draft.id, { status: 'published', startsAt: '2031-03-02T10:00:00+01:00', endsAt: '2031-03-02T11:00:00+01:00' });
    const xml = await (await server.get(exportPath('en', 'xml'))).text();
    expect(xml).toContain('Secret draft');
    expect(validateScheduleXml(xml).ok).toBe(true);
    await patchEvent(draft.id, { status: 'draft' });
    expect(await (await server.get(exportPath('en', 'xml'))).text()).not.toContain('Secret draft');
  });
});

describe('schedule.json', () => {
  it('validates against the JSON schema and matches the XML', async () => {
    const response = await server.get(exportPath('en', 'json'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const document = await response.json();
    expect(scheduleJsonErrors(document)).toEqual([]);
    const { conference } = document.schedule;
    expect(conference.acronym).toBe(edition.slug.replace(/-/g, '_'));
    expect(conference.days.map((day: { date: string }) => day.date)).toEqual(['2031-03-01', '2031-03-02', '2031-03-03']);
    const firstNight = conference.days[0].rooms['Salle Gaveau'];
    expect(firstNight.map((event: { start: string }) => event.start)).toEqual(['19:30', '02:00']);
    expect(firstNight[0].persons.map((person: { name: string }) => person.name)).toEqual(['Ada <Lovelace>', 'Orgue & Co']);
    expect(firstNight[0].url).toMatch(new RegExp(`/en/hub/event/${concert.slug}$`));
  });
});

describe('a varied programme', () => {
  it('exports every public edition in both formats, valid against the definitions', async () => {
    // A filled edition (venue with a room, people with markup-prone names, three locales) with more
    // days, rooms, an English-only event, a venue name without a venue and an event past midnight.
    const filled = await createFilledEvent(admin);
    const people = { curatorIds: [curator.id], organizerIds: [(await createOrganizer(admin, { name: 'Café "Les Arts" & Co' })).id] };
    const nights: [string, string, Record<string, unknown>][] = [
      ['2031-03-05T21:00:00+01:00', '2031-03-06T00:30:00+01:00', { en: { title: 'Late <strings> & voices' }, fr: { title: 'Cordes & voix tardives' } }],
      ['2031-03-06T11:00:00+01:00', '2031-03-06T12:00:00+01:00', { en: { title: 'Morning walk', venueName: 'Harbour Gate' } }],
      [
        '2031-03-06T11:00:00+01:00',
        '2031-03-06T13:30:00+01:00',
        { en: { title: 'Printing workshop', venueName: 'Atelier 3' }, de: { title: 'Druckwerkstatt' } },
      ],
    ];
    for (const [startsAt, endsAt, translations] of nights) {
      await createEvent(admin, { status: 'published', editionId: filled.edition.id, startsAt, endsAt, translations, ...people });
    }
    const editions = await server.query<{ slug: string }>(`SELECT e.slug FROM editions e WHERE ${publicSql('e')} ORDER BY e.id`);
    expect(editions.map((row) => row.slug)).toEqual(expect.arrayContaining([edition.slug, filled.edition.slug]));
    for (const { slug } of editions) {
      const xml = await server.get(exportPath('de', 'xml', slug));
      expect(xml.status, slug).toBe(200);
      const text = await xml.text();
      const verdict = validateScheduleXml(text);
      expect(verdict.ok, `${slug}: ${verdict.messages}`).toBe(true);
      const json = await server.get(exportPath('fr', 'json', slug));
      expect(scheduleJsonErrors(await json.json()), slug).toEqual([]);
      if (slug === filled.edition.slug) expect(text.match(/<event guid=/g)).toHaveLength(4);
    }
  });
});

describe('refusals and links', () => {
  it('answers 404 for an unknown or unpublished edition', async () => {
    const hidden = await createEdition(admin);
    await createEvent(admin, { editionId: hidden.id, status: 'published' });
    for (const path of [
      exportPath('en', 'xml', 'no-such-edition'),
      exportPath('en', 'json', 'no-such-edition'),
      exportPath('en', 'xml', hidden.slug),
      exportPath('en', 'json', hidden.slug),
    ]) {
      expect((await server.get(path)).status, path).toBe(404);
    }
  });

  it('is linked from the edition page and the timetable, in the page’s language', async () => {
    for (const page of [`/de/hub/edition/${edition.slug}`, `/de/hub/edition/${edition.slug}/schedule`]) {
      const { status, body } = await server.html(page);
      expect(status).toBe(200);
      expect(body).toMatch(new RegExp(`href="${exportPath('de', 'xml')}"[^>]*>\\s*Programm für Konferenz-Apps \\(frab-XML\\)`));
      expect(body).toMatch(new RegExp(`href="${exportPath('de', 'json')}"[^>]*>\\s*Programm für Konferenz-Apps \\(JSON\\)`));
    }
  });
});
