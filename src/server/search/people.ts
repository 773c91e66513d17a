/**
 * A search hit for a curator or organizer leads to their page and also names a few of the public
 * editions and events they present or run (upcoming first), loaded in two queries.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';

export interface PersonLink {
  type: 'event' | 'edition';
  slug: string;
  title: string;
  isFallback: boolean;
}

const PER_PERSON = 3;

/** `now` is bound, so the statement's text (and its prepared statement) is the same on every request. */
function visible(alias: string, now: number) {
  const table = sql.raw(alias);
  return sql`${table}.status = 'published' AND (${table}.publish_at IS NULL OR ${table}.publish_at <= ${now}) AND (${table}.unpublish_at IS NULL OR ${table}.unpublish_at > ${now})`;
}

/** Links per curator id and per organizer id appearing among the hits. */
export async function loadPeopleLinks(
  db: Executor,
  ids: { curators: number[]; organizers: number[] },
  locale: Locale,
  now: Date,
): Promise<{ curators: Map<number, PersonLink[]>; organizers: Map<number, PersonLink[]> }> {
  const at = now.getTime();
  type Row = { person_id: number; type: 'event' | 'edition'; slug: string; title: string; is_fallback: number };
  const ranked = (body: ReturnType<typeof sql>) => sql`
    SELECT person_id, type, slug, title, is_fallback FROM (
      SELECT r.*, row_number() OVER (PARTITION BY person_id ORDER BY (r.ends_at < ${at}), abs(r.starts_at - ${at})) AS n
      FROM (${body}) r
    ) WHERE n <= ${PER_PERSON}`;
  const inList = (list: number[]) =>
    sql.join(
      list.map((id) => sql`${id}`),
      sql`, `,
    );

  const [curatorRows, organizerRows] = await Promise.all([
    ids.curators.length === 0
      ? Promise.resolve([] as Row[])
      : db.all<Row>(
          ranked(sql`
          SELECT x.curator_id AS person_id, 'edition' AS type, e.slug, coalesce(o.title, d.title) AS title,
            o.edition_id IS NULL AS is_fallback, e.starts_at, e.ends_at
          FROM edition_curators x JOIN editions e ON e.id = x.edition_id
          LEFT JOIN edition_translations o ON o.edition_id = e.id AND o.locale = ${locale}
          LEFT JOIN edition_translations d ON d.edition_id = e.id AND d.locale = ${defaultLocale}
          WHERE x.curator_id IN (${inList(ids.curators)}) AND ${visible('e', at)}
          UNION ALL
          SELECT x.curator_id, 'event', e.slug, coalesce(o.title, d.title), o.event_id IS NULL, e.starts_at, e.ends_at
          FROM event_curators x JOIN events e ON e.id = x.event_id
          LEFT JOIN event_translations o ON o.event_id = e.id AND o.locale = ${locale}
          LEFT JOIN event_translations d ON d.event_id = e.id AND d.locale = ${defaultLocale}
          WHERE x.curator_id IN (${inList(ids.curators)}) AND ${visible('e', at)}`),
        ),
    ids.organizers.length === 0
      ? Promise.resolve([] as Row[])
      : db.all<Row>(
          ranked(sql`
          SELECT x.organizer_id AS person_id, 'event' AS type, e.slug, coalesce(o.title, d.title) AS title,
            o.event_id IS NULL AS is_fallback, e.starts_at, e.ends_at
          FROM event_organizers x JOIN events e ON e.id = x.event_id
          LEFT JOIN event_translations o ON o.event_id = e.id AND o.locale = ${locale}
          LEFT JOIN event_translations d ON d.event_id = e.id AND d.locale = ${defaultLocale}
          WHERE x.organizer_id IN (${inList(ids.organizers)}) AND ${visible('e', at)}`),
        ),
  ]);

  const toMap = (rows: Row[]) => {
    const map = new Map<number, PersonLink[]>();
    for (const row of rows) {
      if (!row.title) continue;
      const list = map.get(row.person_id) ?? [];
      list.push({ type: row.type, slug: row.slug, title: row.title, isFallback: Boolean(row.is_fallback) });
      map.set(row.person_id, list);
    }
    return map;
  };
  return { curators: toMap(curatorRows), organizers: toMap(organizerRows) };
}
