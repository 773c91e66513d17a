/**
 * The public API's collections, declared once: how a list is read and walked, how one item is
 * found (by id or slug), and the schemas their answers are shaped by. Routes and the OpenAPI
 * document are both derived from this list.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client.ts';
import { curators, editions, events, organizers, tags, venues } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { listEditions, getEdition } from './editions.ts';
import { eventFilters, getEvent, listEvents } from './events.ts';
import type { ListResult } from './pages.ts';
import { noFilters, type FilterReader, type ListQuery } from './params.ts';
import { nameFilters } from './name-filters.ts';
import { getCurator, getOrganizer, listCurators, listOrganizers } from './people.ts';
import * as schemas from './schemas.ts';
import { getTag, getVenue, listTags, listVenues } from './venues.ts';

export interface ItemResult {
  item: unknown;
  tags: string[];
}

export interface ApiResource<F = unknown> {
  name: string;
  /** What a list is, for the document. */
  summary: { list: string; one: string };
  filters: FilterReader<F>;
  /** Length of the keyset sort key: [startsAt, id] or [id]. */
  keyLength: number;
  list(db: Executor, query: ListQuery<F>, now: Date): Promise<ListResult>;
  one(db: Executor, slug: string, locale: Locale, now: Date): Promise<ItemResult | undefined>;
  /** The table items are looked up in by id. */
  table: typeof events | typeof editions | typeof curators | typeof organizers | typeof venues | typeof tags;
  item: z.ZodType;
  detail: z.ZodType;
  page: z.ZodType;
}

const define = <F>(resource: ApiResource<F>) => resource as ApiResource<unknown>;

export const apiResources: readonly ApiResource[] = [
  define({
    name: 'events',
    summary: { list: 'List public events (every hub filter)', one: 'Get one public event' },
    filters: eventFilters,
    keyLength: 2,
    list: listEvents,
    one: getEvent,
    table: events,
    item: schemas.eventSchema,
    detail: schemas.eventDetailSchema,
    page: schemas.pageOf(schemas.eventSchema, 'EventPage'),
  }),
  define({
    name: 'editions',
    summary: { list: 'List public editions, newest first', one: 'Get one public edition' },
    filters: noFilters,
    keyLength: 2,
    list: listEditions,
    one: getEdition,
    table: editions,
    item: schemas.editionSchema,
    detail: schemas.editionDetailSchema,
    page: schemas.pageOf(schemas.editionSchema, 'EditionPage'),
  }),
  define({
    name: 'curators',
    summary: { list: 'List curators of public editions or events', one: 'Get one curator' },
    filters: nameFilters,
    keyLength: 1,
    list: listCurators,
    one: getCurator,
    table: curators,
    item: schemas.curatorSchema,
    detail: schemas.curatorDetailSchema,
    page: schemas.pageOf(schemas.curatorSchema, 'CuratorPage'),
  }),
  define({
    name: 'organizers',
    summary: { list: 'List organizers of public events', one: 'Get one organizer' },
    filters: nameFilters,
    keyLength: 1,
    list: listOrganizers,
    one: getOrganizer,
    table: organizers,
    item: schemas.organizerSchema,
    detail: schemas.organizerDetailSchema,
    page: schemas.pageOf(schemas.organizerSchema, 'OrganizerPage'),
  }),
  define({
    name: 'venues',
    summary: { list: 'List published venues', one: 'Get one published venue' },
    filters: nameFilters,
    keyLength: 1,
    list: listVenues,
    one: getVenue,
    table: venues,
    item: schemas.venueSchema,
    detail: schemas.venueDetailSchema,
    page: schemas.pageOf(schemas.venueSchema, 'VenuePage'),
  }),
  define({
    name: 'tags',
    summary: { list: 'List tags of public events', one: 'Get one tag' },
    filters: nameFilters,
    keyLength: 1,
    list: listTags,
    one: getTag,
    table: tags,
    item: schemas.tagRef,
    detail: schemas.tagRef,
    page: schemas.pageOf(schemas.tagRef, 'TagPage'),
  }),
];

/** The resource named by a route's `[resource]` segment. */
export function findApiResource(name: string | undefined): ApiResource | undefined {
  return apiResources.find((resource) => resource.name === name);
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The slug an `{idOrSlug}` segment names: itself, or the slug of the row with that id (visibility
 * is the item loader's business). Undefined when it can name nothing.
 */
export async function resolveSlug(db: Executor, resource: ApiResource, idOrSlug: string): Promise<string | undefined> {
  if (/^[1-9]\d{0,15}$/.test(idOrSlug)) {
    const { table } = resource;
    const [row] = await db
      .select({ slug: table.slug })
      .from(table)
      .where(eq(table.id, Number(idOrSlug)))
      .limit(1);
    return row?.slug;
  }
  return SLUG.test(idOrSlug) && idOrSlug.length <= 80 ? idOrSlug : undefined;
}
