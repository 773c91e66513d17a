/**
 * The Edition Hub data model. Every human-readable text lives in a per-locale `*_translations`
 * row; base tables hold what does not depend on language. Times are UTC epoch milliseconds.
 * Every mutable row carries `version` for optimistic concurrency and who/when it was written.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { eventStatuses } from '../src/lib/event-status.ts';
import { admissions, availabilities } from '../src/lib/tickets.ts';
import type { Recurrence } from '../src/lib/recurrence.ts';

export const publicationStatuses = ['draft', 'published', 'archived'] as const;
export type PublicationStatus = (typeof publicationStatuses)[number];

export const mediaKinds = ['image', 'video', 'audio', 'embed'] as const;

export const organizerKinds = ['organisation', 'person'] as const;

const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

/** Columns every mutable entity shares: timestamps, optimistic-concurrency version, authorship. */
const tracked = () => ({
  createdAt: timestamp('created_at')
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  updatedAt: timestamp('updated_at')
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  version: integer('version').notNull().default(1),
  createdBy: text('created_by'),
  updatedBy: text('updated_by'),
});

/** SQL check that a slug is lowercase kebab-case, 1–80 characters. */
const slugCheck = (name: string, column: string) =>
  check(
    name,
    sql.raw(
      `length(${column}) BETWEEN 1 AND 80 AND ${column} NOT GLOB '*[^a-z0-9-]*' ` +
        `AND ${column} NOT LIKE '-%' AND ${column} NOT LIKE '%-' AND instr(${column}, '--') = 0`,
    ),
  );

const statusCheck = (name: string) => check(name, sql.raw(`status IN (${publicationStatuses.map((s) => `'${s}'`).join(', ')})`));

// ---------------------------------------------------------------------------------------------
// Medias and files
// ---------------------------------------------------------------------------------------------

export const medias = sqliteTable(
  'medias',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: mediaKinds }).notNull(),
    /** Content-hash name under the storage root; null for embeds. */
    storageKey: text('storage_key'),
    embedUrl: text('embed_url'),
    mimeType: text('mime_type'),
    byteSize: integer('byte_size'),
    width: integer('width'),
    height: integer('height'),
    /** Focal point as fractions of width/height (0–1), used when cropping. */
    focalX: real('focal_x').notNull().default(0.5),
    focalY: real('focal_y').notNull().default(0.5),
    sha256: text('sha256'),
    originalName: text('original_name'),
    credit: text('credit'),
    licence: text('licence'),
    ...tracked(),
  },
  (t) => [
    check('medias_kind_check', sql`${t.kind} IN ('image', 'video', 'audio', 'embed')`),
    check('medias_focal_check', sql`${t.focalX} BETWEEN 0 AND 1 AND ${t.focalY} BETWEEN 0 AND 1`),
    check('medias_source_check', sql`(${t.kind} = 'embed' AND ${t.embedUrl} IS NOT NULL) OR (${t.kind} <> 'embed' AND ${t.storageKey} IS NOT NULL)`),
    index('medias_sha256_idx').on(t.sha256),
  ],
);

/**
 * A translation row's state: 0 no text, 1 some text, 2 every field its collection needs to count
 * as complete (the declaration's `complete`). Kept by triggers on every insert and text update
 * (hand-written in the migration that added it; docs/decisions/037) so the translation coverage
 * counts an index instead of reading every text.
 */
const textStateColumn = () => integer('text_state').notNull().default(0);

export const mediaTranslations = sqliteTable(
  'media_translations',
  {
    mediaId: integer('media_id')
      .notNull()
      .references(() => medias.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    alt: text('alt').notNull().default(''),
    caption: text('caption'),
    textState: textStateColumn(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.locale] }), index('media_translations_state_idx').on(t.locale, t.textState)],
);

export const files = sqliteTable(
  'files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    ...tracked(),
  },
  (t) => [check('files_size_check', sql`${t.byteSize} >= 0`), index('files_sha256_idx').on(t.sha256)],
);

export const fileTranslations = sqliteTable(
  'file_translations',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    textState: textStateColumn(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.locale] }), index('file_translations_state_idx').on(t.locale, t.textState)],
);

// ---------------------------------------------------------------------------------------------
// People, organisations, tags
// ---------------------------------------------------------------------------------------------

export const curators = sqliteTable(
  'curators',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    photoMediaId: integer('photo_media_id').references(() => medias.id, { onDelete: 'restrict' }),
    /** JSON array of `{ label, url }`. */
    links: text('links', { mode: 'json' }).$type<{ label: string; url: string }[]>().notNull().default([]),
    ...tracked(),
  },
  (t) => [uniqueIndex('curators_slug_unique').on(t.slug), slugCheck('curators_slug_check', 'slug')],
);

export const curatorTranslations = sqliteTable(
  'curator_translations',
  {
    curatorId: integer('curator_id')
      .notNull()
      .references(() => curators.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    shortBio: text('short_bio'),
    bio: text('bio'),
    textState: textStateColumn(),
  },
  (t) => [primaryKey({ columns: [t.curatorId, t.locale] }), index('curator_translations_state_idx').on(t.locale, t.textState)],
);

export const organizers = sqliteTable(
  'organizers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: organizerKinds }).notNull().default('organisation'),
    websiteUrl: text('website_url'),
    logoMediaId: integer('logo_media_id').references(() => medias.id, { onDelete: 'restrict' }),
    ...tracked(),
  },
  (t) => [
    uniqueIndex('organizers_slug_unique').on(t.slug),
    slugCheck('organizers_slug_check', 'slug'),
    check('organizers_kind_check', sql`${t.kind} IN ('organisation', 'person')`),
  ],
);

export const organizerTranslations = sqliteTable(
  'organizer_translations',
  {
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    description: text('description'),
    textState: textStateColumn(),
  },
  (t) => [primaryKey({ columns: [t.organizerId, t.locale] }), index('organizer_translations_state_idx').on(t.locale, t.textState)],
);

export const tags = sqliteTable(
  'tags',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    ...tracked(),
  },
  (t) => [uniqueIndex('tags_slug_unique').on(t.slug), slugCheck('tags_slug_check', 'slug')],
);

export const tagTranslations = sqliteTable(
  'tag_translations',
  {
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    label: text('label').notNull(),
    textState: textStateColumn(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.locale] }), index('tag_translations_state_idx').on(t.locale, t.textState)],
);

// ---------------------------------------------------------------------------------------------
// Venues (docs/decisions/025)
// ---------------------------------------------------------------------------------------------

export const venues = sqliteTable(
  'venues',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: publicationStatuses }).notNull().default('draft'),
    publishedAt: timestamp('published_at'),
    /** Postal address, one line per line as a visitor would write it on an envelope. */
    address: text('address'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    websiteUrl: text('website_url'),
    imageMediaId: integer('image_media_id').references(() => medias.id, { onDelete: 'restrict' }),
    ...tracked(),
  },
  (t) => [
    uniqueIndex('venues_slug_unique').on(t.slug),
    slugCheck('venues_slug_check', 'slug'),
    statusCheck('venues_status_check'),
    check('venues_latitude_check', sql`${t.latitude} IS NULL OR ${t.latitude} BETWEEN -90 AND 90`),
    check('venues_longitude_check', sql`${t.longitude} IS NULL OR ${t.longitude} BETWEEN -180 AND 180`),
    // A map link needs both coordinates or neither.
    check('venues_coordinates_check', sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL)`),
  ],
);

export const venueTranslations = sqliteTable(
  'venue_translations',
  {
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    /** Markdown. */
    description: text('description'),
    /** Step-free access, hearing loop, nearest stop…; Markdown. */
    accessNotes: text('access_notes'),
    textState: textStateColumn(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.locale] }), index('venue_translations_state_idx').on(t.locale, t.textState)],
);

// ---------------------------------------------------------------------------------------------
// Event status and scheduled unpublication (decision 029)
// ---------------------------------------------------------------------------------------------

/** Hidden from the public from this instant (null = stays public); the counterpart of `publishAt`. */
const scheduledUnpublication = () => ({ unpublishAt: timestamp('unpublish_at') });

// ---------------------------------------------------------------------------------------------
// Editions and events
// ---------------------------------------------------------------------------------------------

export const editions = sqliteTable(
  'editions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    status: text('status', { enum: publicationStatuses }).notNull().default('draft'),
    /** Visible to the public from this instant (null = as soon as published). */
    publishAt: timestamp('publish_at'),
    ...scheduledUnpublication(),
    publishedAt: timestamp('published_at'),
    startsAt: timestamp('starts_at').notNull(),
    endsAt: timestamp('ends_at').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    coverMediaId: integer('cover_media_id').references(() => medias.id, { onDelete: 'restrict' }),
    ...tracked(),
  },
  (t) => [
    uniqueIndex('editions_slug_unique').on(t.slug),
    slugCheck('editions_slug_check', 'slug'),
    statusCheck('editions_status_check'),
    check('editions_dates_check', sql`${t.endsAt} >= ${t.startsAt}`),
    index('editions_public_idx').on(t.status, t.startsAt),
    // The next scheduled publication (page-cache/schedule.ts) without scanning the table.
    index('editions_scheduled_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} IS NOT NULL`),
    index('editions_unpublish_idx')
      .on(t.unpublishAt)
      .where(sql`${t.unpublishAt} IS NOT NULL`),
  ],
);

export const editionTranslations = sqliteTable(
  'edition_translations',
  {
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    /** Markdown. */
    body: text('body'),
    textState: textStateColumn(),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.locale] }), index('edition_translations_state_idx').on(t.locale, t.textState)],
);

export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    /**
     * The event's UUID in schedule exports, kept across instances (import) and never shared (a
     * copy gets a new one): apps keep favourites by it (docs/decisions/033). Every insert gets a
     * random one unless it brings its own; rows from before the column got the name-based one
     * they were exported with (db/event-guids.ts).
     */
    guid: text('guid').$defaultFn(() => randomUUID()),
    editionId: integer('edition_id').references(() => editions.id, { onDelete: 'set null' }),
    status: text('status', { enum: publicationStatuses }).notNull().default('draft'),
    publishAt: timestamp('publish_at'),
    ...scheduledUnpublication(),
    eventStatus: text('event_status', { enum: eventStatuses }).notNull().default('scheduled'),
    /**
     * When a postponed or rescheduled event was to start (schema.org `previousStartDate`,
     * docs/decisions/055); null otherwise. A repeating event's later dates have none of their own.
     */
    previousStartsAt: timestamp('previous_starts_at'),
    publishedAt: timestamp('published_at'),
    startsAt: timestamp('starts_at').notNull(),
    endsAt: timestamp('ends_at').notNull(),
    /** IANA time zone the event happens in; times are shown in it. */
    timeZone: text('time_zone').notNull(),
    venueAddress: text('venue_address'),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'restrict' }),
    /** Room, stage or hall inside the venue. */
    room: text('room'),
    onlineUrl: text('online_url'),
    registrationUrl: text('registration_url'),
    /** Price and availability (src/lib/tickets.ts); null: not stated. Checked by the admin schema. */
    admission: text('admission', { enum: admissions }),
    /** Amounts in the currency's major unit (12.5 = €12.50). */
    priceMin: real('price_min'),
    priceMax: real('price_max'),
    /** ISO 4217. */
    currency: text('currency'),
    availability: text('availability', { enum: availabilities }),
    coverMediaId: integer('cover_media_id').references(() => medias.id, { onDelete: 'restrict' }),
    /**
     * How the event repeats (src/lib/recurrence.ts), JSON; null for a single date. Its other dates
     * are rows of this table pointing at it by `series_id` (docs/decisions/049).
     */
    recurrence: text('recurrence', { mode: 'json' }).$type<Recurrence>(),
    /**
     * Set on the row of one of a repeating event's later dates: the event it is a date of. Such a
     * row has no texts or relations of its own (they are read from the series) and copies the
     * series' columns (kept by the `events_series_follow` trigger); the admin never lists it.
     */
    seriesId: integer('series_id').references((): AnySQLiteColumn => events.id, { onDelete: 'cascade' }),
    /** The wall time the rule gives this date (`2027-03-24T18:00`), kept when the date is moved. */
    occurrenceKey: text('occurrence_key'),
    ...tracked(),
  },
  (t) => [
    uniqueIndex('events_slug_unique').on(t.slug),
    uniqueIndex('events_guid_unique').on(t.guid),
    // A series' dates, one row per rule date; also the "rows of this series" lookup. Partial, so
    // `series_id IS NULL` (nearly every row) never picks it.
    uniqueIndex('events_series_key_unique')
      .on(t.seriesId, t.occurrenceKey)
      .where(sql`${t.seriesId} IS NOT NULL`),
    // The admin's items (not a repeating event's later dates): counted and listed by last edit from here.
    // (`series_id` is in it so a count reads the index alone.)
    index('events_items_updated_idx')
      .on(t.updatedAt, t.seriesId)
      .where(sql`${t.seriesId} IS NULL`),
    slugCheck('events_slug_check', 'slug'),
    statusCheck('events_status_check'),
    check('events_dates_check', sql`${t.endsAt} >= ${t.startsAt}`),
    // Public listings: range on starts_at, and ends_at / publish_at / unpublish_at read from the
    // index itself, so counting the upcoming events never touches the table.
    // (`series_id` last: counting the events, not the dates of repeating ones, reads it too.)
    index('events_public_cover_idx').on(t.status, t.startsAt, t.endsAt, t.publishAt, t.unpublishAt, t.seriesId),
    // The next scheduled publication (page-cache/schedule.ts) without scanning 100k rows.
    index('events_scheduled_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} IS NOT NULL`),
    index('events_unpublish_idx')
      .on(t.unpublishAt)
      .where(sql`${t.unpublishAt} IS NOT NULL`),
    // The longest event (events/span.ts) read from the end of an index instead of a table scan.
    index('events_span_idx').on(sql`(${t.endsAt} - ${t.startsAt})`),
    // Edition pages filter by edition and status together; both equalities must come from one index.
    index('events_edition_status_idx').on(t.editionId, t.status, t.startsAt),
    index('events_updated_idx').on(t.updatedAt),
    // Admin list: "drafts (or published), recently edited first" without sorting the whole table.
    index('events_status_updated_idx').on(t.status, t.updatedAt),
    // Admin list sorts (by creation, start, status) read in index order instead of sorting 100k rows.
    index('events_created_idx').on(t.createdAt),
    index('events_starts_idx').on(t.startsAt),
    index('events_status_idx').on(t.status),
    // The admin list filtered by status counts its items (not a repeating event's later dates) from
    // this index alone: the wide public cover index was picked before, at twice the cost at 1M rows.
    index('events_status_series_idx').on(t.status, t.seriesId),
    // The RSS feed's "newest to become public" order (events/queries.ts listRecentlyPublished).
    index('events_visible_since_idx').on(sql`max(coalesce(${t.publishAt}, 0), coalesce(${t.publishedAt}, ${t.updatedAt}))`),
    // Where a media is used as a cover (media detail, and the restrict check when deleting one).
    index('events_cover_media_idx').on(t.coverMediaId),
    // A venue page's events, and "where used" before deleting a venue.
    index('events_venue_idx').on(t.venueId, t.startsAt),
    // The search scans look up each matching event by id for what they test and count
    // (visibility, edition, venue, end): read from this narrow index, 500 lookups touch a few
    // dozen pages instead of hundreds of table pages (decision 012, 2026-11-26).
    index('events_search_lookup_idx').on(t.id, t.status, t.publishAt, t.unpublishAt, t.editionId, t.venueId, t.endsAt),
  ],
);

/**
 * How many events (not a repeating event's later dates) each publication status holds, kept by
 * triggers on `events` (migration 0045): the admin list filtered by status alone reads its total
 * here instead of counting a million index entries (docs/decisions/049, "admin list at 1M").
 */
export const eventStatusCounts = sqliteTable('event_status_counts', {
  status: text('status').primaryKey(),
  items: integer('items').notNull(),
});

export const eventTranslations = sqliteTable(
  'event_translations',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    /** Markdown. */
    body: text('body'),
    venueName: text('venue_name'),
    /** Why the event is cancelled, postponed or rescheduled; shown only while it is (docs/decisions/055). */
    statusNote: text('status_note'),
    textState: textStateColumn(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.locale] }), index('event_translations_state_idx').on(t.locale, t.textState)],
);

// ---------------------------------------------------------------------------------------------
// Relations
// ---------------------------------------------------------------------------------------------

export const editionCurators = sqliteTable(
  'edition_curators',
  {
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    curatorId: integer('curator_id')
      .notNull()
      .references(() => curators.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.curatorId] }), index('edition_curators_curator_idx').on(t.curatorId)],
);

export const editionTags = sqliteTable(
  'edition_tags',
  {
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.tagId] }), index('edition_tags_tag_idx').on(t.tagId)],
);

export const editionFiles = sqliteTable(
  'edition_files',
  {
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.fileId] }), index('edition_files_file_idx').on(t.fileId)],
);

export const eventOrganizers = sqliteTable(
  'event_organizers',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.organizerId] }), index('event_organizers_organizer_idx').on(t.organizerId)],
);

export const eventCurators = sqliteTable(
  'event_curators',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    curatorId: integer('curator_id')
      .notNull()
      .references(() => curators.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.curatorId] }), index('event_curators_curator_idx').on(t.curatorId)],
);

export const eventTags = sqliteTable(
  'event_tags',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.tagId] }), index('event_tags_tag_idx').on(t.tagId, t.eventId)],
);

export const eventMedias = sqliteTable(
  'event_medias',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => medias.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.mediaId] }), index('event_medias_media_idx').on(t.mediaId)],
);

export const eventFiles = sqliteTable(
  'event_files',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.fileId] }), index('event_files_file_idx').on(t.fileId)],
);

// ---------------------------------------------------------------------------------------------
// Audit, contact
// ---------------------------------------------------------------------------------------------

/**
 * One change an audit entry records. `value`: a base field (long texts cut, dates as ISO
 * strings); `link`: ids added to / removed from a relation; `text`: one translated field of one
 * locale; `locale`: a whole translation added or removed.
 */
export type AuditChange =
  | { kind: 'value'; field: string; from: AuditValue; to: AuditValue }
  | { kind: 'link'; field: string; added: number[]; removed: number[] }
  | { kind: 'text'; locale: string; field: string; from: string | null; to: string | null }
  | { kind: 'locale'; locale: string; change: 'added' | 'removed' };

/** A value as the audit log keeps it (JSON). */
export type AuditValue = string | number | boolean | null;

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: text('actor_id'),
    actorLabel: text('actor_label'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    at: timestamp('at')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    /** JSON array of the field paths the write changed. */
    changedFields: text('changed_fields', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** The item's display title when the entry was written (null on entries written before it existed). */
    title: text('title'),
    /** Old → new values, added/removed ids and per-locale text changes (src/server/activity/changes.ts); null on older entries. */
    changes: text('changes', { mode: 'json' }).$type<AuditChange[]>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    // The activity screen filters by person; by entity and action the entity index or a scan of the date range serves.
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    consentAt: timestamp('consent_at').notNull(),
    /** Hash of the client address, kept for abuse handling without storing the address. */
    clientHash: text('client_hash'),
    createdAt: timestamp('created_at')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    handledAt: timestamp('handled_at'),
    /** When someone of the team first opened it; null = unread (the inbox's count). */
    readAt: timestamp('read_at'),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    // The daily retention job deletes by handled_at; export and erasure find a person by address.
    index('contact_messages_handled_idx').on(t.handledAt),
    index('contact_messages_email_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * A reply the team sent from the inbox, kept beside its message (and deleted with it). `cause` is
 * the mail_outbox row that carries it, written in the same transaction.
 */
export const contactReplies = sqliteTable(
  'contact_replies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    authorId: text('author_id'),
    /** Who replied, kept readable if the account goes away. */
    authorLabel: text('author_label'),
    body: text('body').notNull(),
    cause: text('cause').notNull(),
    createdAt: timestamp('created_at')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Mail outbox (docs/decisions/017)
// ---------------------------------------------------------------------------------------------

export const mailStatuses = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * One row per message, written in the same transaction as its cause (an invitation, a reset, a
 * contact message). `cause` is unique: a cause enqueued twice is one message. The sender claims a
 * row by moving `lease_until` forward, so two processes never deliver one row at the same time.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** What caused the message, e.g. `invitation:42:sent-1`; unique (idempotency key). */
    cause: text('cause').notNull(),
    /** The template's name (`invitation`, `password-reset`, `contact-notification`, …). */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** `Reply-To` header, e.g. the visitor's address on a contact notification. */
    replyTo: text('reply_to'),
    /** True when the body holds a secret link (reset, invitation): cleared once delivered. */
    sensitive: integer('sensitive', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: mailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    leaseUntil: timestamp('lease_until'),
    lastError: text('last_error'),
    /** The RFC 5322 Message-ID given to the message (also the `.eml` file's name). */
    messageId: text('message_id'),
    createdAt: timestamp('created_at')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    sentAt: timestamp('sent_at'),
  },
  (t) => [
    uniqueIndex('mail_outbox_cause_unique').on(t.cause),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
    check('mail_outbox_status_check', sql.raw(`status IN (${mailStatuses.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

// ---------------------------------------------------------------------------------------------
// Cache purges shared between app nodes (docs/decisions/010)
// ---------------------------------------------------------------------------------------------

/**
 * One row per hub-cache purge, written with the content change it follows. Every app node polls
 * the rows after the last id it applied; rows older than an hour are pruned. Ids are the order.
 */
export const cachePurges = sqliteTable('cache_purges', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** JSON array of the cache tags to purge. */
  tags: text('tags', { mode: 'json' }).$type<string[]>().notNull(),
  createdAt: timestamp('created_at')
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
});

/**
 * How far each shared cache (a Varnish server, a Fastly service, a Cloudflare zone) has been sent
 * the `cache_purges` log, in two passes: `first` at once, `again` once every node has applied
 * the purge to its own page cache (docs/decisions/050). A claim holds a row under a lease.
 */
export const edgePurgeCursors = sqliteTable(
  'edge_purge_cursors',
  {
    /** `varnish <url>`, `fastly <service id>`, `cloudflare <zone id>`. */
    target: text('target').notNull(),
    pass: text('pass', { enum: ['first', 'again'] }).notNull(),
    /** The last `cache_purges` id this target was sent in this pass. */
    lastId: integer('last_id').notNull(),
    /** Failed attempts in a row (0 once a send succeeds). */
    failures: integer('failures').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at'),
    leaseUntil: timestamp('lease_until'),
    lastError: text('last_error'),
    lastFailedAt: timestamp('last_failed_at'),
    lastSentAt: timestamp('last_sent_at'),
  },
  (t) => [primaryKey({ columns: [t.target, t.pass] })],
);

/** Entity kinds indexed for full-text search (rows of the `search_fts` virtual table). */
export const searchEntityTypes = ['event', 'edition', 'curator', 'organizer'] as const;
export type SearchEntityType = (typeof searchEntityTypes)[number];

/**
 * Which version of the word forms (stems, German spellings) the `search_fts` rows hold: one row.
 * Start-up re-indexes everything when it is older than the code's (db/search-index.ts).
 */
export const searchIndexState = sqliteTable(
  'search_index_state',
  {
    id: integer('id').primaryKey(),
    version: integer('version').notNull(),
  },
  (table) => [check('search_index_state_single_row', sql`${table.id} = 1`)],
);

// ---------------------------------------------------------------------------------------------
// Outgoing webhooks (docs/decisions/028)
// ---------------------------------------------------------------------------------------------

/**
 * A receiver of signed webhooks. `secret` is the Standard Webhooks key (`whsec_` + base64 of 32
 * random bytes); `events` lists the event types it wants (`event.published`, `contact.received`).
 */
export const webhookEndpoints = sqliteTable('webhook_endpoints', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  secret: text('secret').notNull(),
  events: text('events', { mode: 'json' }).$type<string[]>().notNull(),
  ...tracked(),
});

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/**
 * One message to one endpoint, written in the transaction of the change it reports. `message_id`
 * is the `webhook-id` header: the same for every attempt and every manual redelivery, so a
 * receiver can drop duplicates. Claimed by moving `lease_until` forward, as the mail outbox is.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON body sent (and signed) on every attempt. */
    payload: text('payload').notNull(),
    status: text('status', { enum: webhookDeliveryStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    /** Retries stop after this instant (24 hours after the message was written, or after a redelivery). */
    retryUntil: timestamp('retry_until').notNull(),
    leaseUntil: timestamp('lease_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    deliveredAt: timestamp('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_message_unique').on(t.endpointId, t.messageId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status_check', sql.raw(`status IN (${webhookDeliveryStatuses.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/** One HTTP attempt of a delivery: what the receiver answered and how long it took. */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at').notNull(),
    /** The HTTP status; null when no answer came (timeout, refused connection). */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    /** The first bytes of the answer, or what went wrong. */
    excerpt: text('excerpt').notNull().default(''),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.at)],
);

/**
 * How far scheduled publications and unpublications (`publish_at`, `unpublish_at`) have been
 * announced to webhook receivers: one row. A process claims the window
 * (`checked_from`, `checked_until`] by moving it forward in one UPDATE, inside the transaction
 * that queues the messages, so of all processes and machines exactly one announces each instant.
 */
export const webhookScheduleCursor = sqliteTable('webhook_schedule_cursor', {
  id: integer('id').primaryKey(),
  checkedFrom: timestamp('checked_from').notNull(),
  checkedUntil: timestamp('checked_until').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Revisions of content items (docs/decisions/030)
// ---------------------------------------------------------------------------------------------

/** One item as a revision keeps it: base values, texts per locale, relation id lists (JSON). */
export interface RevisionSnapshot {
  values: Record<string, unknown>;
  translations: Record<string, Record<string, string | null>>;
  links: Record<string, number[]>;
}

/** A link another item had to a deleted one, removed by the delete's `detach` (decision 053). */
export interface InboundLink {
  /** The owner's collection (`events`), field (`curatorIds`, `venueId`) and id. */
  collection: string;
  field: string;
  ownerId: number;
}

/** A trashed item: its snapshot, and the links other items had to it (put back on restore). */
export interface TrashSnapshot extends RevisionSnapshot {
  inbound?: InboundLink[];
}

/**
 * Every save of a content item, written in the save's transaction: the whole item as it was
 * saved, so any revision can be shown and restored. No foreign key to the item: one table
 * serves every collection; a deleted item's revisions go with it (entity-remove.ts).
 */
export const revisions = sqliteTable(
  'revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The collection's entity name (`event`, `tag`). */
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    /** 1, 2, … per item, never reused (pruning keeps the numbers of the revisions it keeps). */
    number: integer('number').notNull(),
    /** The write that made it: create, update, publish, …, duplicate, restore. */
    action: text('action').notNull(),
    /** The item's version after this write. */
    itemVersion: integer('item_version').notNull(),
    /** The revision a restore copied, else null. */
    restoredFrom: integer('restored_from'),
    authorId: text('author_id'),
    authorLabel: text('author_label'),
    createdAt: timestamp('created_at')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    snapshot: text('snapshot', { mode: 'json' }).$type<RevisionSnapshot>().notNull(),
    /** What this write changed, as the audit log says it (src/server/engine/audit-changes.ts). */
    changes: text('changes', { mode: 'json' }).$type<AuditChange[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('revisions_item_number_unique').on(t.entity, t.entityId, t.number)],
);

// ---------------------------------------------------------------------------------------------
// Working copies of published items (docs/decisions/035)
// ---------------------------------------------------------------------------------------------

/**
 * At most one unpublished working copy per item: the whole item as the editor saved it (a
 * revision's snapshot shape), while the live rows stay as published until "Publish changes".
 * No foreign key, like `revisions`: one table serves every publishable collection; deleting an
 * item deletes its copy (entity-remove.ts).
 */
export const workingCopies = sqliteTable(
  'working_copies',
  {
    /** The collection's entity name (`event`, `edition`). */
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    snapshot: text('snapshot', { mode: 'json' }).$type<RevisionSnapshot>().notNull(),
    /** The live item's version the copy was made from: publishing it checks it like a PATCH. */
    baseVersion: integer('base_version').notNull(),
    /**
     * The copy's own version, counted from 1 and raised by every "Save draft": a save states the
     * copy it started from (or none), so a second editor's save cannot silently replace the first's.
     */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    updatedByLabel: text('updated_by_label'),
    updatedAt: timestamp('updated_at').notNull(),
    /**
     * "Publish changes at" (decision 035's amendment): when the background round applies the copy.
     * Cleared in the transaction that applies it, which is the claim: one process applies it once.
     */
    scheduledAt: timestamp('scheduled_at'),
    /** Who scheduled it: the scheduled save is theirs in the audit log and the revisions. */
    scheduledBy: text('scheduled_by'),
    scheduledByLabel: text('scheduled_by_label'),
    /** Why the last scheduled publication failed (`VERSION_CONFLICT`, `WORKING_COPY_INVALID`…); null otherwise. */
    scheduleProblem: text('schedule_problem'),
    scheduleFailedAt: timestamp('schedule_failed_at'),
  },
  (t) => [primaryKey({ columns: [t.entity, t.entityId] }), index('working_copies_scheduled_idx').on(t.scheduledAt)],
);

// ---------------------------------------------------------------------------------------------
// Trash (docs/decisions/053)
// ---------------------------------------------------------------------------------------------

/**
 * A deleted content item, kept as a whole until it is restored or purged: its row, texts and
 * relations as one snapshot (a revision's shape), written in the delete's transaction while the
 * item's own rows are deleted as ever, so nothing public can show it. No foreign key, like
 * `revisions`: one table serves every collection.
 */
export const trash = sqliteTable(
  'trash',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The collection's route name (`events`). */
    collection: text('collection').notNull(),
    /** The collection's entity name (`event`), as in `revisions` and the audit log. */
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    /** The item's display title when it was deleted. */
    title: text('title'),
    snapshot: text('snapshot', { mode: 'json' }).$type<TrashSnapshot>().notNull(),
    /** A media's or file's stored upload: kept until the entry is purged (storage/blobs.ts). */
    storageKey: text('storage_key'),
    deletedBy: text('deleted_by'),
    deletedByLabel: text('deleted_by_label'),
    deletedAt: timestamp('deleted_at').notNull(),
  },
  (t) => [
    uniqueIndex('trash_item_unique').on(t.entity, t.entityId),
    // The list (newest first) and the daily purge by age.
    index('trash_deleted_at_idx').on(t.deletedAt),
    index('trash_storage_key_idx')
      .on(t.storageKey)
      .where(sql`${t.storageKey} IS NOT NULL`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Imports (docs/decisions/034)
// ---------------------------------------------------------------------------------------------

/** The file formats an import reads; each names its own space of external ids. */
export const importSources = ['csv', 'ics', 'frab'] as const;
export type ImportSource = (typeof importSources)[number];

/**
 * Which event an external id (a frab GUID, an iCalendar UID, a CSV `external_id`) became in an
 * edition, so a second import of the same file into it updates those events instead of creating
 * them again. Per edition: the same ids imported into another edition never move its events.
 */
export const importLinks = sqliteTable(
  'import_links',
  {
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    source: text('source', { enum: importSources }).notNull(),
    externalId: text('external_id').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [
    primaryKey({ columns: [t.editionId, t.source, t.externalId] }),
    index('import_links_event_idx').on(t.eventId),
    check('import_links_source_check', sql.raw(`source IN (${importSources.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/**
 * How a conference's own CSV columns were mapped to event fields, remembered per source: the key
 * is the signature of the file's header (its normalized column names, sorted, hashed), so the
 * next export of the same spreadsheet is mapped the same way without asking (decision 034).
 * `mapping` holds the normalized column name of each field.
 */
export const importColumnMaps = sqliteTable('import_column_maps', {
  signature: text('signature').primaryKey(),
  columns: text('columns', { mode: 'json' }).$type<string[]>().notNull(),
  mapping: text('mapping', { mode: 'json' }).$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at')
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  updatedBy: text('updated_by'),
});

// Site settings and editorial pages (docs/decisions/038)
// ---------------------------------------------------------------------------------------------

/** The editorial pages the hub serves from the database, one per slug. */
export const sitePageSlugs = ['about', 'privacy-policy', 'terms-and-conditions'] as const;
export type SitePageSlug = (typeof sitePageSlugs)[number];

/** One row per editorial page; its texts per locale in `site_page_translations`. */
export const sitePages = sqliteTable(
  'site_pages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    ...tracked(),
  },
  (t) => [uniqueIndex('site_pages_slug_unique').on(t.slug)],
);

export const sitePageTranslations = sqliteTable(
  'site_page_translations',
  {
    pageId: integer('page_id')
      .notNull()
      .references(() => sitePages.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Date of the last substantive change (`YYYY-MM-DD`), shown on legal pages. */
    updated: text('updated').notNull(),
    /** Markdown, rendered and sanitised like every staff-written text. */
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.locale] })],
);

/** The one row (id 1) of site-wide settings; the site name per locale in `site_setting_translations`. */
export const siteSettings = sqliteTable(
  'site_settings',
  {
    id: integer('id').primaryKey(),
    logoMediaId: integer('logo_media_id').references(() => medias.id, { onDelete: 'set null' }),
    /** The cleaned markup of an SVG logo (decision 043); wins over `logoMediaId` when set. */
    logoSvg: text('logo_svg'),
    /** `#rrggbb` links and buttons, AA on the theme's light and dark surfaces (decision 043). */
    primaryColor: text('primary_color'),
    /** `#rrggbb` second brand colour, held to the same contrast rules. */
    secondaryColor: text('secondary_color'),
    /** A named typeface pair of `src/lib/font-pairs.ts`. */
    fontPair: text('font_pair').notNull().default('festival'),
    /** The home hero's image; its focal point is the media's own. */
    heroMediaId: integer('hero_media_id').references(() => medias.id, { onDelete: 'set null' }),
    /** Addresses told of contact messages, overriding HUB_CONTACT_TO; empty = not set. */
    contactTo: text('contact_to', { mode: 'json' }).$type<string[]>().notNull().default([]),
    ...tracked(),
  },
  () => [check('site_settings_single_row', sql`id = 1`)],
);

export const siteSettingTranslations = sqliteTable('site_setting_translations', {
  locale: text('locale').primaryKey(),
  /** Empty when only the tagline is set in this locale. */
  siteName: text('site_name').notNull(),
  /** The home hero's line under the site name; empty = none. */
  tagline: text('tagline').notNull().default(''),
});

// ---------------------------------------------------------------------------------------------
// Presence on edit forms (docs/decisions/054)
// ---------------------------------------------------------------------------------------------

/**
 * Who has an item's edit form open: one row per open form (a browser tab), refreshed by its
 * heartbeat. In the database, not in a process's memory, because every worker of every machine
 * answers heartbeats. Rows whose `last_seen` is older than two heartbeats are ignored and pruned;
 * nothing here is kept for long, and nothing refers to it.
 */
export const presences = sqliteTable(
  'presences',
  {
    /** The collection's name (`events`, `editions`), as in the admin's URLs. */
    collection: text('collection').notNull(),
    itemId: integer('item_id').notNull(),
    userId: text('user_id').notNull(),
    /** A random id per open form, so two tabs of one person come and go on their own. */
    clientId: text('client_id').notNull(),
    /** The name shown to colleagues, as it was at the last heartbeat. */
    userLabel: text('user_label').notNull(),
    since: timestamp('since').notNull(),
    lastSeen: timestamp('last_seen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.collection, t.itemId, t.userId, t.clientId] }), index('presences_last_seen_idx').on(t.lastSeen)],
);

/**
 * Machine translation suggestions not yet reviewed by a person (docs/decisions/056): one row per
 * item, locale and translated field the service filled, with a hash of the suggested text. A save
 * whose text for that field still equals it is refused; an edit or an "Accept" clears the row.
 */
export const translationSuggestions = sqliteTable(
  'translation_suggestions',
  {
    /** The engine's entity name (`event`, `edition`), as in the audit log. */
    entity: text('entity').notNull(),
    itemId: integer('item_id').notNull(),
    locale: text('locale').notNull(),
    field: text('field').notNull(),
    /** SHA-256 (hex) of the suggested text, exactly as the service's answer was given to the form. */
    textHash: text('text_hash').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.itemId, t.locale, t.field] })],
);

// ---------------------------------------------------------------------------------------------
// Notes on items (docs/decisions/061)
// ---------------------------------------------------------------------------------------------

/**
 * The team's internal notes on an item of any collection, shown on its edit screen and nowhere
 * else (no public page, export, feed or webhook reads this table). No foreign key to the item,
 * like `revisions`: one table serves every collection, notes stay while the item is in the trash
 * (it comes back with the same id) and go when it is purged. Mentions are written in the body as
 * `<@userId>` tokens (src/lib/notes/mentions.ts).
 */
export const notes = sqliteTable(
  'notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The collection's route name (`events`), as in the admin's URLs and the trash. */
    collection: text('collection').notNull(),
    itemId: integer('item_id').notNull(),
    body: text('body').notNull(),
    authorId: text('author_id').notNull(),
    /** The author's name when they wrote it: it outlives the account. */
    authorLabel: text('author_label').notNull(),
    createdAt: timestamp('created_at').notNull(),
    /** Equal to `created_at` until the author edits the note. */
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [index('notes_item_idx').on(t.collection, t.itemId, t.createdAt)],
);

/**
 * Who a note has mentioned and was told so by mail: one row per person, written when a save first
 * mentions them and kept when an edit drops the mention, so a note mails each person once.
 */
export const noteMentions = sqliteTable(
  'note_mentions',
  {
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    notifiedAt: timestamp('notified_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.userId] }), index('note_mentions_user_idx').on(t.userId)],
);

/**
 * Saved views of the admin lists (docs/decisions/063): one person's named list query (search,
 * filters, sort, page size) for one collection. The query is the list API's query string as an
 * object, checked again against the list's schema whenever it is read. At most one default per
 * person and collection: the list opens with it when its URL carries no query.
 */
export const savedViews = sqliteTable(
  'saved_views',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id').notNull(),
    /** The collection's name (`events`, `editions`), as in the admin's URLs. */
    collection: text('collection').notNull(),
    name: text('name').notNull(),
    /** JSON object of query parameters, e.g. `{"status":"draft","sort":"-updatedAt"}`. */
    query: text('query', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('saved_views_name_idx').on(t.userId, t.collection, t.name),
    uniqueIndex('saved_views_default_idx')
      .on(t.userId, t.collection)
      .where(sql`${t.isDefault} = 1`),
  ],
);

/** Where a review request stands (docs/decisions/064); only `waiting` asks anything of anyone. */
export const reviewStatuses = ['waiting', 'changes-requested', 'approved', 'withdrawn', 'closed'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/**
 * "Submit for review" (docs/decisions/064): someone who may not publish an item asks those who
 * may. One row per request; a resubmission is a new row, so the item keeps the whole exchange.
 * At most one request of an item waits at a time. No foreign key to the item (one table for
 * every collection, like `notes`); the trash closes a waiting request in its transaction.
 */
export const reviewRequests = sqliteTable(
  'review_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The collection's route name (`events`), as in the admin's URLs. */
    collection: text('collection').notNull(),
    itemId: integer('item_id').notNull(),
    status: text('status', { enum: reviewStatuses }).notNull().default('waiting'),
    /** The item's version when submitted (its live version; a working copy's own in `copy_version`). */
    itemVersion: integer('item_version').notNull(),
    copyVersion: integer('copy_version'),
    message: text('message'),
    submittedBy: text('submitted_by').notNull(),
    /** Names as they were: they outlive the accounts. */
    submittedByLabel: text('submitted_by_label').notNull(),
    submittedAt: timestamp('submitted_at').notNull(),
    decidedBy: text('decided_by'),
    decidedByLabel: text('decided_by_label'),
    decidedAt: timestamp('decided_at'),
    /** Why changes were requested (required then), or why it was closed. */
    comment: text('comment'),
  },
  (t) => [
    index('review_requests_item_idx').on(t.collection, t.itemId, t.submittedAt),
    index('review_requests_status_idx').on(t.status, t.submittedAt),
    uniqueIndex('review_requests_waiting_idx')
      .on(t.collection, t.itemId)
      .where(sql`${t.status} = 'waiting'`),
    check('review_requests_status_check', sql.raw(`status IN (${reviewStatuses.map((s) => `'${s}'`).join(', ')})`)),
  ],
);
