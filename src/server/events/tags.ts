/** Tags offered as hub filters: only those carried by at least one public event. */
import { and, eq, exists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import { eventTags, events, tagTranslations, tags } from '../../../db/schema.ts';
import { defaultLocale, localeConfig, type Locale } from '../../i18n/config.ts';
import type { TagView } from './queries.ts';
import { isPubliclyVisibleUnindexed } from './visibility.ts';

/** Public tags labelled in `locale` (default-locale label when missing), sorted by label. */
export async function listPublicTags(db: Executor, locale: Locale, now: Date): Promise<TagView[]> {
  const own = alias(tagTranslations, 'own');
  const fallback = alias(tagTranslations, 'fallback');
  const used = exists(
    db
      .select({ one: sql`1` })
      .from(eventTags)
      .innerJoin(events, eq(events.id, eventTags.eventId))
      // Unindexed visibility: the lookup must start from the tag's links (event_tags_tag_idx), not
      // from the ~all published events a status index would walk when the tag has no public event.
      .where(and(eq(eventTags.tagId, tags.id), isPubliclyVisibleUnindexed(events, now))),
  );
  const rows = await db
    .select({ id: tags.id, slug: tags.slug, ownLabel: own.label, fallbackLabel: fallback.label })
    .from(tags)
    .leftJoin(own, and(eq(own.tagId, tags.id), eq(own.locale, locale)))
    .leftJoin(fallback, and(eq(fallback.tagId, tags.id), eq(fallback.locale, defaultLocale)))
    .where(used);
  const collator = new Intl.Collator(localeConfig[locale].intl);
  return rows
    .map((row) => ({
      id: row.id,
      slug: row.slug,
      label: row.ownLabel ?? row.fallbackLabel ?? row.slug,
      labelLocale: row.ownLabel ? locale : defaultLocale,
    }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
