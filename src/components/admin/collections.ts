/**
 * What the admin screens know about each collection: list columns, filters and sorts, and how a
 * form draft maps onto the API body. Browser-safe (imports only shared schemas and config).
 */
import { locales } from '../../i18n/config.ts';
import { curatorSorts } from '../../lib/admin-schemas/curators.ts';
import { editionSorts } from '../../lib/admin-schemas/editions.ts';
import { eventSorts } from '../../lib/admin-schemas/events.ts';
import { fileSorts } from '../../lib/admin-schemas/files.ts';
import { LIST_LIMIT_DEFAULT } from '../../lib/admin-schemas/list-query.ts';
import { mediaSorts } from '../../lib/admin-schemas/medias.ts';
import { organizerSorts } from '../../lib/admin-schemas/organizers.ts';
import { tagSorts } from '../../lib/admin-schemas/tags.ts';
import type { ListStateConfig } from './lib/list-state.ts';
import type { DraftSpec } from './lib/payload.ts';

export const collectionNames = ['curators', 'editions', 'events', 'files', 'medias', 'organizers', 'tags'] as const;
export type CollectionName = (typeof collectionNames)[number];

/** What a list cell shows. */
export type ColumnKind = 'title' | 'status' | 'locales' | 'date' | 'text' | 'bytes' | 'thumb' | 'kind';

export interface ListColumn {
  key: string;
  kind: ColumnKind;
  /** The sort value of this column, when it is sortable. */
  sort?: string;
}

export type FilterDef =
  | { key: string; kind: 'select'; options: readonly string[]; labelPrefix: string }
  | { key: string; kind: 'relation'; collection: CollectionName };

export interface CollectionConfig {
  name: CollectionName;
  /** Has draft / published / archived (bulk publish, publish controls). */
  publishable: boolean;
  /** New items come from an upload instead of a form. */
  upload: boolean;
  columns: readonly ListColumn[];
  filters: readonly FilterDef[];
  list: ListStateConfig;
  draft: DraftSpec;
  /** Translated fields that must be filled for a locale to count as complete. */
  complete: readonly string[];
  /** Type segment of the draft preview route, when the collection has public pages. */
  preview?: 'event' | 'edition';
}

const statusOptions = ['draft', 'published', 'archived'] as const;
const limits = [10, 25, 50, 100] as const;

function listConfig(sorts: readonly string[], defaultSort: string, filterKeys: readonly string[]): ListStateConfig {
  return { sorts: sorts.flatMap((s) => [s, `-${s}`]), defaultSort, filterKeys, defaultLimit: LIST_LIMIT_DEFAULT, limits };
}

const statusFilter: FilterDef = { key: 'status', kind: 'select', options: statusOptions, labelPrefix: 'admin.status.' };

export const collections: Readonly<Record<CollectionName, CollectionConfig>> = {
  events: {
    name: 'events',
    publishable: true,
    upload: false,
    preview: 'event',
    columns: [
      { key: 'title', kind: 'title', sort: 'title' },
      { key: 'status', kind: 'status', sort: 'status' },
      { key: 'startsAt', kind: 'date', sort: 'startsAt' },
      { key: 'locales', kind: 'locales' },
      { key: 'updatedAt', kind: 'date', sort: 'updatedAt' },
    ],
    filters: [statusFilter, { key: 'edition', kind: 'relation', collection: 'editions' }, { key: 'tag', kind: 'relation', collection: 'tags' }],
    list: listConfig(eventSorts, '-updatedAt', ['status', 'edition', 'tag']),
    draft: {
      locales,
      fields: {
        slug: 'text',
        editionId: 'id',
        status: 'value',
        publishAt: 'optionalInstant',
        startsAt: 'instant',
        endsAt: 'instant',
        timeZone: 'text',
        venueAddress: 'optionalText',
        onlineUrl: 'optionalText',
        registrationUrl: 'optionalText',
        coverMediaId: 'id',
        tagIds: 'ids',
        organizerIds: 'ids',
        curatorIds: 'ids',
        mediaIds: 'ids',
        fileIds: 'ids',
      },
      translations: { title: 'required', summary: 'optional', body: 'optional', venueName: 'optional' },
    },
    complete: ['title', 'summary', 'body'],
  },
  editions: {
    name: 'editions',
    publishable: true,
    upload: false,
    preview: 'edition',
    columns: [
      { key: 'title', kind: 'title', sort: 'title' },
      { key: 'status', kind: 'status', sort: 'status' },
      { key: 'startsAt', kind: 'date', sort: 'startsAt' },
      { key: 'locales', kind: 'locales' },
      { key: 'updatedAt', kind: 'date', sort: 'updatedAt' },
    ],
    filters: [statusFilter, { key: 'tag', kind: 'relation', collection: 'tags' }],
    list: listConfig(editionSorts, '-startsAt', ['status', 'tag']),
    draft: {
      locales,
      fields: {
        slug: 'text',
        status: 'value',
        publishAt: 'optionalInstant',
        startsAt: 'instant',
        endsAt: 'instant',
        timeZone: 'text',
        coverMediaId: 'id',
        tagIds: 'ids',
        curatorIds: 'ids',
        fileIds: 'ids',
      },
      translations: { title: 'required', summary: 'optional', body: 'optional' },
    },
    complete: ['title', 'summary', 'body'],
  },
  curators: {
    name: 'curators',
    publishable: false,
    upload: false,
    columns: [
      { key: 'title', kind: 'title', sort: 'name' },
      { key: 'slug', kind: 'text', sort: 'slug' },
      { key: 'locales', kind: 'locales' },
      { key: 'updatedAt', kind: 'date', sort: 'updatedAt' },
    ],
    filters: [{ key: 'edition', kind: 'relation', collection: 'editions' }],
    list: listConfig(curatorSorts, 'name', ['edition']),
    draft: {
      locales,
      fields: { slug: 'text', name: 'text', photoMediaId: 'id', links: 'value' },
      translations: { shortBio: 'optional', bio: 'optional' },
    },
    complete: ['shortBio', 'bio'],
  },
  organizers: {
    name: 'organizers',
    publishable: false,
    upload: false,
    columns: [
      { key: 'title', kind: 'title', sort: 'name' },
      { key: 'kind', kind: 'kind' },
      { key: 'locales', kind: 'locales' },
      { key: 'updatedAt', kind: 'date', sort: 'updatedAt' },
    ],
    filters: [{ key: 'kind', kind: 'select', options: ['organisation', 'person'], labelPrefix: 'admin.organizers.kind.' }],
    list: listConfig(organizerSorts, 'name', ['kind']),
    draft: {
      locales,
      fields: { slug: 'text', name: 'text', kind: 'value', websiteUrl: 'optionalText', logoMediaId: 'id' },
      translations: { description: 'optional' },
    },
    complete: ['description'],
  },
  tags: {
    name: 'tags',
    publishable: false,
    upload: false,
    columns: [
      { key: 'title', kind: 'title', sort: 'label' },
      { key: 'slug', kind: 'text', sort: 'slug' },
      { key: 'locales', kind: 'locales' },
      { key: 'updatedAt', kind: 'date', sort: 'updatedAt' },
    ],
    filters: [],
    list: listConfig(tagSorts, 'label', []),
    draft: { locales, fields: { slug: 'text' }, translations: { label: 'required' } },
    complete: ['label'],
  },
  medias: {
    name: 'medias',
    publishable: false,
    upload: true,
    columns: [
      { key: 'thumb', kind: 'thumb' },
      { key: 'title', kind: 'title', sort: 'originalName' },
      { key: 'kind', kind: 'kind' },
      { key: 'byteSize', kind: 'bytes', sort: 'byteSize' },
      { key: 'locales', kind: 'locales' },
      { key: 'createdAt', kind: 'date', sort: 'createdAt' },
    ],
    filters: [{ key: 'kind', kind: 'select', options: ['image', 'video', 'audio', 'embed'], labelPrefix: 'admin.medias.kind.' }],
    list: listConfig(mediaSorts, '-createdAt', ['kind']),
    draft: {
      locales,
      fields: { focalX: 'value', focalY: 'value', credit: 'optionalText', licence: 'optionalText', embedUrl: 'text' },
      translations: { alt: 'text', caption: 'optional' },
    },
    complete: ['alt'],
  },
  files: {
    name: 'files',
    publishable: false,
    upload: true,
    columns: [
      { key: 'title', kind: 'title', sort: 'title' },
      { key: 'originalName', kind: 'text', sort: 'originalName' },
      { key: 'byteSize', kind: 'bytes', sort: 'byteSize' },
      { key: 'locales', kind: 'locales' },
      { key: 'createdAt', kind: 'date', sort: 'createdAt' },
    ],
    filters: [],
    list: listConfig(fileSorts, '-createdAt', ['mimeType']),
    draft: { locales, fields: { originalName: 'text' }, translations: { title: 'required', description: 'optional' } },
    complete: ['title'],
  },
};

/** Admin page paths of a collection. */
export const adminPaths = {
  list: (locale: string, collection: CollectionName) => `/${locale}/admin/${collection}`,
  create: (locale: string, collection: CollectionName) => `/${locale}/admin/${collection}/new`,
  edit: (locale: string, collection: CollectionName, id: number) => `/${locale}/admin/${collection}/${id}`,
  preview: (locale: string, type: 'event' | 'edition', slug: string) => `/${locale}/admin/preview/${type}/${slug}`,
};
