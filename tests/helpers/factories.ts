/**
 * Test data made through the admin API of a running test server, so a test states the content it
 * needs (and goes through the same validation, slugs and cache purges as the programme team)
 * instead of leaning on what the demo content happens to contain. Each factory fills what a
 * public page needs and takes overrides in the API's own shape; titles and names are unique per
 * call so factories never collide on slugs.
 */
import type { Role } from '../../src/server/auth/roles.ts';
import { grantRole, signUp } from './auth.ts';
import { adminClient, type AdminClient } from './admin-client.ts';
import { image, jpegWithGps, pdf } from './admin-files.ts';
import type { TestServer } from './server.ts';

/** What the admin API answers for a created item (the fields tests use most). */
export interface Created {
  id: number;
  slug: string;
  version: number;
  status?: string;
  [field: string]: unknown;
}

type Overrides = Record<string, unknown>;

let sequence = 0;
/** A label unique within this test process. */
export function uniqueName(prefix: string): string {
  sequence += 1;
  return `${prefix} ${sequence}`;
}

async function create(client: AdminClient, collection: string, body: Overrides): Promise<Created> {
  const { status, body: created } = await client.call('POST', `/api/admin/${collection}`, body);
  if (status !== 201) throw new Error(`creating ${collection} failed with ${status}: ${JSON.stringify(created)}`);
  return created as Created;
}

/** A tag with an English label. */
export function createTag(client: AdminClient, overrides: Overrides = {}): Promise<Created> {
  return create(client, 'tags', { translations: { en: { label: uniqueName('Tag') } }, ...overrides });
}

/** A curator (a person) with an English short bio. */
export function createCurator(client: AdminClient, overrides: Overrides = {}): Promise<Created> {
  return create(client, 'curators', { name: uniqueName('Curator'), translations: { en: { shortBio: 'Selects the programme.' } }, ...overrides });
}

/** An organizer (an organisation) with an English description. */
export function createOrganizer(client: AdminClient, overrides: Overrides = {}): Promise<Created> {
  return create(client, 'organizers', {
    name: uniqueName('Organizer'),
    kind: 'organisation',
    translations: { en: { description: 'Runs events.' } },
    ...overrides,
  });
}

/** A draft venue. */
export function createVenue(client: AdminClient, overrides: Overrides = {}): Promise<Created> {
  return create(client, 'venues', { name: uniqueName('Venue'), ...overrides });
}

/** A draft edition over a few weeks in 2031 (pass `status: 'published'` for a public one). */
export function createEdition(client: AdminClient, overrides: Overrides = {}): Promise<Created> {
  return create(client, 'editions', {
    startsAt: '2031-03-01T00:00:00Z',
    endsAt: '2031-03-31T00:00:00Z',
    timeZone: 'Europe/Paris',
    translations: { en: { title: uniqueName('Edition') } },
    ...overrides,
  });
}

/** A draft event with a venue, an evening in 2031 (pass `status: 'published'` for a public one). */
export function createEvent(client: AdminClient, overrides: Overrides = {}): Promise<Created> {
  return create(client, 'events', {
    startsAt: '2031-03-05T18:30:00+01:00',
    endsAt: '2031-03-05T21:00:00+01:00',
    timeZone: 'Europe/Paris',
    venueAddress: '1 rue de la Paix, Paris',
    translations: { en: { title: uniqueName('Event') } },
    ...overrides,
  });
}

/**
 * `count` events made one after another (each with the same overrides, its own title), for tests
 * that need a long list: a full page of cards, a capped feed, pagination.
 */
export async function createEvents(client: AdminClient, count: number, overrides: Overrides = {}): Promise<Created[]> {
  const created: Created[] = [];
  for (let i = 0; i < count; i += 1) created.push(await createEvent(client, overrides));
  return created;
}

/** What `createFilledEvent` made, for the pages and links a test visits. */
export interface FilledEvent {
  event: Created;
  edition: Created;
  tag: Created;
  curator: Created;
  organizer: Created;
  venue: Created;
}

/**
 * A published event with everything its public pages can show, in English, French and German: a
 * cover and a gallery image, a tag, a curator with a photo, an organizer with a logo, a download,
 * a published venue with an address and access notes, in a published edition that shares the
 * cover, curator and download. For tests that walk every kind of public page.
 */
export async function createFilledEvent(client: AdminClient): Promise<FilledEvent> {
  const [cover, picture, photo, logo, file] = await Promise.all([
    createImage(client, {}, 'jpeg', 1600, 900),
    createImage(client),
    createImage(client, {}, 'jpeg', 600, 800),
    createImage(client, {}, 'png', 400, 200),
    createFile(client),
  ]);
  const name = uniqueName('Filled');
  const [tag, curator, organizer, venue] = await Promise.all([
    createTag(client, { translations: { en: { label: `${name} tag` }, fr: { label: `${name} étiquette` }, de: { label: `${name} Schlagwort` } } }),
    createCurator(client, {
      photoMediaId: photo.id,
      translations: { en: { shortBio: 'Selects the programme.' }, fr: { shortBio: 'Choisit le programme.' }, de: { shortBio: 'Wählt das Programm aus.' } },
    }),
    createOrganizer(client, { logoMediaId: logo.id }),
    createVenue(client, {
      status: 'published',
      address: '78 rue Cardinet\n75017 Paris',
      latitude: 48.8848,
      longitude: 2.3076,
      translations: { en: { accessNotes: 'Step-free entrance.' }, fr: { accessNotes: 'Entrée de plain-pied.' }, de: { accessNotes: 'Stufenloser Eingang.' } },
    }),
  ]);
  const edition = await createEdition(client, {
    status: 'published',
    coverMediaId: cover.id,
    curatorIds: [curator.id],
    fileIds: [file.id],
    tagIds: [tag.id],
    translations: { en: { title: `${name} season` }, fr: { title: `Saison ${name}` }, de: { title: `Saison ${name}` } },
  });
  const event = await createEvent(client, {
    status: 'published',
    editionId: edition.id,
    coverMediaId: cover.id,
    mediaIds: [picture.id],
    tagIds: [tag.id],
    curatorIds: [curator.id],
    organizerIds: [organizer.id],
    fileIds: [file.id],
    venueId: venue.id,
    room: 'Salle basse',
    registrationUrl: 'https://tickets.example.org/filled',
    translations: {
      en: { title: `${name} concert`, summary: 'An evening of chamber music.', body: 'Programme notes.\n\n- Haydn\n- Ravel' },
      fr: { title: `Concert ${name}`, summary: 'Une soirée de musique de chambre.', body: 'Notes de programme.\n\n- Haydn\n- Ravel' },
      de: { title: `Konzert ${name}`, summary: 'Ein Abend mit Kammermusik.', body: 'Programmhinweise.\n\n- Haydn\n- Ravel' },
    },
  });
  return { event, edition, tag, curator, organizer, venue };
}

async function upload(client: AdminClient, collection: 'medias' | 'files', bytes: Buffer, type: string, name: string, metadata: Overrides): Promise<Created> {
  const response = await client.upload(collection, new Blob([new Uint8Array(bytes)], { type }), name, metadata);
  const created = await response.json();
  if (response.status !== 201) throw new Error(`uploading ${name} failed with ${response.status}: ${JSON.stringify(created)}`);
  return created as Created;
}

/** An uploaded image (PNG, or a JPEG photo) with English alt text, 640 × 360 unless told. */
export async function createImage(client: AdminClient, metadata: Overrides = {}, format: 'png' | 'jpeg' = 'png', width = 640, height = 360): Promise<Created> {
  const bytes = format === 'png' ? await image('png', width, height) : await jpegWithGps(width, height);
  return upload(client, 'medias', bytes, `image/${format}`, `picture.${format === 'png' ? 'png' : 'jpg'}`, {
    translations: { en: { alt: uniqueName('Picture') } },
    ...metadata,
  });
}

/** An uploaded PDF download named `name`, with bytes of its own (uploads are stored by content). */
export function createFile(client: AdminClient, name = 'programme.pdf', metadata: Overrides = {}): Promise<Created> {
  return upload(client, 'files', pdf(uniqueName('file')), 'application/pdf', name, metadata);
}

/**
 * A local account signed in on `server`, holding `role` (granted as an operator's
 * `npm run users -- grant` does) or none. The first account of a database is its admin: ask for 'admin' there
 * (the last administrator cannot be given another role).
 */
export async function createUser(
  server: TestServer,
  role: Role | null,
  email = `${uniqueName('user').replace(' ', '-')}@factories.example`,
  /** Edition ids the account is limited to (docs/decisions/059); absent = every edition. */
  editions?: readonly number[],
): Promise<AdminClient> {
  const cookie = await signUp(server.origin, email);
  const [account] = await server.query<{ role: string | null }>('SELECT role FROM auth_users WHERE email = ?', [email]);
  if (role && (account?.role !== role || editions)) {
    const granted = await grantRole(server.databaseUrl, email, role, editions);
    if (!granted.ok) throw new Error(`granting ${role} to ${email} failed: ${granted.code}`);
  }
  return adminClient(server.origin, cookie);
}
