/**
 * The lossless edition bundle between two real servers: `GET /api/admin/editions/:id/bundle` on
 * one, `POST /api/admin/editions/bundle` on another with an empty database. Every item comes
 * across field by field — every locale, status, publication date and relation, with new ids —
 * and the stored files byte for byte. Importing twice reuses the tags, venue, people, medias and
 * download; a damaged bundle is refused with a localized 4xx and leaves nothing behind.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { packTar, unpackTar } from 'modern-tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, type CollectionName } from '../../src/lib/collections/index.ts';
import { referenceTargets } from '../../src/lib/collections/declare.ts';
import { bundledCollections } from '../../src/server/bundle/schema.ts';
import { startAdminServer, type AdminClient, type AdminServer } from '../helpers/admin-client.ts';
import {
  createCurator,
  createEdition,
  createEvent,
  createFile,
  createImage,
  createOrganizer,
  createTag,
  createVenue,
  type Created,
} from '../helpers/factories.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever JSON came back
type Item = Record<string, any>;

let source: AdminServer;
let target: AdminServer;

beforeAll(async () => {
  [source, target] = await Promise.all([startAdminServer({ HUB_DEMO: '0' }), startAdminServer({ HUB_DEMO: '0' })]);
});

afterAll(async () => {
  await Promise.all([source?.server.stop(), target?.server.stop()]);
});

const texts = (en: string, fr: string, de: string, field = 'title') => ({ en: { [field]: en }, fr: { [field]: fr }, de: { [field]: de } });

/** What the source holds, by collection: the ids of the items the edition's bundle must carry. */
type Programme = Record<CollectionName, number[]> & { edition: Created };

/** An edition with everything the bundle must carry, in English, French and German. */
async function richEdition(client: AdminClient): Promise<Programme> {
  const [cover, gallery, photo, logo, hall] = await Promise.all([
    createImage(
      client,
      {
        focalX: 0.2,
        focalY: 0.75,
        credit: 'Photo: A. Dupont',
        licence: 'CC BY 4.0',
        translations: { ...texts('Stage', 'Scène', 'Bühne', 'alt'), fr: { alt: 'Scène', caption: 'La grande scène' } },
      },
      'jpeg',
      1600,
      900,
    ),
    createImage(client, { translations: texts('Audience', 'Public', 'Publikum', 'alt') }, 'png', 641, 361),
    createImage(client, {}, 'jpeg', 600, 800),
    createImage(client, {}, 'png', 402, 202),
    createImage(client, {}, 'png', 803, 403),
  ]);
  const file = await createFile(client, 'programme.pdf', {
    translations: {
      en: { title: 'Programme', description: 'Every event' },
      fr: { title: 'Programme', description: 'Tous les événements' },
      de: { title: 'Programm' },
    },
  });
  const [music, talk] = await Promise.all([
    createTag(client, { translations: texts('Music', 'Musique', 'Musik', 'label') }),
    createTag(client, { translations: texts('Talk', 'Conférence', 'Vortrag', 'label') }),
  ]);
  const [ana, ben] = await Promise.all([
    createCurator(client, {
      photoMediaId: photo.id,
      links: [{ label: 'Site', url: 'https://ana.example.org' }],
      translations: {
        en: { shortBio: 'Curates music.', bio: 'Long **bio**.' },
        fr: { shortBio: 'Programme la musique.' },
        de: { shortBio: 'Kuratiert Musik.' },
      },
    }),
    createCurator(client),
  ]);
  const [collective, person] = await Promise.all([
    createOrganizer(client, {
      logoMediaId: logo.id,
      websiteUrl: 'https://collective.example.org',
      translations: texts('Runs the hall.', 'Gère la salle.', 'Betreibt den Saal.', 'description'),
    }),
    createOrganizer(client, { kind: 'person' }),
  ]);
  const venue = await createVenue(client, {
    status: 'published',
    address: '78 rue Cardinet\n75017 Paris',
    latitude: 48.8848,
    longitude: 2.3076,
    websiteUrl: 'https://hall.example.org',
    imageMediaId: hall.id,
    translations: { en: { description: 'A hall.', accessNotes: 'Step-free.' }, fr: { accessNotes: 'De plain-pied.' }, de: { accessNotes: 'Stufenlos.' } },
  });
  const edition = await createEdition(client, {
    status: 'published',
    publishAt: '2031-02-01T09:00:00Z',
    coverMediaId: cover.id,
    tagIds: [music.id, talk.id],
    curatorIds: [ben.id, ana.id],
    fileIds: [file.id],
    translations: {
      en: { title: 'Spring bundle', summary: 'The spring programme.', body: 'Read *this*.' },
      fr: { title: 'Printemps', summary: 'Le programme du printemps.' },
      de: { title: 'Frühling', body: 'Lesen.' },
    },
  });
  const common = { editionId: edition.id, tagIds: [talk.id, music.id], curatorIds: [ana.id, ben.id] };
  const concert = await createEvent(client, {
    ...common,
    status: 'published',
    venueId: venue.id,
    room: 'Salle basse',
    coverMediaId: cover.id,
    mediaIds: [gallery.id, cover.id],
    fileIds: [file.id],
    organizerIds: [person.id, collective.id],
    registrationUrl: 'https://tickets.example.org/concert',
    admission: 'paid',
    priceMin: 12,
    priceMax: 20.5,
    currency: 'EUR',
    availability: 'limited',
    translations: {
      en: { title: 'Concert', summary: 'Chamber music.', body: 'Notes.\n\n- Haydn', venueName: 'Hall' },
      fr: { title: 'Concert', summary: 'Musique de chambre.', body: 'Notes.\n\n- Haydn' },
      de: { title: 'Konzert', summary: 'Kammermusik.' },
    },
  });
  const stream = await createEvent(client, {
    ...common,
    status: 'published',
    eventStatus: 'postponed',
    startsAt: '2031-03-06T20:00:00-05:00',
    endsAt: '2031-03-06T21:00:00-05:00',
    timeZone: 'America/New_York',
    venueAddress: null,
    onlineUrl: 'https://stream.example.org/live',
    admission: 'free',
    // Weekly, three times, the second called off: the bundle carries the rule, the import writes the dates.
    recurrence: { rule: 'FREQ=WEEKLY;COUNT=3', changes: [{ on: '2031-03-13T20:00', cancelled: true }] },
    translations: texts('Stream', 'Diffusion', 'Übertragung'),
  });
  const draft = await createEvent(client, { ...common, unpublishAt: '2031-04-01T00:00:00Z', translations: texts('Rehearsal', 'Répétition', 'Probe') });
  const archived = await createEvent(client, { editionId: edition.id, status: 'published', translations: { en: { title: 'Last year' } } });
  const archiving = await client.call('PATCH', `/api/admin/events/${archived.id}`, { version: archived.version, status: 'archived' });
  expect(archiving.status).toBe(200);
  return {
    edition,
    editions: [edition.id],
    events: [concert.id, stream.id, draft.id, archived.id],
    venues: [venue.id],
    tags: [music.id, talk.id],
    curators: [ana.id, ben.id],
    organizers: [collective.id, person.id],
    medias: [cover.id, gallery.id, photo.id, logo.id, hall.id],
    files: [file.id],
  };
}

/** What a bundle carries (the edition, its events and what they point at), as the declarations give it. */
const bundled: readonly CollectionName[] = bundledCollections;
/** What an import may reuse rather than create again: everything but the edition and its events. */
const reusable = bundled.filter((collection) => collection !== 'editions' && collection !== 'events');

async function getItem(client: AdminClient, collection: CollectionName, id: number): Promise<Item> {
  const { status, body } = await client.call('GET', `/api/admin/${collection}/${id}`);
  expect(status).toBe(200);
  return body;
}

/** How an item is recognised on both servers: its slug, or its stored file (or video link). */
function identityOf(item: Item): string {
  return String(item['slug'] ?? item['storageKey'] ?? item['embedUrl']);
}

/** Every item of the source programme as the admin API shows it, by collection. */
async function readAll(client: AdminClient, ids: Record<CollectionName, number[]>): Promise<Map<CollectionName, Item[]>> {
  const all = new Map<CollectionName, Item[]>();
  for (const collection of bundled) all.set(collection, await Promise.all(ids[collection].map((id) => getItem(client, collection, id))));
  return all;
}

/**
 * An item with what is this instance's own left out (ids, versions, stamps, where used) and every
 * reference replaced by the identity of what it points at, so both servers' items compare whole.
 */
function comparable(collection: CollectionName, item: Item, identities: Map<string, string>): Item {
  const { id: _id, version: _version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, usedBy: _used, draft: _draft, ...rest } = item;
  for (const [field, kind] of Object.entries(collections[collection].references)) {
    const target = referenceTargets[kind!];
    const name = (id: number) => identities.get(`${target}:${id}`) ?? `unknown ${target} ${id}`;
    const value = rest[field];
    if (Array.isArray(value)) rest[field] = value.map(name);
    else if (typeof value === 'number') rest[field] = name(value);
  }
  return rest;
}

function identitiesOf(all: Map<CollectionName, Item[]>): Map<string, string> {
  const identities = new Map<string, string>();
  for (const [collection, items] of all) for (const item of items) identities.set(`${collection}:${item['id']}`, identityOf(item));
  return identities;
}

/** Items by identity, comparable. */
function byIdentity(all: Map<CollectionName, Item[]>): Record<string, Item> {
  const identities = identitiesOf(all);
  const result: Record<string, Item> = {};
  for (const [collection, items] of all) for (const item of items) result[`${collection}:${identityOf(item)}`] = comparable(collection, item, identities);
  return result;
}

async function download(client: AdminClient, editionId: number): Promise<Uint8Array> {
  const response = await client.request('GET', `/api/admin/editions/${editionId}/bundle`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/gzip');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.bundle\.tar\.gz"$/);
  return new Uint8Array(await response.arrayBuffer());
}

function upload(client: AdminClient, bytes: Uint8Array, locale = 'en') {
  return client.request('POST', '/api/admin/editions/bundle', bytes, { 'content-type': 'application/gzip', 'accept-language': locale });
}

/** The archive's entries, to tamper with. */
async function entriesOf(bundle: Uint8Array) {
  return (await unpackTar(gunzipSync(bundle))).map(({ header, data }) => ({ header: { name: header.name, size: data!.byteLength }, body: data! }));
}

async function repack(entries: { header: { name: string; size: number }; body: Uint8Array }[]): Promise<Uint8Array> {
  return gzipSync(await packTar(entries.map((entry) => ({ header: { ...entry.header, size: entry.body.byteLength }, body: entry.body }))));
}

/** Rows per content table and files under the uploads folder of `server`: what "nothing left behind" compares. */
async function footprint(server: AdminServer): Promise<Record<string, number | string[]>> {
  const tables = [...bundled, 'event_translations', 'event_tags', 'audit_log'];
  const counts: Record<string, number | string[]> = {};
  for (const table of tables) counts[table] = (await server.server.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n;
  const uploads = join(server.server.dir, 'uploads');
  counts['files on disk'] = listFiles(uploads);
  return counts;
}

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.parentPath.includes('.staging'))
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

describe('edition bundle between two instances', () => {
  let programme: Programme;
  let bundle: Uint8Array;

  beforeAll(async () => {
    programme = await richEdition(source.editor);
    bundle = await download(source.editor, programme.edition.id);
  });

  it('refuses a damaged bundle with a localized 4xx and leaves nothing behind, files included', async () => {
    // 300 MB of zeros, a few hundred KB once gzip'd. Made first: compressing takes seconds, long
    // enough for the server to close the idle keep-alive connection the next request would reuse.
    const zeros = gzipSync(new Uint8Array(300 * 1024 * 1024));
    const before = await footprint(target);
    const entries = await entriesOf(bundle);
    const manifest = JSON.parse(new TextDecoder().decode(entries.find((entry) => entry.header.name === 'bundle.json')!.body));

    // Valid files, but the last event ends before it starts: the engine refuses it inside the transaction.
    const last = manifest.events.at(-1);
    last.fields.endsAt = '2020-01-01T00:00:00Z';
    const invalid = await upload(
      target.editor,
      await repack(
        entries.map((entry) => (entry.header.name === 'bundle.json' ? { ...entry, body: new TextEncoder().encode(JSON.stringify(manifest)) } : entry)),
      ),
    );
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).errors).toEqual({ [`events.${manifest.events.length - 1}.fields.endsAt`]: ['END_BEFORE_START'] });
    expect(await footprint(target)).toEqual(before);

    // One byte of an image changed: its hash no longer matches.
    const tampered = entries.map((entry) => {
      if (!entry.header.name.startsWith('blobs/') || !entry.header.name.endsWith('.png')) return entry;
      const body = new Uint8Array(entry.body);
      body[body.length - 1] = body.at(-1)! ^ 0xff;
      return { ...entry, body };
    });
    const corrupt = await upload(target.editor, await repack(tampered), 'fr');
    expect(corrupt.status).toBe(422);
    const problem = await corrupt.json();
    expect(problem.code).toBe('BUNDLE_CORRUPT');
    expect(problem.title).toMatch(/^Cette archive est endommagée/);

    // Markup posing as an image, with a hash that matches it: refused as an upload would be.
    const markup = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const sha256 = createHash('sha256').update(markup).digest('hex');
    const disguised = structuredClone(manifest);
    const media = disguised.medias.find((item: Item) => item.blob?.path.endsWith('.png'));
    media.blob = { ...media.blob, path: `blobs/${sha256}.png`, sha256, byteSize: markup.byteLength };
    const withMarkup = await upload(
      target.editor,
      await repack([
        ...entries.map((entry) => (entry.header.name === 'bundle.json' ? { ...entry, body: new TextEncoder().encode(JSON.stringify(disguised)) } : entry)),
        { header: { name: media.blob.path, size: markup.byteLength }, body: markup },
      ]),
    );
    expect(withMarkup.status).toBe(422);
    expect(await withMarkup.json()).toMatchObject({ code: 'BUNDLE_CORRUPT', path: media.blob.path });

    const notABundle = await upload(target.editor, new TextEncoder().encode('not a bundle'), 'de');
    expect(notABundle.status).toBe(400);
    expect((await notABundle.json()).title).toMatch(/^Diese Datei ist kein Ausgabenpaket/);

    const newer = await upload(
      target.editor,
      await repack([{ header: { name: 'bundle.json', size: 0 }, body: new TextEncoder().encode(JSON.stringify({ ...manifest, version: 99 })) }]),
    );
    expect(newer.status).toBe(422);
    expect((await newer.json()).code).toBe('BUNDLE_VERSION_UNSUPPORTED');

    // Refused while unpacking, past 256 MB.
    const bomb = await upload(target.editor, zeros);
    expect(bomb.status).toBe(413);
    expect((await bomb.json()).code).toBe('BUNDLE_TOO_LARGE');

    expect(await footprint(target)).toEqual(before);
  });

  it('imports every item, locale, status, date and relation, and the files byte for byte', async () => {
    const response = await upload(target.editor, bundle);
    const imported = await response.json();
    expect(response.status, JSON.stringify(imported)).toBe(201);
    expect(imported.slug).toBe(programme.edition.slug);
    // 1 edition, 4 events (2 published, 1 draft, 1 archived), 1 venue, 2 tags, 2 curators,
    // 2 organizers, 5 images and 1 download.
    expect(imported.created).toEqual({ editions: 1, events: 4, venues: 1, tags: 2, curators: 2, organizers: 2, medias: 5, files: 1 });
    expect(imported.reused).toEqual({});

    const sourceItems = await readAll(source.editor, programme);
    const events = await target.editor.call('GET', `/api/admin/events?edition=${imported.id}&limit=100`);
    const targetIds = { ...programme } as Record<CollectionName, number[]>;
    // The target's ids of the same items, found by slug or stored file (ids differ between the two).
    for (const collection of bundled) {
      // An event's later dates are rows of their own, not items (decision 049).
      const items = collection === 'events' ? ' WHERE series_id IS NULL' : '';
      const rows = await target.server.query<{ id: number }>(`SELECT id FROM ${collection}${items} ORDER BY id`);
      targetIds[collection] = rows.map((row) => row.id);
    }
    expect(targetIds.events).toHaveLength(4);
    expect((events.body.items as Item[]).map((item) => item['id']).sort()).toEqual(targetIds.events);
    const targetItems = await readAll(target.editor, targetIds);

    const expected = byIdentity(sourceItems);
    const actual = byIdentity(targetItems);
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
    for (const key of Object.keys(expected)) expect(actual[key], key).toEqual(expected[key]);

    // Spot checks of what the comparison covers, stated plainly.
    const concert = actual[`events:${sourceItems.get('events')![0]!['slug']}`]!;
    expect(concert['translations'].fr.summary).toBe('Musique de chambre.');
    expect(concert['tagIds']).toHaveLength(2);
    const cover = actual[`medias:${sourceItems.get('medias')![0]!['storageKey']}`]!;
    expect([cover['focalX'], cover['focalY']]).toEqual([0.2, 0.75]);
    const statuses = (targetItems.get('events') ?? []).map((event) => [event['status'], event['eventStatus']]).sort();
    expect(statuses).toEqual([
      ['archived', 'scheduled'],
      ['draft', 'scheduled'],
      ['published', 'postponed'],
      ['published', 'scheduled'],
    ]);

    // Each event keeps its schedule GUID, so conference apps keep a visitor's favourites.
    const guidsOf = (server: AdminServer['server'], editionId: number) =>
      server.query<{ slug: string; guid: string }>('SELECT slug, guid FROM events WHERE edition_id = ? AND series_id IS NULL ORDER BY slug', [editionId]);
    const sourceGuids = await guidsOf(source.server, programme.edition.id);
    expect(sourceGuids).toHaveLength(4);
    expect(await guidsOf(target.server, imported.id)).toEqual(sourceGuids);
    // The repeating event's later dates are written again from its rule, the called-off one cancelled.
    const datesOf = (server: AdminServer['server'], editionId: number) =>
      server.query<{ starts_at: number; event_status: string }>(
        'SELECT starts_at, event_status FROM events WHERE edition_id = ? AND series_id IS NOT NULL ORDER BY starts_at',
        [editionId],
      );
    const sourceDates = await datesOf(source.server, programme.edition.id);
    expect(sourceDates.map((row) => row.event_status)).toEqual(['cancelled', 'postponed']);
    expect(await datesOf(target.server, imported.id)).toEqual(sourceDates);

    // The stored files: same keys, same bytes.
    const sourceFiles = listFiles(join(source.server.dir, 'uploads')).filter((path) => !path.startsWith('variants/'));
    for (const item of [...sourceItems.get('medias')!, ...sourceItems.get('files')!]) {
      const key = String(item['storageKey']);
      expect(sourceFiles).toContain(key);
      expect(readFileSync(join(target.server.dir, 'uploads', key)).equals(readFileSync(join(source.server.dir, 'uploads', key))), key).toBe(true);
    }

    // One activity entry for the import itself, on the new edition.
    const [entry] = await target.server.query<{ title: string }>(
      `SELECT title FROM audit_log WHERE action = 'import' AND entity = 'edition' AND entity_id = ?`,
      [String(imported.id)],
    );
    expect(entry?.title).toBe(`${programme.edition.slug}.bundle.tar.gz`);
  });

  it('imports the same bundle again as a new edition, reusing the tags, venue, people, images and download', async () => {
    const before = await footprint(target);
    const response = await upload(target.editor, bundle);
    const again = await response.json();
    expect(response.status, JSON.stringify(again)).toBe(201);
    expect(again.slug).toBe(`${programme.edition.slug}-2`);
    expect(again.created).toEqual({ editions: 1, events: 4 });
    // The cover and gallery image the edition and events show; the pictures of the venue and the
    // people, who are reused as they are here, are not needed again.
    expect(again.reused).toEqual({ venues: 1, tags: 2, curators: 2, organizers: 2, medias: 2, files: 1 });
    const after = await footprint(target);
    expect(reusable).toHaveLength(6);
    for (const table of reusable) expect(after[table], table).toBe(before[table]);
    expect(after['editions']).toBe(Number(before['editions']) + 1);
    // Four events, and the two later dates of the repeating one.
    expect(after['events']).toBe(Number(before['events']) + 4 + 2);
    expect(after['files on disk']).toEqual(before['files on disk']);
    // The first import holds the GUIDs: the copies get their own, all distinct.
    const guids = await target.server.query<{ guid: string }>('SELECT guid FROM events WHERE edition_id = ? AND series_id IS NULL', [again.id]);
    expect(guids).toHaveLength(4);
    const all = await target.server.query<{ n: number; distinct_guids: number }>('SELECT count(*) AS n, count(DISTINCT guid) AS distinct_guids FROM events');
    expect(all[0]!.distinct_guids).toBe(all[0]!.n);
  });

  it('keeps a venue already here as it is, and leaves out the bundled picture only that venue used', async () => {
    const picture = await createImage(source.editor, {}, 'png', 509, 307);
    const venue = await createVenue(source.editor, { imageMediaId: picture.id, address: 'Source street' });
    const edition = await createEdition(source.editor);
    await createEvent(source.editor, { editionId: edition.id, venueId: venue.id });
    const here = await createVenue(target.editor, { slug: venue.slug, name: 'Our own hall' });
    const before = await footprint(target);

    const response = await upload(target.editor, await download(source.editor, edition.id));
    const imported = await response.json();
    expect(response.status, JSON.stringify(imported)).toBe(201);
    expect(imported.created).toEqual({ editions: 1, events: 1 });
    expect(imported.reused).toEqual({ venues: 1 });
    const after = await footprint(target);
    expect([after['medias'], after['venues']]).toEqual([before['medias'], before['venues']]);
    expect(after['files on disk']).toEqual(before['files on disk']);
    const kept = await getItem(target.editor, 'venues', here.id);
    expect([kept['name'], kept['address'], kept['imageMediaId']]).toEqual(['Our own hall', null, null]);
    const [event] = await target.server.query<{ venue_id: number }>('SELECT venue_id FROM events WHERE edition_id = ?', [imported.id]);
    expect(event?.venue_id).toBe(here.id);
  });

  it('is offered to editors, not to an account without a role', async () => {
    const screen = await source.editor.request('GET', `/en/admin/editions/${programme.edition.id}`);
    expect(await screen.text()).toContain(`href="/api/admin/editions/${programme.edition.id}/bundle"`);
    expect((await source.visitor.request('GET', `/api/admin/editions/${programme.edition.id}/bundle`)).status).toBe(403);
    expect((await upload(target.visitor, bundle)).status).toBe(403);
    expect((await source.editor.request('GET', '/api/admin/editions/999999/bundle')).status).toBe(404);
  });
});
