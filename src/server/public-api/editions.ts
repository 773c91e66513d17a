/** Editions in the public API: public editions newest first, and one edition as its page shows it. */
import { and, desc, lt, lte, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { editions } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import { getEditionPage, selectSummaries, type EditionSummary } from '../editions/queries.ts';
import { isPubliclyVisible } from '../events/visibility.ts';
import { editionPageTags } from '../hub/page-tags.ts';
import { hubTags } from '../page-cache/tags.ts';
import { siteUrl, tagOf } from './links.ts';
import type { ListQuery } from './params.ts';
import { fileOf, imageOf } from './media.ts';
import { localized } from './translated.ts';

function editionBase(edition: EditionSummary, locale: Locale) {
  return {
    id: edition.id,
    slug: edition.slug,
    url: siteUrl(paths.edition(locale, edition.slug)),
    title: { value: edition.title, locale: edition.titleLocale },
    startsAt: edition.startsAt.toISOString(),
    endsAt: edition.endsAt.toISOString(),
    timeZone: edition.timeZone,
    cover: imageOf(edition.cover),
  };
}

/** A page of public editions, newest first (keyset: [startsAt ms, id]). */
export async function listEditions(db: Executor, query: ListQuery<unknown>, now: Date) {
  const { locale, limit, after } = query;
  const [at = 0, id = 0] = after ?? [];
  const afterKey = after ? and(lte(editions.startsAt, new Date(at)), or(lt(editions.startsAt, new Date(at)), lt(editions.id, id))) : undefined;
  const rows = await selectSummaries(db, locale, and(isPubliclyVisible(editions, now), afterKey), [desc(editions.startsAt), desc(editions.id)], limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map((edition) => ({ ...editionBase(edition, locale), summary: localized(edition.summary, edition.summaryLocale ?? edition.titleLocale) })),
    nextKey: rows.length > limit && last ? [last.startsAt.getTime(), last.id] : undefined,
    tags: items.map((edition) => hubTags.edition(edition.id)),
  };
}

/** One public edition as its hub page shows it, by slug. */
export async function getEdition(db: Executor, slug: string, locale: Locale, now: Date) {
  const edition = await getEditionPage(db, { slug, locale, now });
  if (!edition) return undefined;
  const textLocale = edition.titleLocale;
  return {
    item: {
      ...editionBase(edition, locale),
      summary: localized(edition.summary, textLocale),
      body: localized(edition.body, textLocale),
      tags: edition.tags.map((tag) => tagOf(tag, locale)),
      curators: edition.curators.map((curator) => ({
        id: curator.id,
        slug: curator.slug,
        name: curator.name,
        url: siteUrl(paths.curator(locale, curator.slug)),
      })),
      files: edition.files.map(fileOf),
      eventCount: edition.eventCount,
      availableLocales: edition.availableLocales,
      publishedAt: edition.publishedAt?.toISOString() ?? null,
      updatedAt: edition.updatedAt.toISOString(),
    },
    tags: editionPageTags(edition),
  };
}
