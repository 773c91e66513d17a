/**
 * Editions placed around the reference date: always one past, one running now, one upcoming and
 * one draft; large seeds add more, alternating further into the past and the future.
 */
import { locales } from '../../src/i18n/config.ts';
import type * as schema from '../schema.ts';
import { editionThemes, seasons, venues } from './content.ts';
import { buildEditionBody } from './content-text.ts';
import type { CatalogueIds } from './build-catalogue.ts';
import { presentLocales } from './build-catalogue.ts';
import { publishedAtFor, reserveIds, stampRow, type SeedContext } from './context.ts';
import { pickDistinct, randomFor, randomInt } from './random.ts';
import { createSlugAllocator } from './slugs.ts';
import { DAY_MS, zonedTimeToUtc } from './zoned-time.ts';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface EditionRows {
  editions: Insert<typeof schema.editions>[];
  editionTranslations: Insert<typeof schema.editionTranslations>[];
  editionCurators: Insert<typeof schema.editionCurators>[];
  editionTags: Insert<typeof schema.editionTags>[];
  editionFiles: Insert<typeof schema.editionFiles>[];
}

/** What the event builder needs to place events inside an edition. */
export interface EditionPlan {
  id: number;
  startDay: number;
  days: number;
  status: 'draft' | 'published';
}

const SEED = 0xed1710;

/** One edition per this many events once the seed grows past the fixed four or five. */
export const EVENTS_PER_EDITION = 500;

/** Start (days from today) and status of edition `index`. */
function placeEdition(index: number): { offset: number; status: 'draft' | 'published' } {
  switch (index) {
    case 0:
      return { offset: -4, status: 'published' }; // running now
    case 1:
      return { offset: -160, status: 'published' }; // ended months ago
    case 2:
      return { offset: 120, status: 'published' }; // upcoming
    case 3:
      return { offset: -380, status: 'published' };
    case 4:
      return { offset: 300, status: 'draft' };
    default: {
      const step = Math.floor((index - 5) / 2) + 1;
      return index % 2 === 1 ? { offset: -380 - step * 35, status: 'published' } : { offset: 300 + step * 35, status: 'published' };
    }
  }
}

/** Number of editions for a seed of `events` events. */
export function editionCountFor(events: number): number {
  return Math.max(5, Math.ceil(events / EVENTS_PER_EDITION));
}

/** Builds the editions with their translations and relations. */
export function buildEditions(context: SeedContext, ids: CatalogueIds, count: number, takenSlugs: string[]): { rows: EditionRows; plans: EditionPlan[] } {
  const rows: EditionRows = { editions: [], editionTranslations: [], editionCurators: [], editionTags: [], editionFiles: [] };
  const plans: EditionPlan[] = [];
  const slugFor = createSlugAllocator(takenSlugs);
  const hosts = venues.filter((venue) => !venue.online);
  let nextId = reserveIds(context, 'editions', count);

  for (let index = 0; index < count; index++) {
    const random = randomFor(SEED, index);
    const id = nextId++;
    // The current edition runs a few weeks from a few days ago.
    const days = index === 0 ? 28 : randomInt(random, 7, 21);
    const { offset, status } = placeEdition(index);
    const startDay = context.today + offset;
    const host = hosts[index % hosts.length]!;
    const theme = editionThemes[index % editionThemes.length]!;
    const startDate = new Date(startDay * DAY_MS);
    const season = seasons.find((s) => s.months.includes(startDate.getUTCMonth()))!;
    const year = startDate.getUTCFullYear();
    const title = (locale: (typeof locales)[number]) => `${theme.title[locale]} — ${season.name[locale]} ${year}`;
    const stamp = stampRow(context, random, startDay * DAY_MS - 90 * DAY_MS);

    rows.editions.push({
      id,
      slug: slugFor(title('en')),
      status,
      publishAt: null,
      publishedAt: status === 'published' ? publishedAtFor(stamp) : null,
      startsAt: new Date(zonedTimeToUtc(startDay, 10, 0, host.timeZone)),
      endsAt: new Date(zonedTimeToUtc(startDay + days - 1, 23, 0, host.timeZone)),
      timeZone: host.timeZone,
      coverMediaId: ids.coverIds[index % ids.coverIds.length]!,
      ...stamp,
    });
    // The draft is still being written: only the default locale exists yet.
    for (const locale of presentLocales(status === 'draft' ? ['fr', 'de'] : [])) {
      rows.editionTranslations.push({
        editionId: id,
        locale,
        title: title(locale),
        summary: theme.summary[locale],
        body: buildEditionBody(locale, theme.summary[locale], days, index),
      });
    }
    pickDistinct(random, ids.curatorIds, randomInt(random, 2, 4)).forEach((curatorId, position) =>
      rows.editionCurators.push({ editionId: id, curatorId, position }),
    );
    for (const tagId of pickDistinct(random, ids.tagIds, randomInt(random, 3, 5))) rows.editionTags.push({ editionId: id, tagId });
    const fileKinds = index % 3 === 0 ? ['programme', 'press', 'accessibility'] : ['programme', 'press'];
    fileKinds.forEach((kind, position) => {
      const fileId = ids.fileIdByKind.get(kind);
      if (fileId !== undefined) rows.editionFiles.push({ editionId: id, fileId, position });
    });
    plans.push({ id, startDay, days, status });
  }
  return { rows, plans };
}
