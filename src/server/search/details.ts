/**
 * Everything the results page shows beyond ids, in one statement: the page's hits (the index
 * row's text, the entity's slug and dates), the edition and venue facets (counts from the scan,
 * labels and visibility here) and the tag facet (counted here over the kept events and editions).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { searchEntityTypes } from '../../../db/schema.ts';
import { LOCALE_SLOTS } from '../../../db/search-index.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import type { EventStatus } from '../../lib/event-status.ts';
import { shapedStatement } from './shaped-statements.ts';

/** Most values listed per facet. */
const FACET_VALUES = 20;

export interface HitDetails {
  rowid: number;
  slug: string | null;
  title: string | null;
  body: string | null;
  isFallback: boolean;
  startsAt: number | null;
  endsAt: number | null;
  timeZone: string | null;
  /** Events only: scheduled, cancelled, postponed or rescheduled (decision 029). */
  eventStatus: EventStatus | null;
}

export interface FacetValue {
  slug: string;
  label: string | null;
  /** Editions and tags: the label is the default locale's (the page's locale has none). */
  labelIsFallback?: boolean;
  count: number;
  /** Editions only: the tie-break (latest first). */
  startsAt?: number;
}

export interface DetailsRequest {
  /** The page's index rowids. */
  rowids: number[];
  /** [edition id, matches]: the edition facet keeps the public ones with the most matches. */
  editionCounts: [number, number][];
  /** [venue id, matches]: the venue facet keeps the published ones with the most matches. */
  venueCounts: [number, number][];
  /** Kept events and editions whose tags the tag facet counts. */
  tagged: { eventIds: number[]; editionIds: number[] };
}

export interface Details {
  hits: Map<number, HitDetails>;
  /** Most matches first, latest edition on ties. */
  editions: FacetValue[];
  /** Most matches first, by slug on ties. */
  tags: FacetValue[];
  /** Most matches first, by name on ties. */
  venues: FacetValue[];
}

/** Code-unit order, as SQLite's BINARY collation sorts text. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const bound = {
  rowids: sql.placeholder('rowids'),
  editionCounts: sql.placeholder('editionCounts'),
  venueCounts: sql.placeholder('venueCounts'),
  eventIds: sql.placeholder('eventIds'),
  editionIds: sql.placeholder('editionIds'),
  locale: sql.placeholder('locale'),
  now: sql.placeholder('now'),
};

/** The details statement: every value is bound, so its text is written once (shaped-statements.ts). */
function writeDetails(): SQL {
  const types = searchEntityTypes.length;
  const type = sql.raw(`(j.value / ${LOCALE_SLOTS}) % ${types}`);
  const id = sql.raw(`j.value / ${LOCALE_SLOTS} / ${types}`);
  const is = (name: (typeof searchEntityTypes)[number]) => sql.raw(String(searchEntityTypes.indexOf(name)));
  // CROSS JOIN: the listed ids drive every lookup (the planner would otherwise scan a table).
  return sql`
    SELECT 'hit' AS kind, json_object(
      'rowid', j.value, 'slug', coalesce(ev.slug, ed.slug, cu.slug, org.slug),
      'title', s.title, 'body', s.body, 'isFallback', s.is_fallback,
      'startsAt', coalesce(ev.starts_at, ed.starts_at), 'endsAt', coalesce(ev.ends_at, ed.ends_at),
      'timeZone', coalesce(ev.time_zone, ed.time_zone), 'eventStatus', ev.event_status) AS data
    FROM json_each(${bound.rowids}) j
    CROSS JOIN search_fts s ON s.rowid = j.value
    LEFT JOIN events ev ON ${type} = ${is('event')} AND ev.id = ${id}
    LEFT JOIN editions ed ON ${type} = ${is('edition')} AND ed.id = ${id}
    LEFT JOIN curators cu ON ${type} = ${is('curator')} AND cu.id = ${id}
    LEFT JOIN organizers org ON ${type} = ${is('organizer')} AND org.id = ${id}
    UNION ALL
    SELECT * FROM (
      SELECT 'edition', json_object('slug', top.slug, 'label', coalesce(own.title, fb.title), 'labelIsFallback', own.title IS NULL AND fb.title IS NOT NULL, 'count', top.n, 'startsAt', top.starts_at)
      FROM (
        -- The listed editions first, then their labels: two lookups per listed edition, not per matching one.
        SELECT ed.id, ed.slug, ed.starts_at, j.value ->> 1 AS n
        FROM json_each(${bound.editionCounts}) j
        CROSS JOIN editions ed ON ed.id = j.value ->> 0 AND ed.status = 'published' AND (ed.publish_at IS NULL OR ed.publish_at <= ${bound.now}) AND (ed.unpublish_at IS NULL OR ed.unpublish_at > ${bound.now})
        ORDER BY n DESC, ed.starts_at DESC, ed.slug ASC LIMIT ${FACET_VALUES}
      ) top
      LEFT JOIN edition_translations own ON own.edition_id = top.id AND own.locale = ${bound.locale}
      LEFT JOIN edition_translations fb ON fb.edition_id = top.id AND fb.locale = ${defaultLocale})
    UNION ALL
    SELECT * FROM (
      SELECT 'tag', json_object('slug', tg.slug, 'label', coalesce(own.label, fb.label), 'labelIsFallback', own.label IS NULL AND fb.label IS NOT NULL, 'count', x.n)
      FROM (
        SELECT tag_id, count(*) AS n FROM (
          SELECT t.tag_id FROM json_each(${bound.eventIds}) j CROSS JOIN event_tags t ON t.event_id = j.value
          UNION ALL
          SELECT t.tag_id FROM json_each(${bound.editionIds}) j CROSS JOIN edition_tags t ON t.edition_id = j.value
        ) GROUP BY tag_id
      ) x
      CROSS JOIN tags tg ON tg.id = x.tag_id
      LEFT JOIN tag_translations own ON own.tag_id = tg.id AND own.locale = ${bound.locale}
      LEFT JOIN tag_translations fb ON fb.tag_id = tg.id AND fb.locale = ${defaultLocale}
      ORDER BY x.n DESC, tg.slug ASC LIMIT ${FACET_VALUES})
    UNION ALL
    SELECT * FROM (
      -- A venue's name is not translated (decision 025): one lookup per matching venue, no label join.
      SELECT 'venue', json_object('slug', v.slug, 'label', v.name, 'count', j.value ->> 1)
      FROM json_each(${bound.venueCounts}) j
      CROSS JOIN venues v ON v.id = j.value ->> 0 AND v.status = 'published'
      ORDER BY j.value ->> 1 DESC, v.name ASC, v.slug ASC LIMIT ${FACET_VALUES})`;
}

/** Loads the page's hits and the edition, tag and venue facets in the page's locale. */
export async function loadDetails(db: Executor, request: DetailsRequest, locale: Locale, now: number): Promise<Details> {
  const details: Details = { hits: new Map(), editions: [], tags: [], venues: [] };
  const { rowids, editionCounts, venueCounts, tagged } = request;
  if (rowids.length + editionCounts.length + venueCounts.length + tagged.eventIds.length + tagged.editionIds.length === 0) return details;
  const values = {
    rowids: JSON.stringify(rowids),
    editionCounts: JSON.stringify(editionCounts),
    venueCounts: JSON.stringify(venueCounts),
    eventIds: JSON.stringify(tagged.eventIds),
    editionIds: JSON.stringify(tagged.editionIds),
    locale,
    now,
  };
  const rows = await db.all<{ kind: 'hit' | 'edition' | 'tag' | 'venue'; data: string }>(shapedStatement('details', writeDetails, values));
  for (const row of rows) {
    if (row.kind === 'hit') {
      const hit = JSON.parse(row.data) as HitDetails;
      details.hits.set(hit.rowid, { ...hit, isFallback: Boolean(hit.isFallback) });
    } else {
      const value = JSON.parse(row.data) as FacetValue;
      details[row.kind === 'edition' ? 'editions' : row.kind === 'tag' ? 'tags' : 'venues'].push({ ...value, labelIsFallback: Boolean(value.labelIsFallback) });
    }
  }
  // A compound SELECT does not promise its rows' order: sort again as each part did.
  details.editions.sort((a, b) => b.count - a.count || (b.startsAt ?? 0) - (a.startsAt ?? 0) || byCodeUnits(a.slug, b.slug));
  details.tags.sort((a, b) => b.count - a.count || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  details.venues.sort((a, b) => b.count - a.count || byCodeUnits(a.label ?? '', b.label ?? '') || byCodeUnits(a.slug, b.slug));
  return details;
}
