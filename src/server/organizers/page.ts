/** An organizer's public page: logo, description, website, and their events. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { organizerTranslations, organizers } from '../../../db/schema.ts';
import { locales, type Locale } from '../../i18n/config.ts';
import { pickTranslation, translatedLocales } from '../../lib/translated.ts';
import { isEmptyWorks, loadPersonWorks, type PersonLookup, type PersonWorks } from '../people/works.ts';
import { loadMedias, type MediaView } from '../storage/catalog.ts';

export interface OrganizerPage extends PersonWorks {
  id: number;
  slug: string;
  name: string;
  kind: 'organisation' | 'person';
  websiteUrl: string | null;
  logo: MediaView | null;
  /** Markdown. */
  description: string | null;
  textLocale: Locale;
  isFallback: boolean;
  availableLocales: Locale[];
  updatedAt: Date;
}

/** The page's data, or undefined for an unknown slug or an organizer of no public event. */
export async function getOrganizerPage(db: Executor, lookup: PersonLookup): Promise<OrganizerPage | undefined> {
  const { slug, locale, now } = lookup;
  const [organizer] = await db.select().from(organizers).where(eq(organizers.slug, slug)).limit(1);
  if (!organizer) return undefined;
  const [texts, works, medias] = await Promise.all([
    db.select().from(organizerTranslations).where(eq(organizerTranslations.organizerId, organizer.id)),
    loadPersonWorks(db, { kind: 'organizer', id: organizer.id }, locale, now),
    loadMedias(db, organizer.logoMediaId ? [organizer.logoMediaId] : [], locale),
  ]);
  if (isEmptyWorks(works) && !lookup.includeUnpublished) return undefined;
  const written = texts.filter((row) => row.description);
  const text = pickTranslation(written, locale);
  return {
    ...works,
    id: organizer.id,
    slug: organizer.slug,
    name: organizer.name,
    kind: organizer.kind,
    websiteUrl: organizer.websiteUrl,
    logo: organizer.logoMediaId ? (medias.get(organizer.logoMediaId) ?? null) : null,
    description: text?.row.description ?? null,
    textLocale: text?.locale ?? locale,
    isFallback: text?.isFallback ?? false,
    availableLocales: written.length ? translatedLocales(written) : [...locales],
    updatedAt: organizer.updatedAt,
  };
}
