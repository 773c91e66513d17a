/**
 * This product's own frab exports (XML and JSON, every locale) imported into a fresh instance,
 * through the real admin import API: times, each event's zone, texts in every locale, every tag,
 * curators as curators and organizers as organizers, registration and online links, online
 * events, price and places, and each event's GUID come back; importing the fr and de exports adds
 * no second tag, venue or person. Rooms keep one GUID in every locale, a GUID another event
 * already has is replaced with a warning, a clone's events get GUIDs of their own, and events from
 * before the GUID column keep the name-based GUID their exports always carried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillEventGuids } from '../../db/event-guids.ts';
import { scheduleGuid } from '../../src/server/schedule-export/guid.ts';
import type { AdminClient } from '../helpers/admin-client.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createCurator, createEdition, createEvent, createOrganizer, createTag, createUser, createVenue, type Created } from '../helpers/factories.ts';
import { scheduleJsonErrors, validateScheduleXml } from '../helpers/schedule-validation.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const source = useAdminServer({ HUB_DEMO: '0' });
let fresh: TestServer;
let freshAdmin: AdminClient;
let edition: Created;
const exports: Record<string, string> = {};

/** A description of several paragraphs, far over the summary's 1,000 characters. */
const longDescription = Array.from(
  { length: 12 },
  (_, i) => `Paragraph ${i + 1}: the orchestra plays the second movement again, slower, with the choir joining from the balcony for the last bars.`,
).join('\n\n');

beforeAll(async () => {
  const editor = source.app.editor;
  const [music, jazz, outdoor] = await Promise.all([
    createTag(editor, { slug: 'music', translations: { en: { label: 'Music' }, fr: { label: 'Musique' }, de: { label: 'Musik' } } }),
    createTag(editor, { slug: 'jazz', translations: { en: { label: 'Jazz' }, fr: { label: 'Jazz manouche' }, de: { label: 'Jazzmusik' } } }),
    createTag(editor, { slug: 'outdoor', translations: { en: { label: 'Outdoor' }, fr: { label: 'Plein air' }, de: { label: 'Draußen' } } }),
  ]);
  const curator = await createCurator(editor, { name: 'Clara Curator' });
  const band = await createOrganizer(editor, { name: 'Band of Brass' });
  const society = await createOrganizer(editor, { name: 'Talk Society' });
  const venue = await createVenue(editor, { name: 'Salle Pleyel', address: '252 rue du Faubourg Saint-Honoré', status: 'published' });
  edition = await createEdition(editor, {
    status: 'published',
    timeZone: 'Europe/Paris',
    startsAt: '2031-05-01T00:00:00+02:00',
    endsAt: '2031-05-10T00:00:00+02:00',
  });
  const common = { status: 'published', editionId: edition.id };
  await createEvent(editor, {
    ...common,
    startsAt: '2031-05-02T20:00:00+02:00',
    endsAt: '2031-05-02T22:30:00+02:00',
    timeZone: 'Europe/Paris',
    venueId: venue.id,
    venueAddress: null,
    room: 'Grande salle',
    tagIds: [music.id, jazz.id, outdoor.id],
    curatorIds: [curator.id],
    organizerIds: [band.id],
    registrationUrl: 'https://tickets.example.org/brass',
    admission: 'paid',
    priceMin: 12,
    priceMax: 20.5,
    currency: 'EUR',
    availability: 'limited',
    translations: {
      en: { title: 'Brass at night', summary: 'A brass band plays.', body: longDescription },
      fr: { title: 'Cuivres la nuit', summary: 'Une fanfare joue.', body: 'La fanfare joue **deux fois**.' },
      de: { title: 'Blech bei Nacht', summary: 'Eine Blaskapelle spielt.', body: 'Die Kapelle spielt zweimal.' },
    },
  });
  // Online, in New York (six hours behind the edition), free.
  await createEvent(editor, {
    ...common,
    startsAt: '2031-05-03T12:00:00-04:00',
    endsAt: '2031-05-03T13:00:00-04:00',
    timeZone: 'America/New_York',
    venueAddress: null,
    onlineUrl: 'https://meet.example.org/talk',
    tagIds: [jazz.id],
    organizerIds: [society.id],
    admission: 'free',
    availability: 'available',
    translations: { en: { title: 'Jazz history online', summary: 'A talk from New York.' } },
  });
  // A week-long exhibition in Lisbon (an hour behind Paris), sold out.
  await createEvent(editor, {
    ...common,
    startsAt: '2031-05-01T10:00:00+01:00',
    endsAt: '2031-05-08T18:00:00+01:00',
    timeZone: 'Europe/Lisbon',
    venueId: venue.id,
    venueAddress: null,
    tagIds: [outdoor.id, music.id],
    curatorIds: [curator.id],
    organizerIds: [society.id, band.id],
    admission: 'paid',
    priceMin: 8.5,
    currency: 'GBP',
    availability: 'sold-out',
    translations: { en: { title: 'Instruments exhibition' }, fr: { title: 'Exposition d’instruments' } },
  });
  for (const locale of ['en', 'fr', 'de'])
    for (const format of ['xml', 'json']) {
      const response = await source.app.server.get(`/${locale}/hub/edition/${edition.slug}/schedule.${format}`);
      expect(response.status).toBe(200);
      exports[`${locale}.${format}`] = await response.text();
    }
  fresh = await startTestServer({ HUB_DEMO: '0' });
  freshAdmin = await createUser(fresh, 'admin');
});
afterAll(() => fresh?.stop());

interface Snapshot {
  guid: string;
  startsAt: number;
  endsAt: number;
  timeZone: string;
  venue: string | null;
  room: string | null;
  onlineUrl: string | null;
  registrationUrl: string | null;
  admission: string | null;
  priceMin: number | null;
  priceMax: number | null;
  currency: string | null;
  availability: string | null;
  texts: Record<string, { title: string; summary: string | null; body: string | null }>;
  tags: string[];
  curators: string[];
  organizers: string[];
}

/** Every field an export should carry, per event of the edition, by start. */
async function snapshot(server: TestServer, editionId: number): Promise<Snapshot[]> {
  const rows = await server.query<{
    id: number;
    guid: string;
    starts_at: number;
    ends_at: number;
    time_zone: string;
    venue: string | null;
    room: string | null;
    online_url: string | null;
    registration_url: string | null;
    admission: string | null;
    price_min: number | null;
    price_max: number | null;
    currency: string | null;
    availability: string | null;
  }>(
    `SELECT e.id, e.guid, e.starts_at, e.ends_at, e.time_zone, v.name AS venue, e.room, e.online_url, e.registration_url,
            e.admission, e.price_min, e.price_max, e.currency, e.availability
       FROM events e LEFT JOIN venues v ON v.id = e.venue_id WHERE e.edition_id = ? ORDER BY e.starts_at`,
    [editionId],
  );
  const list = (sql: string, id: number) => server.query<{ value: string }>(sql, [id]).then((values) => values.map((row) => row.value).sort());
  return Promise.all(
    rows.map(async (row) => {
      const texts = await server.query<{ locale: string; title: string; summary: string | null; body: string | null }>(
        'SELECT locale, title, summary, body FROM event_translations WHERE event_id = ? ORDER BY locale',
        [row.id],
      );
      return {
        guid: row.guid,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        timeZone: row.time_zone,
        venue: row.venue,
        room: row.room,
        onlineUrl: row.online_url,
        registrationUrl: row.registration_url,
        admission: row.admission,
        priceMin: row.price_min,
        priceMax: row.price_max,
        currency: row.currency,
        availability: row.availability,
        texts: Object.fromEntries(texts.map(({ locale, ...text }) => [locale, text])),
        tags: await list('SELECT t.slug AS value FROM event_tags et JOIN tags t ON t.id = et.tag_id WHERE et.event_id = ?', row.id),
        curators: await list('SELECT c.name AS value FROM event_curators ec JOIN curators c ON c.id = ec.curator_id WHERE ec.event_id = ?', row.id),
        organizers: await list('SELECT o.name AS value FROM event_organizers eo JOIN organizers o ON o.id = eo.organizer_id WHERE eo.event_id = ?', row.id),
      };
    }),
  );
}

function importInto(client: AdminClient, editionId: number, file: string, fileName: string, status = 'published') {
  return client.call('POST', '/api/admin/import', { editionId, content: file, fileName, status, dryRun: false });
}

async function count(server: TestServer, table: string): Promise<number> {
  const [row] = await server.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`);
  return row!.n;
}

describe('our own export, imported into a fresh instance', () => {
  it('validates against both schemas with the extras on board', () => {
    for (const locale of ['en', 'fr', 'de']) {
      expect(validateScheduleXml(exports[`${locale}.xml`]!).ok).toBe(true);
      expect(scheduleJsonErrors(JSON.parse(exports[`${locale}.json`]!))).toEqual([]);
    }
    expect(exports['en.xml']).toContain('<?edition-hub data="');
  });

  it('gives every room one GUID in every locale, though the online room’s name differs', () => {
    const rooms = (locale: string) => JSON.parse(exports[`${locale}.json`]!).schedule.conference.rooms as { name: string; guid: string }[];
    expect(rooms('en')).toHaveLength(3);
    expect(rooms('fr').map((room) => room.guid)).toEqual(rooms('en').map((room) => room.guid));
    expect(rooms('de').map((room) => room.guid)).toEqual(rooms('en').map((room) => room.guid));
    expect(rooms('fr').map((room) => room.name)).not.toEqual(rooms('en').map((room) => room.name));
    const xmlRooms = (locale: string) => [
      ...new Set(Array.from(exports[`${locale}.xml`]!.matchAll(/<room name="[^"]*" guid="([^"]+)"/g), (match) => match[1])),
    ];
    expect(xmlRooms('fr')).toEqual(xmlRooms('en'));
  });

  it('reproduces every field from the XML, keeps the GUIDs, and adds nothing more from the fr and de exports', async () => {
    const original = await snapshot(source.app.server, edition.id);
    expect(original).toHaveLength(3);
    const target = await createEdition(freshAdmin, { timeZone: 'Europe/Paris' });

    const first = await importInto(freshAdmin, target.id, exports['en.xml']!, 'schedule.xml');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ created: 3, updated: 0, added: { venue: 1, tags: 3, curators: 1, organizers: 2 }, warnings: [] });

    // The fr and de exports update the same events in their languages: no second tag, venue or person.
    const french = await importInto(freshAdmin, target.id, exports['fr.xml']!, 'schedule.xml');
    expect(french.body).toMatchObject({ created: 0, updated: 3, added: { venue: 0, tags: 0, curators: 0, organizers: 0 } });
    const german = await importInto(freshAdmin, target.id, exports['de.json']!, 'schedule.json');
    expect(german.body).toMatchObject({ created: 0, updated: 3, added: { venue: 0, tags: 0, curators: 0, organizers: 0 } });
    expect([await count(fresh, 'tags'), await count(fresh, 'venues'), await count(fresh, 'curators'), await count(fresh, 'organizers')]).toEqual([3, 1, 1, 2]);

    // Field by field: the same 3 events, with the same 3 + 1 + 2 tags, 2 curators, 4 organizer links.
    const copy = await snapshot(fresh, target.id);
    expect(copy).toEqual(original);
    expect(copy.flatMap((event) => event.tags)).toHaveLength(6);
    expect(copy.flatMap((event) => event.curators)).toEqual(['Clara Curator', 'Clara Curator']);
    expect(copy.flatMap((event) => event.organizers)).toHaveLength(4);
    expect(copy.map((event) => event.timeZone)).toEqual(['Europe/Lisbon', 'Europe/Paris', 'America/New_York']);
    const [online] = await fresh.query<{ venue_id: number | null; status: string }>('SELECT venue_id, status FROM events WHERE online_url IS NOT NULL');
    expect(online).toEqual({ venue_id: null, status: 'published' });
  });

  it('reproduces every field from the JSON, and gives a new GUID, with a warning, where another event has it', async () => {
    const original = await snapshot(source.app.server, edition.id);
    const target = await createEdition(freshAdmin, { timeZone: 'Europe/Paris' });
    // The previous test's edition already holds these GUIDs in this instance.
    const imported = await importInto(freshAdmin, target.id, exports['en.json']!, 'schedule.json');
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.created).toBe(3);
    expect(imported.body.warnings.map((warning: { code: string; field: string }) => [warning.code, warning.field])).toEqual(
      Array(3).fill(['GUID_TAKEN', 'guid']),
    );
    const copy = await snapshot(fresh, target.id);
    const withoutGuid = (events: Snapshot[]) => events.map(({ guid: _guid, texts, ...rest }) => ({ ...rest, en: texts['en'] }));
    expect(withoutGuid(copy)).toEqual(withoutGuid(original));
    const guids = copy.map((event) => event.guid);
    expect(guids.every((guid) => /^[0-9a-f-]{36}$/.test(guid) && !original.some((event) => event.guid === guid))).toBe(true);
    expect(new Set(guids).size).toBe(3);
  });
});

describe('room GUIDs', () => {
  it('stay the same for a free-text place named per locale and for a renamed venue, and import as one venue', async () => {
    const editor = source.app.editor;
    const venue = await createVenue(editor, { name: 'Old Mill', address: '3 Mill Lane', status: 'published' });
    const openAir = await createTag(editor, { slug: 'open-air-places', translations: { en: { label: 'Open air' }, fr: { label: 'En plein air' } } });
    const places = await createEdition(editor, { status: 'published', startsAt: '2031-04-01T00:00:00+02:00', endsAt: '2031-04-03T00:00:00+02:00' });
    const at = { status: 'published', editionId: places.id, startsAt: '2031-04-01T18:00:00+02:00', endsAt: '2031-04-01T19:00:00+02:00' };
    await createEvent(editor, {
      ...at,
      venueAddress: null,
      tagIds: [openAir.id],
      translations: { en: { title: 'On the square', venueName: 'Town square' }, fr: { title: 'Sur la place', venueName: 'Place de la mairie' } },
    });
    await createEvent(editor, { ...at, venueId: venue.id, venueAddress: null, translations: { en: { title: 'At the mill' } } });
    const roomsOf = async (locale: string) => {
      const response = await source.app.server.get(`/${locale}/hub/edition/${places.slug}/schedule.json`);
      return (await response.json()).schedule.conference.rooms as { name: string; guid: string }[];
    };
    const [en, fr] = [await roomsOf('en'), await roomsOf('fr')];
    expect(en.map((room) => room.name).sort()).toEqual(['Old Mill', 'Town square']);
    expect(fr.map((room) => room.name).sort()).toEqual(['Old Mill', 'Place de la mairie']);
    expect(fr.map((room) => room.guid)).toEqual(en.map((room) => room.guid));
    const frenchXml = await (await source.app.server.get(`/fr/hub/edition/${places.slug}/schedule.xml`)).text();

    const current = await editor.call('GET', `/api/admin/venues/${venue.id}`);
    expect((await editor.call('PATCH', `/api/admin/venues/${venue.id}`, { version: current.body.version, name: 'New Mill' })).status).toBe(200);
    const renamed = await roomsOf('en');
    expect(renamed.map((room) => room.name).sort()).toEqual(['New Mill', 'Town square']);
    expect(renamed.map((room) => room.guid).sort()).toEqual(en.map((room) => room.guid).sort());

    // The fr export names the square in French, but brings the place's one name along (drafts:
    // one event has no English title to publish with).
    const target = await createEdition(freshAdmin, { timeZone: 'Europe/Paris' });
    const imported = await importInto(freshAdmin, target.id, frenchXml, 'schedule.xml', 'draft');
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const names = await fresh.query<{ name: string }>(
      'SELECT DISTINCT v.name FROM events e JOIN venues v ON v.id = e.venue_id WHERE e.edition_id = ? ORDER BY v.name',
      [target.id],
    );
    expect(names.map((row) => row.name)).toEqual(['Old Mill', 'Town square']);
    // A tag new to this instance is labelled in the language the file wrote it in, with its slug.
    const labels = await fresh.query<{ slug: string; locale: string; label: string }>(
      `SELECT t.slug, tt.locale, tt.label FROM tags t JOIN tag_translations tt ON tt.tag_id = t.id WHERE t.slug = 'open-air-places'`,
    );
    expect(labels).toEqual([{ slug: 'open-air-places', locale: 'fr', label: 'En plein air' }]);
  });
});

describe('event GUIDs', () => {
  it('gives a clone’s events GUIDs of their own', async () => {
    const cloned = await source.app.editor.call('POST', `/api/admin/editions/${edition.id}/clone`, { shiftDays: 364 });
    expect(cloned.status, JSON.stringify(cloned.body)).toBe(201);
    const [originals, copies] = await Promise.all([snapshot(source.app.server, edition.id), snapshot(source.app.server, cloned.body.id)]);
    expect(copies).toHaveLength(3);
    expect(copies.map((event) => event.tags)).toEqual(originals.map((event) => event.tags));
    const all = [...originals, ...copies].map((event) => event.guid);
    expect(new Set(all).size).toBe(6);
  });

  it('fills an event without one with the name-based GUID its exports always carried', async () => {
    const event = await createEvent(source.app.editor, { editionId: edition.id, status: 'published', translations: { en: { title: 'Before the column' } } });
    await source.db.$client.execute({ sql: 'UPDATE events SET guid = NULL WHERE id = ?', args: [event.id] });
    expect(await fillEventGuids(source.db)).toBe(1);
    const [row] = await source.app.server.query<{ guid: string }>('SELECT guid FROM events WHERE id = ?', [event.id]);
    expect(row!.guid).toBe(scheduleGuid('event', event.id));
    const xml = await (await source.app.server.get(`/en/hub/edition/${edition.slug}/schedule.xml`)).text();
    expect(xml).toContain(`<event guid="${scheduleGuid('event', event.id)}" id="${event.id}">`);
  });
});

describe('a repeating event through the frab exports', () => {
  it('comes back as one event with its rule, every date written again, from the XML and from the JSON', async () => {
    const weekly = await createEdition(source.app.editor, { status: 'published', timeZone: 'Europe/Paris' });
    const recurrence = { rule: 'FREQ=WEEKLY;COUNT=4', dates: [], exdates: ['2031-05-15T19:00'], changes: [{ on: '2031-05-22T19:00', cancelled: true }] };
    await createEvent(source.app.editor, {
      status: 'published',
      editionId: weekly.id,
      startsAt: '2031-05-08T19:00:00+02:00',
      endsAt: '2031-05-08T21:00:00+02:00',
      recurrence,
      translations: { en: { title: 'Thursday jam session', venueName: 'Jazz cellar' } },
    });
    const datesOf = (server: TestServer, editionId: number) =>
      server.query<{ starts_at: number; event_status: string; series: number | null }>(
        'SELECT starts_at, event_status, series_id IS NOT NULL AS series FROM events WHERE edition_id = ? ORDER BY starts_at',
        [editionId],
      );
    const original = await datesOf(source.app.server, weekly.id);
    expect(original.map((row) => row.event_status)).toEqual(['scheduled', 'cancelled', 'scheduled']);
    for (const format of ['xml', 'json']) {
      // The export lists every date as an event (apps know no rules); the first carries the rule.
      const file = await (await source.app.server.get(`/en/hub/edition/${weekly.slug}/schedule.${format}`)).text();
      expect(file.match(/Thursday jam session/g)).toHaveLength(3);
      const target = await createEdition(freshAdmin, { timeZone: 'Europe/Paris' });
      const imported = await importInto(freshAdmin, target.id, file, `schedule.${format}`);
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      expect(imported.body.created).toBe(1);
      // The second import finds the first one's GUID taken (and says so); both say the event repeats.
      const warnings: { code: string; limit?: number }[] = imported.body.warnings;
      expect(warnings.map((warning) => warning.code)).toEqual(format === 'xml' ? ['REPEATS'] : ['REPEATS', 'GUID_TAKEN']);
      expect(warnings[0]!.limit).toBe(3);
      const [series] = await fresh.query<{ recurrence: string }>('SELECT recurrence FROM events WHERE edition_id = ? AND series_id IS NULL', [target.id]);
      expect(JSON.parse(series!.recurrence)).toEqual(recurrence);
      expect(await datesOf(fresh, target.id)).toEqual(original);
    }
  });
});
