/**
 * `/sitemap.xml`: every public page in every locale that has its content, each with its hreflang
 * alternates. Past 40 000 URLs it becomes a sitemap index over `?part=N` (the protocol caps one
 * file at 50 000 URLs).
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { editionTranslations, editions, eventTranslations, events, venues } from '../../../db/schema.ts';
import { locales, type Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import { translatedLocales } from '../../lib/translated.ts';
import { isPubliclyVisible, isPubliclyVisibleUnindexed } from '../events/visibility.ts';
import { buildAlternates } from './alternates.ts';
import { absoluteUrl } from './site.ts';

/** Events per sitemap part (each yields up to one URL per locale). */
export const EVENTS_PER_PART = 12_000;

interface Page {
  pathFor: (locale: Locale) => string;
  locales: Locale[];
  lastModified?: Date;
}

const staticPages: Page[] = [paths.home, paths.hub, paths.about, paths.contact, paths.privacy, paths.terms].map((pathFor) => ({
  pathFor,
  locales: [...locales],
}));

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

function urlEntries(origin: string, page: Page): string {
  const alternates = buildAlternates(origin, page.pathFor, page.locales);
  const links = alternates.map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(alt.href)}"/>`).join('\n');
  return page.locales
    .map((locale) => {
      const lastmod = page.lastModified ? `\n    <lastmod>${page.lastModified.toISOString()}</lastmod>` : '';
      return `  <url>\n    <loc>${escapeXml(absoluteUrl(origin, page.pathFor(locale)))}</loc>${lastmod}\n${links}\n  </url>`;
    })
    .join('\n');
}

function urlset(entries: string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    entries.filter(Boolean).join('\n') +
    '\n</urlset>\n'
  );
}

async function localesOf(db: Executor, table: typeof eventTranslations | typeof editionTranslations, ids: number[]) {
  const idColumn = table === eventTranslations ? eventTranslations.eventId : editionTranslations.editionId;
  const rows = ids.length ? await db.select({ id: idColumn, locale: table.locale }).from(table).where(inArray(idColumn, ids)) : [];
  const byId = new Map<number, { locale: string }[]>();
  for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
  return (id: number) => translatedLocales(byId.get(id) ?? []);
}

/**
 * Curators' and organizers' pages: those presenting a public edition or event (as their pages
 * decide), in the locales their texts are written in (every locale when they have none).
 */
async function listPeoplePages(db: Executor, now: Date): Promise<Page[]> {
  const at = now.getTime();
  // The rule of isPubliclyVisible, written for raw SQL over aliased tables.
  const visible = sql`e.status = 'published' AND (e.publish_at IS NULL OR e.publish_at <= ${at}) AND (e.unpublish_at IS NULL OR e.unpublish_at > ${at})`;
  type Row = { kind: 'curator' | 'organizer'; slug: string; updated_at: number; locales: string | null };
  const rows = await db.all<Row>(sql`
    SELECT 'curator' AS kind, c.slug, c.updated_at,
      (SELECT group_concat(t.locale) FROM curator_translations t WHERE t.curator_id = c.id AND (t.bio IS NOT NULL OR t.short_bio IS NOT NULL)) AS locales
    FROM curators c
    WHERE EXISTS (SELECT 1 FROM event_curators x JOIN events e ON e.id = x.event_id WHERE x.curator_id = c.id AND ${visible})
       OR EXISTS (SELECT 1 FROM edition_curators x JOIN editions e ON e.id = x.edition_id WHERE x.curator_id = c.id AND ${visible})
    UNION ALL
    SELECT 'organizer', o.slug, o.updated_at,
      (SELECT group_concat(t.locale) FROM organizer_translations t WHERE t.organizer_id = o.id AND t.description IS NOT NULL)
    FROM organizers o
    WHERE EXISTS (SELECT 1 FROM event_organizers x JOIN events e ON e.id = x.event_id WHERE x.organizer_id = o.id AND ${visible})
    ORDER BY 1, 2`);
  return rows.map((row) => {
    const written = translatedLocales((row.locales ?? '').split(',').map((locale) => ({ locale })));
    const pathFor = row.kind === 'curator' ? (l: Locale) => paths.curator(l, row.slug) : (l: Locale) => paths.organizer(l, row.slug);
    return { pathFor, locales: written.length ? written : [...locales], lastModified: new Date(row.updated_at) };
  });
}

/** Number of event parts; 0 means everything fits in one file. */
export async function countSitemapParts(db: Executor, now: Date): Promise<number> {
  const [row] = await db.select({ value: count() }).from(events).where(isPubliclyVisibleUnindexed(events, now));
  const total = row?.value ?? 0;
  return total * locales.length <= 40_000 ? 0 : Math.ceil(total / EVENTS_PER_PART);
}

/** A sitemap index listing the parts. */
export function buildSitemapIndex(origin: string, parts: number): string {
  const items = Array.from(
    { length: parts + 1 },
    (_, part) => `  <sitemap><loc>${escapeXml(absoluteUrl(origin, `/sitemap.xml?part=${part}`))}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/**
 * One sitemap file. `part` undefined: everything. Part 0: static pages, editions and their
 * timetables, people's pages, venues; part N ≥ 1: the N-th slice of events by id.
 */
export async function buildSitemap(db: Executor, origin: string, now: Date, part?: number): Promise<string> {
  const entries: string[] = [];
  if (part === undefined || part === 0) {
    entries.push(...staticPages.map((page) => urlEntries(origin, page)));
    const editionRows = await db
      .select({ id: editions.id, slug: editions.slug, updatedAt: editions.updatedAt })
      .from(editions)
      .where(isPubliclyVisible(editions, now))
      .orderBy(asc(editions.id));
    const editionLocales = await localesOf(
      db,
      editionTranslations,
      editionRows.map((row) => row.id),
    );
    for (const row of editionRows) {
      entries.push(urlEntries(origin, { pathFor: (l) => paths.edition(l, row.slug), locales: editionLocales(row.id), lastModified: row.updatedAt }));
      entries.push(urlEntries(origin, { pathFor: (l) => paths.editionSchedule(l, row.slug), locales: editionLocales(row.id), lastModified: row.updatedAt }));
    }
    entries.push(...(await listPeoplePages(db, now)).map((page) => urlEntries(origin, page)));
    // A venue page exists in every locale: its name, address and events need no translation.
    const venueRows = await db
      .select({ slug: venues.slug, updatedAt: venues.updatedAt })
      .from(venues)
      .where(eq(venues.status, 'published'))
      .orderBy(asc(venues.id));
    for (const row of venueRows) {
      entries.push(urlEntries(origin, { pathFor: (l) => paths.venue(l, row.slug), locales: [...locales], lastModified: row.updatedAt }));
    }
  }
  if (part === undefined || part > 0) {
    const eventRows = await db
      .select({ id: events.id, slug: events.slug, updatedAt: events.updatedAt })
      .from(events)
      .where(isPubliclyVisible(events, now))
      .orderBy(asc(events.id))
      .limit(part === undefined ? 1_000_000 : EVENTS_PER_PART)
      .offset(part === undefined ? 0 : (part - 1) * EVENTS_PER_PART);
    const eventLocales = await localesOf(
      db,
      eventTranslations,
      eventRows.map((row) => row.id),
    );
    for (const row of eventRows) {
      entries.push(urlEntries(origin, { pathFor: (l) => paths.event(l, row.slug), locales: eventLocales(row.id), lastModified: row.updatedAt }));
    }
  }
  return urlset(entries);
}
