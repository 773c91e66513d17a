/**
 * The public read API against the built server (decision 032): its OpenAPI document passes a
 * maintained linter, every documented operation answers what the document says (status, headers,
 * body checked with a JSON Schema 2020-12 validator), only published content is shown, hub
 * filters and cursors work, texts say which locale they came from, and answers are cached and
 * purged like hub pages, the same for everyone.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClient } from '../helpers/admin-client.ts';
import { mp3, mp4 } from '../helpers/admin-files.ts';
import { cacheState } from '../helpers/cache-state.ts';
import {
  createCurator,
  createEdition,
  createEvent,
  createFile,
  createImage,
  createOrganizer,
  createTag,
  createUser,
  type Created,
} from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const API = '/api/public/v1';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read from the API
type Json = Record<string, any>;

let server: TestServer;
let admin: AdminClient;
let edition: Created;
let tag: Created;
let otherTag: Created;
let venue: Created;
let curator: Created;
let organizer: Created;
let first: Created;
let second: Created;
let third: Created;
let untagged: Created;
let draft: Created;
let scheduled: Created;
let withdrawn: Created;
let cover: Created;
let galleryImage: Created;
let trailer: Created;
let clip: Created;
let song: Created;
let programme: Created;
let pressKit: Created;
let photo: Created;
let logo: Created;
let venueImage: Created;
let editionCover: Created;
let draftCover: Created;

async function json(path: string, init?: RequestInit): Promise<{ status: number; body: Json; headers: Headers }> {
  const response = await server.get(path, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  admin = await createUser(server, 'admin');
  cover = await createImage(admin, {
    credit: 'Photo: Ana Martin',
    licence: 'CC BY 4.0',
    focalX: 0.25,
    focalY: 0.75,
    translations: { en: { alt: 'The stage at night' }, fr: { alt: 'La scène la nuit' } },
  });
  galleryImage = await createImage(admin, { translations: { en: { alt: 'The audience', caption: 'Second row' } } }, 'jpeg', 800, 600);
  const link = await admin.call('POST', '/api/admin/medias', { embedUrl: 'https://youtu.be/dQw4w9WgXcQ', translations: { en: { alt: 'Festival trailer' } } });
  expect(link.status).toBe(201);
  trailer = link.body as Created;
  const uploadMedia = async (bytes: Buffer, type: string, name: string, alt: string) => {
    const response = await admin.upload('medias', new Blob([new Uint8Array(bytes)], { type }), name, { translations: { en: { alt } } });
    expect(response.status).toBe(201);
    return (await response.json()) as Created;
  };
  clip = await uploadMedia(mp4(), 'video/mp4', 'rehearsal.mp4', 'Rehearsal clip');
  song = await uploadMedia(mp3(), 'audio/mpeg', 'song.mp3', 'Opening song');
  programme = await createFile(admin, 'programme.pdf', {
    translations: { en: { title: 'Programme' }, fr: { title: 'Programme (fr)', description: 'Toutes les dates.' } },
  });
  pressKit = await createFile(admin, 'press-kit.pdf', { translations: { en: { title: 'Press kit' } } });
  // Uploads are stored by content: distinct sizes give each image its own address.
  [photo, logo, venueImage, editionCover, draftCover] = await Promise.all([
    createImage(admin),
    createImage(admin, {}, 'png', 320, 320),
    createImage(admin, {}, 'png', 960, 540),
    createImage(admin, {}, 'png', 1280, 720),
    createImage(admin, {}, 'png', 400, 300),
  ]);
  tag = await createTag(admin, { translations: { en: { label: 'Jazz' }, fr: { label: 'Jazz (fr)' } } });
  otherTag = await createTag(admin);
  const createdVenue = await admin.call('POST', '/api/admin/venues', {
    name: 'Salle Pleyel',
    status: 'published',
    address: '252 rue du Faubourg Saint-Honoré',
    imageMediaId: venueImage.id,
  });
  expect(createdVenue.status).toBe(201);
  venue = createdVenue.body as Created;
  curator = await createCurator(admin, { photoMediaId: photo.id });
  organizer = await createOrganizer(admin, { logoMediaId: logo.id });
  edition = await createEdition(admin, {
    status: 'published',
    curatorIds: [curator.id],
    tagIds: [tag.id],
    coverMediaId: editionCover.id,
    fileIds: [pressKit.id],
  });
  const evening = (day: number) => ({
    startsAt: `2031-03-${String(day).padStart(2, '0')}T18:30:00+01:00`,
    endsAt: `2031-03-${String(day).padStart(2, '0')}T21:00:00+01:00`,
  });
  first = await createEvent(admin, {
    status: 'published',
    editionId: edition.id,
    tagIds: [tag.id],
    venueId: venue.id,
    venueAddress: null,
    curatorIds: [curator.id],
    organizerIds: [organizer.id],
    coverMediaId: cover.id,
    mediaIds: [galleryImage.id, trailer.id, clip.id, song.id],
    fileIds: [programme.id],
    ...evening(5),
    translations: { en: { title: 'Opening Night', summary: 'Doors at six.', body: 'A **long** night.' }, fr: { title: 'Soirée d’ouverture' } },
  });
  second = await createEvent(admin, { status: 'published', editionId: edition.id, tagIds: [tag.id, otherTag.id], eventStatus: 'cancelled', ...evening(6) });
  third = await createEvent(admin, { status: 'published', editionId: edition.id, tagIds: [tag.id], ...evening(7) });
  untagged = await createEvent(admin, { status: 'published', editionId: edition.id, ...evening(8) });
  draft = await createEvent(admin, { editionId: edition.id, tagIds: [tag.id], coverMediaId: draftCover.id, ...evening(9) });
  scheduled = await createEvent(admin, { status: 'published', publishAt: '2030-01-01T00:00:00Z', editionId: edition.id, tagIds: [tag.id], ...evening(10) });
  withdrawn = await createEvent(admin, { status: 'published', unpublishAt: '2020-01-01T00:00:00Z', editionId: edition.id, tagIds: [tag.id], ...evening(11) });
});
afterAll(() => server?.stop());

describe('the OpenAPI document', () => {
  it('passes the Redocly linter’s recommended rules without an error or a warning', async () => {
    const { status, body } = await json(`${API}/openapi.json`);
    expect(status).toBe(200);
    expect(body['openapi']).toBe('3.1.0');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(body), absoluteRef: `${server.origin}${API}/openapi.json`, config });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual([]);
  });

  it('describes every response the API sends: each documented operation and status, called for real', async () => {
    const { body: doc } = await json(`${API}/openapi.json`);
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    ajv.addFormat('uri', (value: string) => URL.canParse(value));
    ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
    ajv.addSchema(doc, 'openapi.json');
    const pointer = (...segments: string[]) => segments.map((segment) => segment.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
    const samples: Record<string, Created> = { events: first, editions: edition, curators: curator, organizers: organizer, venues: venue, tags: tag };

    const documented = new Set<string>();
    const exercised = new Set<string>();
    const check = async (path: string, method: 'get', url: string, init: RequestInit, expected: string) => {
      const operation = doc.paths[path][method];
      const documentedResponse = operation.responses[expected];
      expect(documentedResponse, `${method} ${path} documents ${expected}`).toBeDefined();
      const response = await server.get(url, { method: method.toUpperCase(), ...init });
      expect(response.status, `${method.toUpperCase()} ${url}`).toBe(Number(expected));
      for (const header of Object.keys(documentedResponse.headers ?? {})) expect(response.headers.get(header), `${url} ${expected} ${header}`).not.toBeNull();
      const text = await response.text();
      const [type] = Object.keys(documentedResponse.content ?? {});
      if (type) {
        expect(response.headers.get('content-type')).toContain(type);
        const validate = ajv.compile({ $ref: `openapi.json#/${pointer('paths', path, method, 'responses', expected, 'content', type, 'schema')}` });
        const valid = validate(JSON.parse(text));
        expect(validate.errors ?? [], `${url} ${expected}`).toEqual([]);
        expect(valid).toBe(true);
      } else {
        expect(text).toBe('');
      }
      exercised.add(`${method} ${path} ${expected}`);
      return response;
    };

    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      const { parameters: _shared, ...operations } = item;
      for (const [method, operation] of Object.entries<Json>(operations)) {
        for (const status of Object.keys(operation['responses'])) documented.add(`${method} ${path} ${status}`);
      }
      const resource = path.split('/')[1]!;
      const url = `${API}${path.replace('{idOrSlug}', String(samples[resource]?.id))}`;
      const listed = `${url}${path === '/events' ? `?edition=${edition.slug}&tag=${tag.slug}` : ''}`;
      const ok = await check(path, 'get', listed, {}, '200');
      await check(path, 'get', listed, { headers: { 'if-none-match': ok.headers.get('etag')! } }, '304');
      await check(path, 'get', `${url}?locale=xx`, {}, '400');
      if (operations['get'].responses['404']) await check(path, 'get', `${API}${path.replace('{idOrSlug}', 'no-such-thing')}`, {}, '404');
    }
    expect([...exercised].sort()).toEqual([...documented].sort());
    // By slug as well as by id.
    expect((await json(`${API}/events/${first.slug}`)).body['id']).toBe(first.id);
  });
});

describe('published content only', () => {
  it('lists published events of an edition with a tag, never drafts, scheduled or withdrawn ones', async () => {
    const { status, body } = await json(`${API}/events?edition=${edition.slug}&tag=${tag.slug}`);
    expect(status).toBe(200);
    expect(body['data'].map((event: Json) => event['id'])).toEqual([first.id, second.id, third.id]);
    expect(body['nextCursor']).toBeNull();
  });

  it('answers 404 for one draft, scheduled or withdrawn event, by id and by slug', async () => {
    for (const hidden of [draft, scheduled, withdrawn]) {
      for (const key of [hidden.id, hidden.slug]) {
        const { status, body, headers } = await json(`${API}/events/${key}`);
        expect(status).toBe(404);
        expect(body['code']).toBe('NOT_FOUND');
        expect(headers.get('content-type')).toContain('application/problem+json');
      }
    }
  });

  it('takes every hub filter by the hub’s names: venue, dates, time and the event’s status', async () => {
    const ids = async (query: string) => (await json(`${API}/events?${query}`)).body['data'].map((event: Json) => event['id']);
    expect(await ids(`venue=${venue.slug}`)).toEqual([first.id]);
    expect(await ids(`edition=${edition.slug}&from=2031-03-06&to=2031-03-07`)).toEqual([second.id, third.id]);
    expect(await ids(`edition=${edition.slug}&status=cancelled`)).toEqual([second.id]);
    expect(await ids(`edition=${edition.slug}&when=past`)).toEqual([]);
    expect(await ids(`tag=${otherTag.slug}`)).toEqual([second.id]);
    expect(await ids(`edition=no-such-edition`)).toEqual([]);
  });

  it('shows each translated text with the locale it came from, and hub links in the locale asked for', async () => {
    const { body } = await json(`${API}/events/${first.id}?locale=fr`);
    expect(body['title']).toEqual({ value: 'Soirée d’ouverture', locale: 'fr' });
    expect(body['url']).toBe(`${server.origin}/fr/hub/event/${first.slug}`);
    expect(body['venue']).toMatchObject({ id: venue.id, slug: venue.slug, url: `${server.origin}/fr/hub/venue/${venue.slug}` });
    expect(body['curators']).toEqual([expect.objectContaining({ id: curator.id })]);
    expect(body['tags']).toEqual([expect.objectContaining({ id: tag.id, label: { value: 'Jazz (fr)', locale: 'fr' } })]);
    const listed = (await json(`${API}/events?edition=${edition.slug}&locale=fr&limit=1`)).body['data'][0];
    // The list falls back field by field, like the hub's cards: a French title, the English summary.
    expect(listed['title']).toEqual({ value: 'Soirée d’ouverture', locale: 'fr' });
    expect(listed['summary']).toEqual({ value: 'Doors at six.', locale: 'en' });
    const english = (await json(`${API}/events/${second.id}?locale=de`)).body;
    expect(english['title']['locale']).toBe('en');
  });
});

describe('images and files', () => {
  const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

  it('shows the cover, gallery and files of an event as its page does: hub addresses, size, focal point, credit, licence and translated texts', async () => {
    const { body } = await json(`${API}/events/${first.id}?locale=fr`);
    expect(body['cover']).toEqual({
      id: cover.id,
      url: `${server.origin}/media/${cover['storageKey']}`,
      contentType: 'image/png',
      width: 640,
      height: 360,
      focalPoint: { x: 0.25, y: 0.75 },
      alt: { value: 'La scène la nuit', locale: 'fr' },
      caption: null,
      credit: 'Photo: Ana Martin',
      licence: 'CC BY 4.0',
    });
    expect(body['gallery']).toEqual([
      expect.objectContaining({
        kind: 'image',
        id: galleryImage.id,
        width: 800,
        height: 600,
        contentType: 'image/jpeg',
        // Not translated: the English text, saying so.
        alt: { value: 'The audience', locale: 'en' },
        caption: { value: 'Second row', locale: 'en' },
      }),
      {
        kind: 'embed',
        id: trailer.id,
        provider: 'youtube',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        title: { value: 'Festival trailer', locale: 'en' },
        caption: null,
        credit: null,
        licence: null,
      },
      expect.objectContaining({
        kind: 'video',
        id: clip.id,
        url: `${server.origin}/media/${clip['storageKey']}`,
        contentType: 'video/mp4',
        title: { value: 'Rehearsal clip', locale: 'en' },
      }),
      expect.objectContaining({
        kind: 'audio',
        id: song.id,
        url: `${server.origin}/media/${song['storageKey']}`,
        contentType: 'audio/mpeg',
        title: { value: 'Opening song', locale: 'en' },
      }),
    ]);
    expect(body['files']).toEqual([
      {
        id: programme.id,
        title: { value: 'Programme (fr)', locale: 'fr' },
        description: { value: 'Toutes les dates.', locale: 'fr' },
        fileName: 'programme.pdf',
        url: `${server.origin}/files/${programme['storageKey']}`,
        contentType: 'application/pdf',
        size: expect.any(Number),
      },
    ]);
    // The list shows the same cover as the page.
    const listed = (await json(`${API}/events?edition=${edition.slug}&locale=fr&limit=1`)).body['data'][0];
    expect(listed['cover']).toEqual(body['cover']);
  });

  it('shows the cover and files of an edition, a curator’s photo, an organizer’s logo and a venue’s image', async () => {
    const editionBody = (await json(`${API}/editions/${edition.slug}`)).body;
    expect(editionBody['cover']).toMatchObject({ id: editionCover.id, alt: { locale: 'en' } });
    expect(editionBody['files']).toEqual([
      expect.objectContaining({ id: pressKit.id, title: { value: 'Press kit', locale: 'en' }, fileName: 'press-kit.pdf' }),
    ]);
    expect((await json(`${API}/editions`)).body['data'].find((item: Json) => item['id'] === edition.id)['cover']).toEqual(editionBody['cover']);
    expect((await json(`${API}/curators/${curator.id}`)).body['photo']).toMatchObject({ id: photo.id, width: 640, height: 360 });
    expect((await json(`${API}/organizers/${organizer.id}`)).body['logo']).toMatchObject({ id: logo.id, width: 320, height: 320 });
    expect((await json(`${API}/venues/${venue.id}`)).body['image']).toMatchObject({ id: venueImage.id, width: 960, height: 540 });
    // Lists show the same images as the pages.
    const firstOf = async (path: string, id: number) => (await json(`${API}/${path}`)).body['data'].find((item: Json) => item['id'] === id);
    expect((await firstOf('curators', curator.id))['photo']).toEqual((await json(`${API}/curators/${curator.id}`)).body['photo']);
    expect((await firstOf('organizers', organizer.id))['logo']).toMatchObject({ id: logo.id });
    expect((await firstOf('venues', venue.id))['image']).toMatchObject({ id: venueImage.id });
  });

  it('gives addresses the built server answers with the stated type and size', async () => {
    const event = (await json(`${API}/events/${first.id}`)).body;
    const editionBody = (await json(`${API}/editions/${edition.slug}`)).body;
    const images = [
      event['cover'],
      event['gallery'][0],
      editionBody['cover'],
      (await json(`${API}/curators/${curator.id}`)).body['photo'],
      (await json(`${API}/organizers/${organizer.id}`)).body['logo'],
      (await json(`${API}/venues/${venue.id}`)).body['image'],
    ];
    for (const item of [...images, event['gallery'][2], event['gallery'][3], event['files'][0], editionBody['files'][0]]) {
      const response = await server.get(pathOf(item['url']));
      expect(response.status, item['url']).toBe(200);
      expect(response.headers.get('content-type')).toContain(item['contentType']);
      const bytes = (await response.arrayBuffer()).byteLength;
      if ('size' in item) expect(bytes).toBe(item['size']);
    }
    // The resized copies the document names answer too.
    const resized = await server.get(`${pathOf(event['cover']['url'])}?w=320&fm=webp`);
    expect(resized.status).toBe(200);
    expect(resized.headers.get('content-type')).toBe('image/webp');
  });

  it('never shows a medium only an unpublished item uses', async () => {
    const answers = await Promise.all(
      [`${API}/events?edition=${edition.slug}&when=all&limit=100`, `${API}/editions/${edition.slug}`].map((url) => server.get(url)),
    );
    for (const answer of answers) expect(await answer.text()).not.toContain(String(draftCover['storageKey']));
  });
});

describe('cursor pagination', () => {
  it('walks a filtered list page by page, in order, without repeats, to a last page without cursor', async () => {
    const seen: number[] = [];
    let url: string | null = `${API}/events?edition=${edition.slug}&limit=1`;
    while (url) {
      const { status, body } = await json(url);
      expect(status).toBe(200);
      expect(body['data']).toHaveLength(1);
      seen.push(body['data'][0]['id']);
      url = body['links']['next'] ? new URL(body['links']['next']).pathname + new URL(body['links']['next']).search : null;
      if (url) expect(url).toContain(`cursor=${body['nextCursor']}`);
    }
    expect(seen).toEqual([first.id, second.id, third.id, untagged.id]);
  });

  it('refuses a malformed cursor, or one from another query, with 400 naming the parameter', async () => {
    const page = (await json(`${API}/events?edition=${edition.slug}&limit=1`)).body;
    for (const url of [`${API}/events?cursor=not-a-cursor!`, `${API}/events?cursor=${page['nextCursor']}`, `${API}/tags?cursor=${page['nextCursor']}`]) {
      const { status, body } = await json(url);
      expect(status, url).toBe(400);
      expect(body).toMatchObject({ code: 'INVALID_PARAMETER', errors: { cursor: ['INVALID'] } });
    }
  });

  it('refuses a forged or tampered cursor with 400, never a 500', async () => {
    const page = (await json(`${API}/events?limit=1`)).body;
    const [body, signature] = String(page['nextCursor']).split('.') as [string, string];
    const { s } = JSON.parse(Buffer.from(body, 'base64url').toString()) as { s: string };
    const forge = (k: number[]) => Buffer.from(JSON.stringify({ s, k })).toString('base64url');
    const extreme = [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
    for (const cursor of [forge(extreme), `${forge(extreme)}.${signature}`, `${forge([1_900_000_000_000, 1])}.${signature}`, `${body}.${'A'.repeat(43)}`]) {
      const answer = await json(`${API}/events?limit=1&cursor=${cursor}`);
      expect(answer.status, cursor).toBe(400);
      expect(answer.body).toMatchObject({ code: 'INVALID_PARAMETER', errors: { cursor: ['INVALID'] } });
    }
    expect(server.logs()).not.toMatch(/select .* from/i);
  });

  it('refuses bad filters, limits and unknown parameters with a localized 400, never a 500', async () => {
    const cases: [string, string][] = [
      ['from=2031-13-45', 'from'],
      ['edition=Not%20A%20Slug', 'edition'],
      ['when=soon', 'when'],
      ['status=lost', 'status'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['page=2', 'page'],
      ['tag=a&tag=b', 'tag'],
    ];
    for (const [query, field] of cases) {
      const { status, body, headers } = await json(`${API}/events?${query}&locale=de`);
      expect(status, query).toBe(400);
      expect(body['errors'], query).toHaveProperty(field);
      expect(body['title']).toBe('Ein Parameter dieser Anfrage ist ungültig: siehe errors für jeden einzelnen.');
      expect(headers.get('access-control-allow-origin')).toBe('*');
    }
  });
});

describe('caching, purges and CORS', () => {
  it('is served from the page cache, answers 304 to its ETag, and shows a write at once', async () => {
    const url = `${API}/events/${third.id}`;
    const miss = await server.get(url);
    const etag = miss.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(miss.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
    const hit = await server.get(url);
    expect(cacheState(hit)).toBe('HIT');
    expect(hit.headers.get('etag')).toBe(etag);
    const notModified = await server.get(url, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);

    const current = await admin.call('GET', `/api/admin/events/${third.id}`);
    const renamed = await admin.call('PATCH', `/api/admin/events/${third.id}`, {
      version: current.body['version'],
      translations: { en: { title: 'Closing Night' } },
    });
    expect(renamed.status).toBe(200);
    const after = await server.get(url);
    expect(cacheState(after)).toBe('MISS');
    expect(((await after.json()) as Json)['title']).toEqual({ value: 'Closing Night', locale: 'en' });
    expect((await server.get(url, { headers: { 'if-none-match': etag } })).status).toBe(200);
    // A write elsewhere purges every API answer (`hub`); the re-render of unchanged content still answers 304.
    const identity = { 'accept-encoding': 'identity' };
    const fresh = (await server.get(url, { headers: identity })).headers.get('etag')!;
    await createTag(admin);
    const revalidated = await server.get(url, { headers: { ...identity, 'if-none-match': fresh } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(fresh);
    // Rendered again after the purge (a miss), and the new body's hash still matches.
    expect(cacheState(revalidated)).toBe('MISS');
    // The list naming it is purged too.
    const list = (await json(`${API}/events?edition=${edition.slug}&tag=${tag.slug}`)).body;
    expect(list['data'].map((event: Json) => event['title']['value'])).toContain('Closing Night');
  });

  it('answers the same bytes to a signed-in admin as to anyone, and never sets a cookie', async () => {
    const url = `${API}/editions/${edition.slug}`;
    const anonymous = await server.get(url);
    const signedIn = await server.get(url, { headers: { cookie: admin.cookie } });
    expect(signedIn.headers.get('etag')).toBe(anonymous.headers.get('etag'));
    expect(await signedIn.text()).toBe(await anonymous.text());
    expect(signedIn.headers.get('set-cookie')).toBeNull();
  });

  it('lets any site read it (CORS without credentials) and refuses writes with 405', async () => {
    const response = await server.get(`${API}/tags`, { headers: { origin: 'https://partner.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await server.get(`${API}/events`, {
      method: 'OPTIONS',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    const post = await server.get(`${API}/events`, { method: 'POST', headers: { origin: server.origin, 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('answers HEAD as GET, without a body', async () => {
    const url = `${API}/venues/${venue.slug}`;
    const got = await server.get(url);
    const head = await server.get(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(got.headers.get('etag'));
    expect(await head.text()).toBe('');
  });

  it('is kept by no cache past the next scheduled publication', async () => {
    const soon = new Date(Date.now() + 45_000).toISOString();
    await createEvent(admin, { status: 'published', publishAt: soon });
    const { headers } = await json(`${API}/tags?locale=de`);
    const maxAge = Number(/s-maxage=(\d+)/.exec(headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeLessThanOrEqual(45);
    expect(headers.get('cache-control')).toContain('stale-while-revalidate=0');
  });

  it('lists people, venues and tags only while something public shows them', async () => {
    const lonelyCurator = await createCurator(admin);
    const ids = async (resource: string) => (await json(`${API}/${resource}`)).body['data'].map((item: Json) => item['id']);
    expect(await ids('curators')).toEqual([curator.id]);
    expect(await ids('curators')).not.toContain(lonelyCurator.id);
    expect(await ids('organizers')).toEqual([organizer.id]);
    expect(await ids('venues')).toEqual([venue.id]);
    expect(await ids('tags')).toEqual([tag.id, otherTag.id]);
    expect((await json(`${API}/curators/${lonelyCurator.id}`)).status).toBe(404);
    expect((await json(`${API}/unknown-things`)).status).toBe(404);
  });
});

describe('filters on people, venues and tags', () => {
  let other: Created;
  let otherVenue: Created;
  let otherCurator: Created;
  let editionCurator: Created;
  let otherOrganizer: Created;
  let streetArt: Created;
  let hiddenEdition: Created;

  beforeAll(async () => {
    otherVenue = (await admin.call('POST', '/api/admin/venues', { name: 'Théâtre du Châtelet', status: 'published', address: '1 place du Châtelet' }))
      .body as Created;
    otherCurator = await createCurator(admin, { name: 'Zoë Ångström' });
    editionCurator = await createCurator(admin, { name: 'Édith Lenoir' });
    otherOrganizer = await createOrganizer(admin, { name: 'Collectif Été' });
    streetArt = await createTag(admin, { translations: { en: { label: 'Street art' }, fr: { label: 'Art de rue' }, de: { label: 'Straßenkunst' } } });
    other = await createEdition(admin, {
      status: 'published',
      curatorIds: [editionCurator.id],
      startsAt: '2031-04-01T00:00:00Z',
      endsAt: '2031-04-30T00:00:00Z',
    });
    const april = { startsAt: '2031-04-05T18:30:00+02:00', endsAt: '2031-04-05T21:00:00+02:00' };
    await createEvent(admin, {
      status: 'published',
      editionId: other.id,
      venueId: otherVenue.id,
      venueAddress: null,
      curatorIds: [otherCurator.id],
      organizerIds: [otherOrganizer.id],
      tagIds: [streetArt.id, tag.id],
      ...april,
    });
    // A draft of the same edition names the first edition's people, venue and tag: they must not count.
    await createEvent(admin, {
      editionId: other.id,
      venueId: venue.id,
      curatorIds: [curator.id],
      organizerIds: [organizer.id],
      tagIds: [otherTag.id],
      ...april,
    });
    // A draft edition's curator and events are not public either.
    hiddenEdition = await createEdition(admin, { curatorIds: [curator.id] });
  });

  const ids = async (path: string) => {
    const { status, body } = await json(`${API}/${path}`);
    expect(status, path).toBe(200);
    return body['data'].map((item: Json) => item['id']);
  };

  it('narrows each list to an edition: what its public events show, and for curators the edition’s own', async () => {
    expect(await ids(`curators?edition=${other.slug}`)).toEqual([otherCurator.id, editionCurator.id]);
    expect(await ids(`curators?edition=${edition.slug}`)).toEqual([curator.id]);
    expect(await ids(`organizers?edition=${other.slug}`)).toEqual([otherOrganizer.id]);
    expect(await ids(`organizers?edition=${edition.slug}`)).toEqual([organizer.id]);
    expect(await ids(`venues?edition=${other.slug}`)).toEqual([otherVenue.id]);
    expect(await ids(`venues?edition=${edition.slug}`)).toEqual([venue.id]);
    expect(await ids(`tags?edition=${other.slug}`)).toEqual([tag.id, streetArt.id]);
    expect(await ids(`tags?edition=${edition.slug}`)).toEqual([tag.id, otherTag.id]);
    for (const resource of ['curators', 'organizers', 'venues', 'tags']) {
      expect(await ids(`${resource}?edition=no-such-edition`)).toEqual([]);
      expect(await ids(`${resource}?edition=${hiddenEdition.slug}`)).toEqual([]);
    }
  });

  it('finds names and labels containing the words, whatever the case and accents, in any locale', async () => {
    expect(await ids('curators?q=zoe%20ANGSTROM')).toEqual([otherCurator.id]);
    expect(await ids(`curators?q=${encodeURIComponent('ÉDITH')}`)).toEqual([editionCurator.id]);
    expect(await ids('organizers?q=ete')).toEqual([otherOrganizer.id]);
    expect(await ids('venues?q=chatelet')).toEqual([otherVenue.id]);
    expect(await ids('venues?q=pleyel')).toEqual([venue.id]);
    // Labels in every locale, whatever the locale asked for.
    expect(await ids('tags?q=kunst')).toEqual([streetArt.id]);
    expect(await ids('tags?q=art%20de%20rue&locale=en')).toEqual([streetArt.id]);
    expect(await ids('tags?q=JAZZ')).toEqual([tag.id]);
    expect(await ids(`curators?edition=${other.slug}&q=zoe`)).toEqual([otherCurator.id]);
    expect(await ids(`curators?edition=${edition.slug}&q=zoe`)).toEqual([]);
    expect(await ids('organizers?q=nobody-has-this-name')).toEqual([]);
  });

  it('walks a filtered list by cursor, a cursor only continues its own filters, and bad values answer 400', async () => {
    const pageOne = (await json(`${API}/curators?edition=${other.slug}&limit=1`)).body;
    expect(pageOne['data'].map((item: Json) => item['id'])).toEqual([otherCurator.id]);
    const next = new URL(pageOne['links']['next']);
    expect(next.searchParams.get('edition')).toBe(other.slug);
    const pageTwo = (await json(next.pathname + next.search)).body;
    expect(pageTwo['data'].map((item: Json) => item['id'])).toEqual([editionCurator.id]);
    expect(pageTwo['nextCursor']).toBeNull();
    const qPage = (await json(`${API}/tags?q=a&limit=1`)).body;
    expect(qPage['nextCursor']).not.toBeNull();

    const cases: [string, string][] = [
      [`curators?edition=${edition.slug}&cursor=${pageOne['nextCursor']}`, 'cursor'],
      [`curators?cursor=${pageOne['nextCursor']}`, 'cursor'],
      [`tags?q=b&cursor=${qPage['nextCursor']}`, 'cursor'],
      ['venues?q=', 'q'],
      [`organizers?q=${'x'.repeat(101)}`, 'q'],
      ['tags?q=a&q=b', 'q'],
      ['curators?edition=Not%20A%20Slug', 'edition'],
      ['venues?edition=a--b', 'edition'],
    ];
    for (const [path, field] of cases) {
      const { status, body, headers } = await json(`${API}/${path}&locale=fr`);
      expect(status, path).toBe(400);
      expect(headers.get('content-type')).toContain('application/problem+json');
      expect(body, path).toMatchObject({ code: 'INVALID_PARAMETER', errors: { [field]: [expect.any(String)] } });
      expect(body['title']).toBe('Un paramètre de cette requête n’est pas valide\u202F: voyez errors pour chacun.');
    }
  });
});
