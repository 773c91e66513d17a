/**
 * Seeds the database with demo content: deterministic, relative to a reference date, written in
 * one transaction, and fast enough to generate 100k events for load tests.
 */
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { writeTransaction, type Database, type Executor, type Transaction } from '../client.ts';
import * as schema from '../schema.ts';
import { rebuildSearchIndex } from '../search-index.ts';
import { syncEventDates } from '../../src/server/collections/event-dates.ts';
import { buildCatalogue } from './build-catalogue.ts';
import { buildEditions, editionCountFor } from './build-editions.ts';
import { buildEventChunk, type EventRows } from './build-events.ts';
import { insertRows } from './bulk-insert.ts';
import { reserveIds, SEED_ACTOR, type SeedContext } from './context.ts';
import { generateSeedAssets } from './images.ts';
import { locales, type Locale } from '../../src/i18n/config.ts';
import { venues } from './content.ts';
import { createSlugAllocator, slugify } from './slugs.ts';
import { DAY_MS } from './zoned-time.ts';

export interface SeedOptions {
  /** Number of events to generate (default 64). */
  events?: number;
  /** Where the generated images and downloads are stored. */
  uploadsDir: string;
  /** Reference instant; defaults to today at 00:00 UTC. */
  now?: Date;
  log?: (message: string) => void;
}

export interface SeedResult {
  inserted: boolean;
  counts: Record<string, number>;
  ms: number;
}

export const DEFAULT_EVENT_COUNT = 64;
/** Events built and inserted per round; bounds memory at any seed size. */
const EVENT_CHUNK = 2_000;

/** Today at 00:00 UTC. */
export function startOfTodayUtc(): Date {
  return new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
}

/** True when demo content (or real content) is already there: any edition row. */
export async function hasDemoContent(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: schema.editions.id }).from(schema.editions).limit(1);
  return rows.length > 0;
}

/** Inserts the demo content unless an edition already exists; all of it or none of it. */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const eventCount = options.events ?? DEFAULT_EVENT_COUNT;
  if (!Number.isSafeInteger(eventCount) || eventCount < 0) {
    throw new RangeError(`events must be a non-negative integer, got ${eventCount}`);
  }
  const log = options.log ?? (() => {});
  const elapsed = () => Math.round(performance.now() - started);
  if (await hasDemoContent(db)) return { inserted: false, counts: {}, ms: elapsed() };

  log('Generating images and downloads…');
  // Stored before the transaction: content-addressed files are harmless if the insert fails.
  const assets = await generateSeedAssets(options.uploadsDir);
  const now = (options.now ?? startOfTodayUtc()).getTime();

  const counts = await writeTransaction(db, async (tx) => {
    if (await hasDemoContent(tx)) return null;
    const context: SeedContext = { now, today: Math.floor(now / DAY_MS), nextId: await readNextIds(tx) };
    const counts: Record<string, number> = {};
    const insert = async <T extends SQLiteTable>(name: string, table: T, rows: readonly T['$inferInsert'][]) => {
      await insertRows(tx, table, rows);
      counts[name] = (counts[name] ?? 0) + rows.length;
    };

    const catalogue = buildCatalogue(context, assets, {
      curators: await readSlugs(tx, schema.curators),
      organizers: await readSlugs(tx, schema.organizers),
      tags: await readSlugs(tx, schema.tags),
    });
    const { rows: c } = catalogue;
    await insert('medias', schema.medias, c.medias);
    await insert('mediaTranslations', schema.mediaTranslations, c.mediaTranslations);
    await insert('files', schema.files, c.files);
    await insert('fileTranslations', schema.fileTranslations, c.fileTranslations);
    await insert('curators', schema.curators, c.curators);
    await insert('curatorTranslations', schema.curatorTranslations, c.curatorTranslations);
    await insert('organizers', schema.organizers, c.organizers);
    await insert('organizerTranslations', schema.organizerTranslations, c.organizerTranslations);
    await insert('tags', schema.tags, c.tags);
    await insert('tagTranslations', schema.tagTranslations, c.tagTranslations);

    const editions = buildEditions(context, catalogue.ids, editionCountFor(eventCount), await readSlugs(tx, schema.editions));
    const e = editions.rows;
    await insert('editions', schema.editions, e.editions);
    await insert('editionTranslations', schema.editionTranslations, e.editionTranslations);
    await insert('editionCurators', schema.editionCurators, e.editionCurators);
    await insert('editionTags', schema.editionTags, e.editionTags);
    await insert('editionFiles', schema.editionFiles, e.editionFiles);

    const venueIds = await insertVenues(tx);
    const eventInput = {
      venueIds,
      context,
      ids: catalogue.ids,
      editions: editions.plans.filter((plan) => plan.status !== 'draft'),
      firstId: reserveIds(context, 'events', eventCount),
      slugFor: createSlugAllocator(await readSlugs(tx, schema.events)),
    };
    for (let start = 0; start < eventCount; start += EVENT_CHUNK) {
      const rows: EventRows = buildEventChunk(eventInput, start, Math.min(EVENT_CHUNK, eventCount - start));
      await insert('events', schema.events, rows.events);
      await insert('eventTranslations', schema.eventTranslations, rows.eventTranslations);
      await insert('eventOrganizers', schema.eventOrganizers, rows.eventOrganizers);
      await insert('eventCurators', schema.eventCurators, rows.eventCurators);
      await insert('eventTags', schema.eventTags, rows.eventTags);
      await insert('eventMedias', schema.eventMedias, rows.eventMedias);
      await insert('eventFiles', schema.eventFiles, rows.eventFiles);
      const done = start + rows.events.length;
      if (eventCount > 10 * EVENT_CHUNK && done % (10 * EVENT_CHUNK) === 0) log(`  ${done} / ${eventCount} events (${(elapsed() / 1000).toFixed(1)} s)`);
    }

    // The later dates of repeating events, written from their rules as a save writes them.
    const series = await tx.select({ id: schema.events.id }).from(schema.events).where(isNotNull(schema.events.recurrence));
    for (const { id } of series) await syncEventDates(tx, id);

    await insert('auditLog', schema.auditLog, [
      auditRow('media', c.medias),
      auditRow('file', c.files),
      auditRow('curator', c.curators),
      auditRow('organizer', c.organizers),
      auditRow('tag', c.tags),
      auditRow('edition', e.editions),
      auditRow('event', eventCount > 0 ? [{ id: eventInput.firstId }, { id: eventInput.firstId + eventCount - 1 }] : []),
    ]);

    log('Rebuilding the search index…');
    await rebuildSearchIndex(tx);
    return counts;
  });

  if (!counts) return { inserted: false, counts: {}, ms: elapsed() };
  return { inserted: true, counts, ms: elapsed() };
}

/** One audit entry per entity type, naming the id range the seed created. */
function auditRow(entity: string, rows: readonly { id?: number | undefined }[]): typeof schema.auditLog.$inferInsert {
  const first = rows[0]?.id;
  const last = rows.at(-1)?.id;
  return {
    actorId: SEED_ACTOR,
    actorLabel: 'Demo content generator',
    action: 'seed',
    entity,
    entityId: first === undefined ? '-' : `${first}..${last}`,
    at: new Date(),
    changedFields: [],
  };
}

const idTables = {
  medias: schema.medias,
  files: schema.files,
  curators: schema.curators,
  organizers: schema.organizers,
  tags: schema.tags,
  editions: schema.editions,
  events: schema.events,
} as const;

/** First free id per table: the seed assigns ids itself so relations need no read-back. */
async function readNextIds(tx: Transaction): Promise<Record<string, number>> {
  const next: Record<string, number> = {};
  for (const [name, table] of Object.entries(idTables)) {
    const [row] = await tx.select({ max: sql<number | null>`max(${table.id})` }).from(table);
    next[name] = (row?.max ?? 0) + 1;
  }
  return next;
}

type SluggedTable = typeof schema.curators | typeof schema.organizers | typeof schema.tags | typeof schema.editions | typeof schema.events;

/** Slugs already taken, so generated ones never collide with content staff created. */
async function readSlugs(tx: Transaction, table: SluggedTable): Promise<string[]> {
  const rows: { slug: string }[] = await tx.select({ slug: table.slug }).from(table as typeof schema.events);
  return rows.map((row) => row.slug);
}

/**
 * The demo's physical venues as published venue rows (docs/decisions/025), reused when the seed
 * runs again; returns their ids by English name.
 */
async function insertVenues(tx: Transaction): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const venue of venues) {
    if (venue.online || !venue.address) continue;
    const slug = slugify(venue.name.en);
    await tx
      .insert(schema.venues)
      .values({
        slug,
        name: venue.name.en,
        status: 'published',
        publishedAt: new Date(),
        address: venue.address,
        latitude: venue.point?.latitude ?? null,
        longitude: venue.point?.longitude ?? null,
      })
      .onConflictDoNothing();
    const [row] = await tx.select({ id: schema.venues.id }).from(schema.venues).where(eq(schema.venues.slug, slug));
    if (!row) continue;
    ids.set(venue.name.en, row.id);
    await tx
      .insert(schema.venueTranslations)
      .values(
        locales.map((locale) => ({
          venueId: row.id,
          locale,
          description: venueDescription[locale](venue.name[locale]),
          accessNotes: venueAccess[locale],
        })),
      )
      .onConflictDoNothing();
  }
  return ids;
}

const venueDescription: Record<Locale, (name: string) => string> = {
  en: (name) => `${name} hosts concerts, talks and workshops of the festival.`,
  fr: (name) => `${name} accueille des concerts, rencontres et ateliers du festival.`,
  de: (name) => `${name} ist Spielort für Konzerte, Gespräche und Workshops des Festivals.`,
};

const venueAccess: Record<Locale, string> = {
  en: 'Step-free entrance at the main door. Hearing loop in the main room. Accessible toilets on the ground floor.',
  fr: 'Entrée de plain-pied par la porte principale. Boucle magnétique dans la grande salle. Toilettes accessibles au rez-de-chaussée.',
  de: 'Stufenloser Zugang am Haupteingang. Induktionsschleife im großen Saal. Barrierefreie Toiletten im Erdgeschoss.',
};
