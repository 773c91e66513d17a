/**
 * `/sitemap.xml`: every public page in every locale that has its content, each with its hreflang
 * alternates. Past 40 000 URLs it becomes a sitemap index over `?part=N` (the protocol caps one
 * file at 50 000 URLs).
 */
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { editionTranslations, editions, eventTranslations, events, venues } from '../../../db/schema.ts';
import { locales, type Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import { translatedLocales } from '../../lib/translated.ts';
import { isPubliclyVisible, isPubliclyVisibleUnindexed } from '../events/visibility.ts';
import { listPublicPeople } from '../people/line-up.ts';
import { buildAlternates } from './alternates.ts';
import { absoluteUrl } from '../config/site-origin.ts';

/** Events per sitemap part (each yields up to one URL per locale). */
export const EVENTS_PER_PART = 12_000;

interface Page {
  pathFor: (locale: Locale) => string;
  locales: Locale[];
  lastModified?: Date;
}

const staticPages: Page[] = [
  paths.home,
  paths.hub,
  paths.today,
  paths.editions,
  paths.venues,
  paths.people,
  paths.about,
  paths.contact,
  paths.privacy,
  paths.terms,
].map((pathFor) => ({
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

/** Curators' and organizers' pages, in the locales their texts are written in. */
async function listPeoplePages(db: Executor, now: Date): Promise<Page[]> {
  return (await listPublicPeople(db, now)).map((person) => ({
    pathFor: (l: Locale) => (person.kind === 'curator' ? paths.curator(l, person.slug) : paths.organizer(l, person.slug)),
    locales: person.locales,
    lastModified: person.updatedAt,
  }));
}

/** Number of event parts; 0 means everything fits in one file. */
export async function countSitemapParts(db: Executor, now: Date): Promise<number> {
  const [row] = await db.select({ value: count() }).from(events).where(and(isPubliclyVisibleUnindexed(events, now), isNull(events.seriesId)));
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
      // A repeating event is listed once (its dates are reached from its page).
      .where(and(isPubliclyVisible(events, now), isNull(events.seriesId)))
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
