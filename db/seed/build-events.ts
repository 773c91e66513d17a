/**
 * Events, built a chunk at a time so a 100k-event seed never holds every row in memory. Each
 * event draws from its own seeded generator: the output does not depend on the chunk size.
 */
import type * as schema from '../schema.ts';
import type { Recurrence } from '../../src/lib/recurrence.ts';
import { formats, spokenLanguages, subjects, venues, type Localized } from './content.ts';
import { buildEventBody, buildEventSummary } from './content-text.ts';
import { presentLocales, type CatalogueIds } from './build-catalogue.ts';
import type { EditionPlan } from './build-editions.ts';
import { publishedAtFor, stampRow, type SeedContext } from './context.ts';
import { pick, pickDistinct, randomFor, randomInt, type Random } from './random.ts';
import { DAY_MS, zonedTimeToUtc } from './zoned-time.ts';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/**
 * Price and places, derived from the index (not the random stream, so the rest of the demo stays
 * as it was): a fifth free, three fifths paid (one price or a range, in the venue's currency),
 * a fifth not stated; some few places left, some sold out.
 */
function ticketsFor(index: number, timeZone: string) {
  const kind = index % 5;
  const availability = index % 9 === 4 ? ('sold-out' as const) : index % 7 === 3 ? ('limited' as const) : null;
  if (kind === 0) return { admission: 'free' as const, priceMin: null, priceMax: null, currency: null, availability };
  if (kind === 4) return { admission: null, priceMin: null, priceMax: null, currency: null, availability: null };
  const currency = timeZone === 'Asia/Tokyo' ? 'JPY' : timeZone.startsWith('America/') ? 'CAD' : 'EUR';
  const scale = currency === 'JPY' ? 150 : 1;
  const priceMin = [8, 12, 15, 18, 25][index % 5]! * scale;
  return { admission: 'paid' as const, priceMin, priceMax: index % 3 === 0 ? priceMin + 10 * scale : null, currency, availability };
}

/**
 * One event in a thousand repeats a hundred times, daily or weekly (at 1M events: 1,000 series,
 * 99,000 more listing rows; below 500 events, as in the demo, none). From the index, like tickets.
 */
function recurrenceFor(index: number): Recurrence | null {
  if (index % 1000 !== 500) return null;
  return { rule: index % 2000 === 500 ? 'FREQ=DAILY;COUNT=100' : 'FREQ=WEEKLY;COUNT=100', dates: [], exdates: [], changes: [] };
}

export interface EventRows {
  events: Insert<typeof schema.events>[];
  eventTranslations: Insert<typeof schema.eventTranslations>[];
  eventOrganizers: Insert<typeof schema.eventOrganizers>[];
  eventCurators: Insert<typeof schema.eventCurators>[];
  eventTags: Insert<typeof schema.eventTags>[];
  eventMedias: Insert<typeof schema.eventMedias>[];
  eventFiles: Insert<typeof schema.eventFiles>[];
}

export interface EventBuildInput {
  context: SeedContext;
  ids: CatalogueIds;
  /** Editions events may belong to (drafts excluded). */
  editions: readonly EditionPlan[];
  firstId: number;
  slugFor: (title: string) => string;
  /** Venue rows by the venue's English name; events at other places keep free text. */
  venueIds?: ReadonlyMap<string, number>;
}

const SEED = 0xe7e27;

type Status = 'draft' | 'published' | 'archived';

/** A scheduled event becomes public within this many days. */
const PUBLISH_AHEAD_DAYS = 30;

/** Publication state of event `index`: mostly published, a few drafts, rare archived/scheduled. */
function statusOf(index: number): { status: Status; scheduled: boolean } {
  if (index % 1000 === 3) return { status: 'archived', scheduled: false };
  if (index % 500 === 11) return { status: 'published', scheduled: true };
  if (index % 20 === 7) return { status: 'draft', scheduled: false };
  return { status: 'published', scheduled: false };
}

/**
 * The edition of event `index`; a few stand-alone events belong to none. A scheduled event goes
 * into an edition that starts after its publication date, so it is announced before it happens.
 */
function editionFor(input: EventBuildInput, index: number, scheduled: boolean): EditionPlan | null {
  if (scheduled) {
    const later = input.editions.filter((plan) => plan.startDay > input.context.today + PUBLISH_AHEAD_DAYS);
    return later.length > 0 ? later[index % later.length]! : null;
  }
  if (index % 16 === 13 || input.editions.length === 0) return null;
  return input.editions[index % input.editions.length]!;
}

function titleIn(locale: keyof Localized, format: Localized, subject: Localized): string {
  // French typography puts a (non-breaking) space before the colon.
  return locale === 'fr' ? `${format.fr}\u00a0: ${subject.fr}` : `${format[locale]}: ${subject[locale]}`;
}

/** Builds rows for events `[start, start + count)` of the seed. */
export function buildEventChunk(input: EventBuildInput, start: number, count: number): EventRows {
  const rows: EventRows = { events: [], eventTranslations: [], eventOrganizers: [], eventCurators: [], eventTags: [], eventMedias: [], eventFiles: [] };
  for (let index = start; index < start + count; index++) addEvent(input, index, randomFor(SEED, index), rows);
  return rows;
}

function addEvent(input: EventBuildInput, index: number, random: Random, rows: EventRows): void {
  const { context, ids } = input;
  const id = input.firstId + index;
  const format = pick(random, formats);
  const subject = pick(random, subjects);
  const venue = pick(random, venues);
  const { status, scheduled } = statusOf(index);
  const edition = editionFor(input, index, scheduled);
  const day = edition
    ? edition.startDay + randomInt(random, 0, edition.days - 1)
    : context.today + (scheduled ? randomInt(random, 45, 90) : randomInt(random, -240, 240));
  const startsAt = zonedTimeToUtc(day, pick(random, format.startHours), pick(random, [0, 0, 0, 15, 30, 45]), venue.timeZone);
  const multiDays = format.multiDay ? randomInt(random, 3, 10) : 1;
  const minutes = Math.round(randomInt(random, format.minutes[0], format.minutes[1]) / 15) * 15;
  const endsAt = format.multiDay ? zonedTimeToUtc(day + multiDays - 1, 18, 0, venue.timeZone) : startsAt + minutes * 60_000;

  const slug = input.slugFor(titleIn('en', format.name, subject));
  const onlineUrl = venue.online || random() < 0.12 ? `https://live.edition-hub.example/${slug}` : null;
  const registrationUrl = random() < 0.4 ? `https://tickets.edition-hub.example/${slug}` : null;
  const stamp = stampRow(context, random, startsAt - randomInt(random, 20, 120) * DAY_MS);

  const venueId = input.venueIds?.get(venue.name.en) ?? null;
  // Derived from the index, not the random stream, so the rest of the demo stays as it was.
  const room = venueId !== null && venue.rooms?.length ? venue.rooms[index % venue.rooms.length]! : null;
  rows.events.push({
    id,
    slug,
    editionId: edition?.id ?? null,
    status,
    publishAt: scheduled ? new Date(context.now + randomInt(random, 5, PUBLISH_AHEAD_DAYS) * DAY_MS) : null,
    publishedAt: status === 'draft' ? null : publishedAtFor(stamp),
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    timeZone: venue.timeZone,
    venueAddress: venueId === null ? venue.address : null,
    venueId,
    room,
    onlineUrl,
    registrationUrl,
    ...ticketsFor(index, venue.timeZone),
    recurrence: recurrenceFor(index),
    coverMediaId: index % 25 === 24 ? null : pick(random, ids.coverIds),
    ...stamp,
  });

  const hookIndex = randomInt(random, 0, 99);
  const detailIndex = randomInt(random, 0, 99);
  const language = pick(random, spokenLanguages);
  const missing = [...((index + 1) % 7 === 0 ? (['de'] as const) : []), ...((index + 1) % 11 === 0 ? (['fr'] as const) : [])];
  for (const locale of presentLocales(missing)) {
    rows.eventTranslations.push({
      eventId: id,
      locale,
      title: titleIn(locale, format.name, subject),
      summary: buildEventSummary(locale, hookIndex, subject[locale]),
      body: buildEventBody(locale, {
        detailIndex,
        minutes,
        days: multiDays,
        language: language[locale],
        venueName: venue.name[locale],
        registrationUrl,
        onlineUrl,
      }),
      venueName: venueId === null ? venue.name[locale] : null,
    });
  }

  pickDistinct(random, ids.organizerIds, randomInt(random, 1, 3)).forEach((organizerId, position) =>
    rows.eventOrganizers.push({ eventId: id, organizerId, position }),
  );
  pickDistinct(random, ids.curatorIds, randomInt(random, 1, 3)).forEach((curatorId, position) => rows.eventCurators.push({ eventId: id, curatorId, position }));
  const formatTag = ids.tagIdBySlug.get(format.tag);
  const tagIds = new Set(formatTag === undefined ? [] : [formatTag]);
  for (const tagId of pickDistinct(random, ids.tagIds, randomInt(random, 0, 2))) tagIds.add(tagId);
  if (tagIds.size === 0) tagIds.add(ids.tagIds[0]!);
  for (const tagId of tagIds) rows.eventTags.push({ eventId: id, tagId });

  const cover = rows.events.at(-1)!.coverMediaId;
  const gallery = ids.coverIds.filter((mediaId) => mediaId !== cover);
  const images = pickDistinct(random, gallery, randomInt(random, 0, 4));
  images.forEach((mediaId, position) => rows.eventMedias.push({ eventId: id, mediaId, position }));
  // One event in ten shows a video link after its images.
  if (index % 10 === 3)
    rows.eventMedias.push({ eventId: id, mediaId: ids.videoLinkIds[Math.floor(index / 10) % ids.videoLinkIds.length]!, position: images.length });
  if (index % 6 === 0) {
    const kinds = index % 12 === 0 ? ['schedule', 'accessibility'] : ['schedule'];
    kinds.forEach((kind, position) => {
      const fileId = ids.fileIdByKind.get(kind);
      if (fileId !== undefined) rows.eventFiles.push({ eventId: id, fileId, position });
    });
  }
}
