/** A curator's public page: photo, biography, links, and what they curate. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { curatorTranslations, curators } from '../../../db/schema.ts';
import { locales, type Locale } from '../../i18n/config.ts';
import { pickTranslation, translatedLocales } from '../../lib/translated.ts';
import { isEmptyWorks, loadPersonWorks, type PersonLookup, type PersonWorks } from '../people/works.ts';
import { loadMedias, type MediaView } from '../storage/catalog.ts';

export interface CuratorPage extends PersonWorks {
  id: number;
  slug: string;
  name: string;
  photo: MediaView | null;
  links: { label: string; url: string }[];
  shortBio: string | null;
  /** Markdown. */
  bio: string | null;
  /** Locale of the texts shown (the page's, or the default locale when falling back). */
  textLocale: Locale;
  isFallback: boolean;
  availableLocales: Locale[];
  updatedAt: Date;
}

/** The page's data, or undefined for an unknown slug or a curator who presents nothing public. */
export async function getCuratorPage(db: Executor, lookup: PersonLookup): Promise<CuratorPage | undefined> {
  const { slug, locale, now } = lookup;
  const [curator] = await db.select().from(curators).where(eq(curators.slug, slug)).limit(1);
  if (!curator) return undefined;
  const [texts, works, medias] = await Promise.all([
    db.select().from(curatorTranslations).where(eq(curatorTranslations.curatorId, curator.id)),
    loadPersonWorks(db, { kind: 'curator', id: curator.id }, locale, now),
    loadMedias(db, curator.photoMediaId ? [curator.photoMediaId] : [], locale),
  ]);
  if (isEmptyWorks(works) && !lookup.includeUnpublished) return undefined;
  // Rows without any text are not a translation of the page.
  const written = texts.filter((row) => row.bio || row.shortBio);
  const text = pickTranslation(written, locale);
  return {
    ...works,
    id: curator.id,
    slug: curator.slug,
    name: curator.name,
    photo: curator.photoMediaId ? (medias.get(curator.photoMediaId) ?? null) : null,
    links: curator.links,
    shortBio: text?.row.shortBio ?? null,
    bio: text?.row.bio ?? null,
    textLocale: text?.locale ?? locale,
    isFallback: text?.isFallback ?? false,
    // A page with a name and a programme but no text yet exists in every locale.
    availableLocales: written.length ? translatedLocales(written) : [...locales],
    updatedAt: curator.updatedAt,
  };
}
