/**
 * Curators and organizers in the public API. A person has no status of their own: they are public
 * while they present a public edition or event (the rule of their hub pages, people/works.ts).
 */
import { and, asc, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import { foundText, ownOrFallback } from '../../../db/prepared.ts';
import { curatorTranslations, curators, editionCurators, editions, eventCurators, eventOrganizers, events, organizers } from '../../../db/schema.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import { textLocaleOf } from '../../lib/translated.ts';
import { loadMedias } from '../storage/catalog.ts';
import { getCuratorPage } from '../curators/page.ts';
import { isPubliclyVisible } from '../events/visibility.ts';
import { getOrganizerPage } from '../organizers/page.ts';
import { curatorPageTags, organizerPageTags } from '../hub/page-tags.ts';
import { hubTags } from '../page-cache/tags.ts';
import { siteUrl } from './links.ts';
import { editionScope, nameMatchCondition, type NameFilters } from './name-filters.ts';
import { afterId, emptyPage, idKeyedPage } from './pages.ts';
import type { ListQuery } from './params.ts';
import { imageById, imageOf, mediaIdsOf } from './media.ts';
import { localized } from './translated.ts';
import { organizerColumns } from '../organizers/queries.ts';

/**
 * True while a public event names the person `personId` through `link` (its column `linkPerson`);
 * only events of `editionId` when given.
 */
function presentsPublicEvent(
  db: Executor,
  link: typeof eventCurators | typeof eventOrganizers,
  linkPerson: AnySQLiteColumn,
  personId: AnySQLiteColumn,
  now: Date,
  editionId?: number,
): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(link)
      .innerJoin(events, eq(events.id, link.eventId))
      .where(and(eq(linkPerson, personId), isPubliclyVisible(events, now), editionId === undefined ? undefined : eq(events.editionId, editionId))),
  );
}

/** True while a public edition (`editionId` when given, which is public) names the curator. */
function presentsEdition(db: Executor, now: Date, editionId?: number): SQL {
  const link = eq(editionCurators.curatorId, curators.id);
  if (editionId !== undefined)
    return exists(
      db
        .select({ one: sql`1` })
        .from(editionCurators)
        .where(and(link, eq(editionCurators.editionId, editionId))),
    );
  return exists(
    db
      .select({ one: sql`1` })
      .from(editionCurators)
      .innerJoin(editions, eq(editions.id, editionCurators.editionId))
      .where(and(link, isPubliclyVisible(editions, now))),
  );
}

/** A page of public curators by id, with their short bio in `locale` (or the default locale). */
export async function listCurators(db: Executor, query: ListQuery<NameFilters>, now: Date) {
  const { locale, limit, after, filters } = query;
  const scope = await editionScope(db, filters, now);
  if (!scope) return emptyPage;
  const own = alias(curatorTranslations, 'own');
  const fallback = alias(curatorTranslations, 'fallback');
  const shown = and(
    or(presentsPublicEvent(db, eventCurators, eventCurators.curatorId, curators.id, now, scope.editionId), presentsEdition(db, now, scope.editionId)),
    afterId(curators.id, after),
  );
  const where = filters.q ? and(shown, await nameMatchCondition(db, curators, shown, filters.q, limit)) : shown;
  const rows = await db
    .select({
      id: curators.id,
      slug: curators.slug,
      name: curators.name,
      photoMediaId: curators.photoMediaId,
      shortBio: ownOrFallback<string>(own.curatorId, own.shortBio, fallback.shortBio),
      found: foundText(own.curatorId, fallback.curatorId),
    })
    .from(curators)
    .leftJoin(own, and(eq(own.curatorId, curators.id), eq(own.locale, locale)))
    .leftJoin(fallback, and(eq(fallback.curatorId, curators.id), eq(fallback.locale, defaultLocale)))
    .where(where)
    .orderBy(asc(curators.id))
    .limit(limit + 1);
  const photos = await loadMedias(db, mediaIdsOf(rows.slice(0, limit), 'photoMediaId'), locale);
  return idKeyedPage(
    rows,
    limit,
    (row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      url: siteUrl(paths.curator(locale, row.slug)),
      shortBio: localized(row.shortBio, textLocaleOf(row.found, locale)),
      photo: imageById(photos, row.photoMediaId),
    }),
    hubTags.curator,
  );
}

/** One public curator as their hub page shows them, by slug. */
export async function getCurator(db: Executor, slug: string, locale: Locale, now: Date) {
  const curator = await getCuratorPage(db, { slug, locale, now });
  if (!curator) return undefined;
  return {
    item: {
      id: curator.id,
      slug: curator.slug,
      name: curator.name,
      url: siteUrl(paths.curator(locale, curator.slug)),
      shortBio: localized(curator.shortBio, curator.textLocale),
      photo: imageOf(curator.photo),
      bio: localized(curator.bio, curator.textLocale),
      links: curator.links,
      editions: curator.editions.map((edition) => ({
        id: edition.id,
        slug: edition.slug,
        title: { value: edition.title, locale: edition.titleLocale },
        url: siteUrl(paths.edition(locale, edition.slug)),
      })),
      eventIds: curator.eventIds,
      updatedAt: curator.updatedAt.toISOString(),
    },
    tags: curatorPageTags(curator),
  };
}

/** A page of public organizers by id. */
export async function listOrganizers(db: Executor, query: ListQuery<NameFilters>, now: Date) {
  const { locale, limit, after, filters } = query;
  const scope = await editionScope(db, filters, now);
  if (!scope) return emptyPage;
  const shown = and(presentsPublicEvent(db, eventOrganizers, eventOrganizers.organizerId, organizers.id, now, scope.editionId), afterId(organizers.id, after));
  const where = filters.q ? and(shown, await nameMatchCondition(db, organizers, shown, filters.q, limit)) : shown;
  const rows = await db
    .select(organizerColumns)
    .from(organizers)
    .where(where)
    .orderBy(asc(organizers.id))
    .limit(limit + 1);
  const logos = await loadMedias(db, mediaIdsOf(rows.slice(0, limit), 'logoMediaId'), locale);
  return idKeyedPage(
    rows,
    limit,
    ({ logoMediaId, ...row }) => ({ ...row, url: siteUrl(paths.organizer(locale, row.slug)), logo: imageById(logos, logoMediaId) }),
    hubTags.organizer,
  );
}

/** One public organizer as their hub page shows them, by slug. */
export async function getOrganizer(db: Executor, slug: string, locale: Locale, now: Date) {
  const organizer = await getOrganizerPage(db, { slug, locale, now });
  if (!organizer) return undefined;
  return {
    item: {
      id: organizer.id,
      slug: organizer.slug,
      name: organizer.name,
      kind: organizer.kind,
      websiteUrl: organizer.websiteUrl,
      url: siteUrl(paths.organizer(locale, organizer.slug)),
      logo: imageOf(organizer.logo),
      description: localized(organizer.description, organizer.textLocale),
      eventIds: organizer.eventIds,
      updatedAt: organizer.updatedAt.toISOString(),
    },
    tags: organizerPageTags(organizer),
  };
}
