/**
 * The validation matrix: for each of the seven collections, a list of bad requests (≥ 20 per
 * collection) and the exact 4xx each must get, as problem+json with a stable code and the field
 * path of the error. No bad input may reach a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { image, pdf } from '../helpers/admin-files.ts';
import { createEdition } from '../helpers/factories.ts';
import { collectionNames, collections as declarations, type CollectionName } from '../../src/lib/collections/index.ts';

interface Bad {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Relative to the collection (`''`, `/:id`, `/bulk`…); `:id` is an existing item (also in a bulk body's `ids`). */
  path: string;
  body?: unknown;
  /** Raw body instead of JSON, with its content type. */
  raw?: { type: string; data: BodyInit };
  status: number;
  code: string;
  /** Field path expected in `errors`, with the expected code. */
  field?: [string, string];
}

// Every collection, from the registry: a new one fails here until its cases are written.
const collections = collectionNames;
type Collection = CollectionName;
const jsonCollections: Collection[] = collectionNames.filter((collection) => !declarations[collection].upload);

const valid: Partial<Record<CollectionName, Record<string, unknown>>> = {
  curators: { name: 'Valid Curator' },
  editions: { startsAt: '2032-01-01T00:00:00Z', endsAt: '2032-01-31T00:00:00Z', translations: { en: { title: 'Valid Edition' } } },
  events: { startsAt: '2032-01-05T18:00:00Z', endsAt: '2032-01-05T20:00:00Z', timeZone: 'Europe/Rome', translations: { en: { title: 'Valid Event' } } },
  organizers: { name: 'Valid Organizer' },
  tags: { translations: { en: { label: 'Valid Tag' } } },
  venues: { name: 'Valid Venue' },
};

const long = (n: number) => 'x'.repeat(n);
const with_ = (collection: CollectionName, extra: Record<string, unknown>) => ({ ...valid[collection], ...extra });

/** Requests every collection must refuse the same way. */
function shared(collection: Collection): Bad[] {
  const cases: Bad[] = [
    { name: 'PATCH without version', method: 'PATCH', path: '/:id', body: {}, status: 400, code: 'VALIDATION_FAILED', field: ['version', 'REQUIRED'] },
    {
      name: 'PATCH with a string version',
      method: 'PATCH',
      path: '/:id',
      body: { version: '1' },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['version', 'INVALID_TYPE'],
    },
    {
      name: 'PATCH with version 0',
      method: 'PATCH',
      path: '/:id',
      body: { version: 0 },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['version', 'INVALID_VERSION'],
    },
    { name: 'PATCH with a stale version', method: 'PATCH', path: '/:id', body: { version: 999 }, status: 409, code: 'VERSION_CONFLICT' },
    {
      name: 'PATCH with an unknown field',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, isAdmin: true },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['isAdmin', 'UNKNOWN_FIELD'],
    },
    {
      name: 'PATCH an unknown locale',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, translations: { xx: {} } },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations.xx', 'UNKNOWN_FIELD'],
    },
    {
      name: 'PATCH translations as a string',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, translations: 'en' },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations', 'INVALID_TYPE'],
    },
    { name: 'PATCH malformed JSON', method: 'PATCH', path: '/:id', raw: { type: 'application/json', data: '{"version":' }, status: 400, code: 'INVALID_JSON' },
    { name: 'PATCH as form data', method: 'PATCH', path: '/:id', raw: { type: 'text/plain', data: 'version=1' }, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    { name: 'PATCH an array', method: 'PATCH', path: '/:id', body: [1], status: 400, code: 'VALIDATION_FAILED', field: ['$', 'INVALID_TYPE'] },
    { name: 'PATCH over 256 KB', method: 'PATCH', path: '/:id', body: { version: 1, padding: long(300_000) }, status: 413, code: 'PAYLOAD_TOO_LARGE' },
    { name: 'PATCH an unknown id', method: 'PATCH', path: '/987654', body: { version: 1 }, status: 404, code: 'NOT_FOUND' },
    { name: 'GET a non-numeric id', method: 'GET', path: '/1%20OR%201=1', status: 404, code: 'NOT_FOUND' },
    {
      name: 'DELETE with a bad detach flag',
      method: 'DELETE',
      path: '/:id?detach=maybe',
      status: 400,
      code: 'INVALID_QUERY',
      field: ['detach', 'INVALID_VALUE'],
    },
    { name: 'list limit above 100', method: 'GET', path: '?limit=101', status: 400, code: 'INVALID_QUERY', field: ['limit', 'OUT_OF_RANGE'] },
    { name: 'list sort outside the whitelist', method: 'GET', path: '?sort=password', status: 400, code: 'INVALID_QUERY', field: ['sort', 'INVALID_SORT'] },
    { name: 'list page 0', method: 'GET', path: '?page=0', status: 400, code: 'INVALID_QUERY', field: ['page', 'OUT_OF_RANGE'] },
    { name: 'list search over 200 characters', method: 'GET', path: `?q=${long(201)}`, status: 400, code: 'INVALID_QUERY', field: ['q', 'TOO_LONG'] },
    { name: 'list unknown parameter', method: 'GET', path: '?debug=1', status: 400, code: 'INVALID_QUERY', field: ['debug', 'UNKNOWN_FIELD'] },
    { name: 'export in an unknown format', method: 'GET', path: '/export?format=xml', status: 400, code: 'INVALID_QUERY', field: ['format', 'INVALID_VALUE'] },
    {
      name: 'bulk unknown action',
      method: 'POST',
      path: '/bulk',
      body: { action: 'purge', ids: [1] },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['action', 'INVALID_VALUE'],
    },
    {
      name: 'bulk without ids',
      method: 'POST',
      path: '/bulk',
      body: { action: 'delete', ids: [] },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['ids', 'REQUIRED'],
    },
    {
      name: 'bulk duplicate ids',
      method: 'POST',
      path: '/bulk',
      body: { action: 'delete', ids: [5, 5] },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['ids', 'DUPLICATE_ID'],
    },
    {
      name: 'bulk over 500 ids',
      method: 'POST',
      path: '/bulk',
      body: { action: 'delete', ids: Array.from({ length: 501 }, (_, i) => i + 1) },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['ids', 'TOO_MANY'],
    },
    {
      name: 'bulk negative id',
      method: 'POST',
      path: '/bulk',
      body: { action: 'delete', ids: [-3] },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['ids.0', 'INVALID_ID'],
    },
    {
      name: 'bulk delete of unknown ids',
      method: 'POST',
      path: '/bulk',
      body: { action: 'delete', ids: [987651, 987652] },
      status: 422,
      code: 'BULK_REJECTED',
      field: ['items.987651', 'NOT_FOUND'],
    },
  ];
  if (jsonCollections.includes(collection)) {
    cases.push(
      {
        name: 'create with an unknown field',
        method: 'POST',
        path: '',
        body: with_(collection, { id: 1 }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: ['id', 'UNKNOWN_FIELD'],
      },
      {
        name: 'create with a bad slug',
        method: 'POST',
        path: '',
        body: with_(collection, { slug: 'Not A Slug' }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: ['slug', 'INVALID_SLUG'],
      },
      {
        name: 'create with a double-hyphen slug',
        method: 'POST',
        path: '',
        body: with_(collection, { slug: 'a--b' }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: ['slug', 'INVALID_SLUG'],
      },
      {
        name: 'create with an 81-character slug',
        method: 'POST',
        path: '',
        body: with_(collection, { slug: long(81) }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: ['slug', 'TOO_LONG'],
      },
      { name: 'create malformed JSON', method: 'POST', path: '', raw: { type: 'application/json', data: '{' }, status: 400, code: 'INVALID_JSON' },
      { name: 'create null', method: 'POST', path: '', body: null, status: 400, code: 'VALIDATION_FAILED', field: ['$', 'INVALID_TYPE'] },
    );
  } else {
    cases.push(
      // Files are uploads only; a media may also be a video link, sent as JSON (decision 013).
      ...(collection === 'files'
        ? ([
            { name: 'create as JSON instead of an upload', method: 'POST', path: '', body: { name: 'x' }, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
          ] satisfies Bad[])
        : ([
            {
              name: 'create as JSON without a video link',
              method: 'POST',
              path: '',
              body: { name: 'x' },
              status: 400,
              code: 'VALIDATION_FAILED',
              field: ['embedUrl', 'REQUIRED'],
            },
            {
              name: 'create a link to another site',
              method: 'POST',
              path: '',
              body: { embedUrl: 'https://example.com/v/1' },
              status: 400,
              code: 'VALIDATION_FAILED',
              field: ['embedUrl', 'UNSUPPORTED_VIDEO_LINK'],
            },
            {
              name: 'create as plain text',
              method: 'POST',
              path: '',
              raw: { type: 'text/plain', data: 'https://youtu.be/dQw4w9WgXcQ' },
              status: 415,
              code: 'UNSUPPORTED_MEDIA_TYPE',
            },
          ] satisfies Bad[])),
      {
        name: 'bulk publish of items without status',
        method: 'POST',
        path: '/bulk',
        body: { action: 'publish', ids: [':id'] },
        status: 422,
        code: 'ACTION_NOT_SUPPORTED',
      },
    );
  }
  return cases;
}

const specific: Record<CollectionName, Bad[]> = {
  events: [
    {
      name: 'end before start',
      method: 'POST',
      path: '',
      body: with_('events', { endsAt: '2032-01-05T17:00:00Z' }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['endsAt', 'END_BEFORE_START'],
    },
    {
      name: 'unknown time zone',
      method: 'POST',
      path: '',
      body: with_('events', { timeZone: 'Mars/Olympus_Mons' }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['timeZone', 'UNKNOWN_TIME_ZONE'],
    },
    {
      name: 'time zone shaped like a path',
      method: 'POST',
      path: '',
      body: with_('events', { timeZone: '../../etc/passwd' }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['timeZone', 'UNKNOWN_TIME_ZONE'],
    },
    {
      name: 'offset instead of a zone',
      method: 'POST',
      path: '',
      body: with_('events', { timeZone: '+02:00' }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['timeZone', 'UNKNOWN_TIME_ZONE'],
    },
    {
      name: 'date in words',
      method: 'POST',
      path: '',
      body: with_('events', { startsAt: 'tomorrow' }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['startsAt', 'INVALID_DATETIME'],
    },
    {
      name: 'date without offset',
      method: 'POST',
      path: '',
      body: with_('events', { startsAt: '2032-01-05T18:00:00' }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['startsAt', 'INVALID_DATETIME'],
    },
    {
      name: 'missing end',
      method: 'POST',
      path: '',
      body: with_('events', { endsAt: undefined }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['endsAt', 'REQUIRED'],
    },
    {
      name: 'dangling edition',
      method: 'POST',
      path: '',
      body: with_('events', { editionId: 987654 }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['editionId', 'DANGLING_REFERENCE'],
    },
    {
      name: 'dangling cover',
      method: 'POST',
      path: '',
      body: with_('events', { coverMediaId: 987654 }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['coverMediaId', 'DANGLING_REFERENCE'],
    },
    {
      name: 'dangling gallery media',
      method: 'POST',
      path: '',
      body: with_('events', { mediaIds: [987654] }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['mediaIds.0', 'DANGLING_REFERENCE'],
    },
    {
      name: 'javascript: URL',
      method: 'POST',
      path: '',
      body: with_('events', { onlineUrl: 'javascript:alert(1)' }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['onlineUrl', 'INVALID_URL'],
    },
    {
      name: 'ftp registration URL',
      method: 'POST',
      path: '',
      body: with_('events', { registrationUrl: 'ftp://files.example/x' }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['registrationUrl', 'INVALID_URL'],
    },
    {
      name: 'empty title',
      method: 'POST',
      path: '',
      body: with_('events', { translations: { en: { title: '   ' } } }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations.en.title', 'REQUIRED'],
    },
    {
      name: 'title over 200 characters',
      method: 'POST',
      path: '',
      body: with_('events', { translations: { en: { title: long(201) } } }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations.en.title', 'TOO_LONG'],
    },
    {
      name: 'title with a line break inside',
      method: 'POST',
      path: '',
      body: with_('events', { translations: { en: { title: 'Concert\r\nBcc: everyone@example.org' } } }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations.en.title', 'MULTI_LINE'],
    },
    {
      name: 'tag ids as a string',
      method: 'POST',
      path: '',
      body: with_('events', { tagIds: '1,2' }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['tagIds', 'INVALID_TYPE'],
    },
    {
      name: 'over 100 organizers',
      method: 'POST',
      path: '',
      body: with_('events', { organizerIds: Array.from({ length: 101 }, (_, i) => i + 1) }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['organizerIds', 'TOO_MANY'],
    },
    {
      name: 'unknown status',
      method: 'POST',
      path: '',
      body: with_('events', { status: 'deleted' }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['status', 'INVALID_VALUE'],
    },
    {
      name: 'created archived',
      method: 'POST',
      path: '',
      body: with_('events', { status: 'archived' }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['status', 'INVALID_TRANSITION'],
    },
    {
      name: 'published without a place',
      method: 'POST',
      path: '',
      body: with_('events', { status: 'published' }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['venueAddress', 'VENUE_OR_ONLINE_REQUIRED'],
    },
    {
      name: 'PATCH end before start',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, endsAt: '2000-01-01T00:00:00Z' },
      status: 422,
      code: 'INVALID_VALUES',
      field: ['endsAt', 'END_BEFORE_START'],
    },
  ],
  editions: [
    {
      name: 'end before start',
      method: 'POST',
      path: '',
      body: with_('editions', { endsAt: '2031-12-01T00:00:00Z' }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['endsAt', 'END_BEFORE_START'],
    },
    {
      name: 'unknown time zone',
      method: 'POST',
      path: '',
      body: with_('editions', { timeZone: 'Europe/Atlantis' }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['timeZone', 'UNKNOWN_TIME_ZONE'],
    },
    {
      name: 'missing translations',
      method: 'POST',
      path: '',
      body: with_('editions', { translations: undefined }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations', 'REQUIRED'],
    },
    {
      name: 'dangling curator',
      method: 'POST',
      path: '',
      body: with_('editions', { curatorIds: [987654] }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['curatorIds.0', 'DANGLING_REFERENCE'],
    },
    {
      name: 'dangling file',
      method: 'POST',
      path: '',
      body: with_('editions', { fileIds: [987654] }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['fileIds.0', 'DANGLING_REFERENCE'],
    },
    {
      name: 'summary over 1000 characters',
      method: 'POST',
      path: '',
      body: with_('editions', { translations: { en: { title: 'x', summary: long(1001) } } }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations.en.summary', 'TOO_LONG'],
    },
    {
      name: 'PATCH removing the default title of a published edition',
      method: 'PATCH',
      path: '/:published',
      body: { version: ':version', translations: { en: null } },
      status: 422,
      code: 'INVALID_VALUES',
      field: ['translations.en.title', 'REQUIRED_TO_PUBLISH'],
    },
  ],
  curators: [
    { name: 'missing name', method: 'POST', path: '', body: {}, status: 400, code: 'VALIDATION_FAILED', field: ['name', 'REQUIRED'] },
    {
      name: 'name over 200 characters',
      method: 'POST',
      path: '',
      body: { name: long(201) },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['name', 'TOO_LONG'],
    },
    {
      name: 'name with a line feed inside',
      method: 'POST',
      path: '',
      body: { name: 'Ada\nLovelace' },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['name', 'MULTI_LINE'],
    },
    {
      name: 'link with a javascript: URL',
      method: 'POST',
      path: '',
      body: with_('curators', { links: [{ label: 'x', url: 'javascript:alert(1)' }] }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['links.0.url', 'INVALID_URL'],
    },
    {
      name: 'over 20 links',
      method: 'POST',
      path: '',
      body: with_('curators', { links: Array.from({ length: 21 }, () => ({ label: 'x', url: 'https://x.example' })) }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['links', 'TOO_MANY'],
    },
    {
      name: 'dangling photo',
      method: 'POST',
      path: '',
      body: with_('curators', { photoMediaId: 987654 }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['photoMediaId', 'DANGLING_REFERENCE'],
    },
    {
      name: 'short bio over 500 characters',
      method: 'POST',
      path: '',
      body: with_('curators', { translations: { fr: { shortBio: long(501) } } }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations.fr.shortBio', 'TOO_LONG'],
    },
  ],
  venues: [
    {
      name: 'latitude beyond the pole',
      method: 'POST',
      path: '',
      body: with_('venues', { latitude: 91, longitude: 0 }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['latitude', 'OUT_OF_RANGE'],
    },
    {
      name: 'a latitude without a longitude',
      method: 'POST',
      path: '',
      body: with_('venues', { latitude: 45.1 }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['longitude', 'COORDINATES_INCOMPLETE'],
    },
    {
      name: 'website without scheme',
      method: 'POST',
      path: '',
      body: with_('venues', { websiteUrl: 'example.org' }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['websiteUrl', 'INVALID_URL'],
    },
    {
      name: 'dangling image',
      method: 'POST',
      path: '',
      body: with_('venues', { imageMediaId: 987654 }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['imageMediaId', 'DANGLING_REFERENCE'],
    },
    { name: 'empty name', method: 'POST', path: '', body: { name: '' }, status: 400, code: 'VALIDATION_FAILED', field: ['name', 'REQUIRED'] },
  ],
  organizers: [
    {
      name: 'unknown kind',
      method: 'POST',
      path: '',
      body: with_('organizers', { kind: 'robot' }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['kind', 'INVALID_VALUE'],
    },
    {
      name: 'website without scheme',
      method: 'POST',
      path: '',
      body: with_('organizers', { websiteUrl: 'example.org' }),
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['websiteUrl', 'INVALID_URL'],
    },
    {
      name: 'dangling logo',
      method: 'POST',
      path: '',
      body: with_('organizers', { logoMediaId: 987654 }),
      status: 422,
      code: 'INVALID_VALUES',
      field: ['logoMediaId', 'DANGLING_REFERENCE'],
    },
    { name: 'empty name', method: 'POST', path: '', body: { name: '' }, status: 400, code: 'VALIDATION_FAILED', field: ['name', 'REQUIRED'] },
  ],
  tags: [
    {
      name: 'label missing',
      method: 'POST',
      path: '',
      body: { translations: { en: {} } },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations.en.label', 'REQUIRED'],
    },
    {
      name: 'label over 100 characters',
      method: 'POST',
      path: '',
      body: { translations: { de: { label: long(101) } } },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations.de.label', 'TOO_LONG'],
    },
    { name: 'no translations', method: 'POST', path: '', body: {}, status: 400, code: 'VALIDATION_FAILED', field: ['translations', 'REQUIRED'] },
    {
      name: 'nothing to make a slug from',
      method: 'POST',
      path: '',
      body: { translations: { en: { label: '日本語' } } },
      status: 422,
      code: 'INVALID_VALUES',
      field: ['slug', 'SLUG_REQUIRED'],
    },
    {
      name: 'PATCH label as a number',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, translations: { en: { label: 7 } } },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations.en.label', 'INVALID_TYPE'],
    },
  ],
  medias: [
    {
      name: 'focal point outside the image',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, focalX: 1.5 },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['focalX', 'OUT_OF_RANGE'],
    },
    {
      name: 'negative focal point',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, focalY: -0.1 },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['focalY', 'OUT_OF_RANGE'],
    },
    {
      name: 'alt over 500 characters',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, translations: { en: { alt: long(501) } } },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations.en.alt', 'TOO_LONG'],
    },
    {
      name: 'credit over 300 characters',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, credit: long(301) },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['credit', 'TOO_LONG'],
    },
    {
      name: 'changing the storage key',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, storageKey: '../../etc/passwd' },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['storageKey', 'UNKNOWN_FIELD'],
    },
    { name: 'list by unknown kind', method: 'GET', path: '?kind=svg', status: 400, code: 'INVALID_QUERY', field: ['kind', 'INVALID_VALUE'] },
  ],
  files: [
    {
      name: 'download name with a path',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, originalName: '../../etc/passwd' },
      status: 422,
      code: 'INVALID_VALUES',
      field: ['originalName', 'INVALID_FILE_NAME'],
    },
    {
      name: 'empty title',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, translations: { en: { title: '' } } },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations.en.title', 'REQUIRED'],
    },
    {
      name: 'new locale without a title',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, translations: { de: { description: 'Nur Beschreibung' } } },
      status: 422,
      code: 'INVALID_VALUES',
      field: ['translations.de.title', 'REQUIRED'],
    },
    {
      name: 'description over 1000 characters',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, translations: { en: { description: long(1001) } } },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['translations.en.description', 'TOO_LONG'],
    },
    {
      name: 'changing the hash',
      method: 'PATCH',
      path: '/:id',
      body: { version: 1, sha256: '00' },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: ['sha256', 'UNKNOWN_FIELD'],
    },
  ],
};

let app: AdminServer;
/** Per collection: a fresh item (version 1) and, for editions, a published one. */
const targets: Record<string, { id: number; published?: { id: number; version: number } }> = {};

beforeAll(async () => {
  // No demo content: every case targets the items made here.
  app = await startAdminServer({ HUB_DEMO: '0' });
  for (const collection of jsonCollections) {
    const created = await app.editor.call('POST', `/api/admin/${collection}`, valid[collection]);
    targets[collection] = { id: created.body.id };
  }
  // Fresh uploads, so the PATCH cases' `version: 1` is current.
  const media = await app.editor.upload('medias', new Blob([new Uint8Array(await image('png', 32, 32))]), 'matrix.png');
  targets['medias'] = { id: ((await media.json()) as { id: number }).id };
  const file = await app.editor.upload('files', new Blob([new Uint8Array(pdf())]), 'matrix.pdf');
  targets['files'] = { id: ((await file.json()) as { id: number }).id };
  const published = await createEdition(app.editor, { status: 'published' });
  targets['editions']!.published = { id: published.id, version: published.version };
});
afterAll(async () => {
  await app?.server.stop();
});

describe.each(collections)('%s refuses bad input with a 4xx problem', (collection) => {
  const cases = [...shared(collection), ...specific[collection]];

  it('has at least 20 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });

  it.each(cases)('$name → $status $code', async (bad) => {
    const target = targets[collection]!;
    const path = `/api/admin/${collection}${bad.path.replace(':id', String(target.id)).replace(':published', String(target.published?.id))}`;
    const fields: { version?: unknown; ids?: unknown } = bad.body && typeof bad.body === 'object' ? bad.body : {};
    const body =
      fields.version === ':version'
        ? { ...fields, version: target.published?.version }
        : Array.isArray(fields.ids) && fields.ids.includes(':id')
          ? { ...fields, ids: [target.id] }
          : bad.body;
    const response = bad.raw
      ? await app.editor.request(bad.method, path, bad.raw.data, { 'content-type': bad.raw.type })
      : await app.editor.request(bad.method, path, body);
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).toBe(bad.status);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    const problem = JSON.parse(text);
    expect(problem).toMatchObject({ status: bad.status, code: bad.code });
    if (bad.field) expect(problem.errors?.[bad.field[0]], JSON.stringify(problem.errors)).toContain(bad.field[1]);
  });
});

describe('a new item without the text its slug is made from', () => {
  // The form leaves out a language whose texts are all empty: an empty Title sends no text at all.
  it.each<[CollectionName, string]>([
    ['events', 'translations.en.title'],
    ['editions', 'translations.en.title'],
    ['tags', 'translations.en.label'],
  ])('%s: the error is on %s, not on the slug', async (collection, field) => {
    const created = await app.editor.call('POST', `/api/admin/${collection}`, { ...valid[collection], translations: {} });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({ [field]: ['REQUIRED'] });
  });

  it('still answers on the slug when the title cannot be written in ASCII', async () => {
    const created = await app.editor.call('POST', '/api/admin/events', { ...valid['events'], translations: { en: { title: '🎻🎻' } } });
    expect(created).toMatchObject({ status: 422, body: { errors: { slug: ['SLUG_REQUIRED'] } } });
  });
});

it('logged no server error while refusing all of that', () => {
  expect(app.server.logs()).not.toMatch(/"level":"error"/);
});
