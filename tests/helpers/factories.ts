/**
 * Test data made through the admin API of a running test server, so a test states the content it
 * needs (and goes through the same validation, slugs and cache purges as the programme team)
 * instead of leaning on what the demo content happens to contain. Each factory fills what a
 * public page needs and takes overrides in the API's own shape; titles and names are unique per
 * call so factories never collide on slugs.
 */
import { runUsersCli, signUp } from './auth.ts';
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
 * A local account signed in on `server`, holding `role` (granted the way an operator does, with
 * `npm run users -- grant`) or none. The first account of a database is its admin: ask for 'admin' there
 * (the last administrator cannot be given another role).
 */
export async function createUser(
  server: TestServer,
  role: 'admin' | 'editor' | null,
  email = `${uniqueName('user').replace(' ', '-')}@factories.example`,
): Promise<AdminClient> {
  const cookie = await signUp(server.origin, email);
  const [account] = await server.query<{ role: string | null }>('SELECT role FROM auth_users WHERE email = ?', [email]);
  if (role && account?.role !== role) {
    const granted = await runUsersCli(server.databaseUrl, ['grant', email, role]);
    if (granted.status !== 0) throw new Error(`granting ${role} to ${email} failed: ${granted.output}`);
  }
  return adminClient(server.origin, cookie);
}
