/**
 * Who has a public page among curators and organizers: those presenting a public edition or event
 * (as their pages decide, see works.ts), with the locales their texts are written in. The line-up
 * (`/{locale}/hub/people`) and the sitemap both read it.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { locales, type Locale } from '../../i18n/config.ts';
import { translatedLocales } from '../../lib/translated.ts';

export interface PublicPerson {
  kind: 'curator' | 'organizer';
  id: number;
  slug: string;
  name: string;
  updatedAt: Date;
  /** Locales their page is written in (every locale when it has no text yet). */
  locales: Locale[];
}

/** Every curator and organizer with a public page at `now`. */
export async function listPublicPeople(db: Executor, now: Date): Promise<PublicPerson[]> {
  const at = now.getTime();
  // The rule of isPubliclyVisible, written for raw SQL over aliased tables.
  const visible = sql`e.status = 'published' AND (e.publish_at IS NULL OR e.publish_at <= ${at}) AND (e.unpublish_at IS NULL OR e.unpublish_at > ${at})`;
  type Row = { kind: 'curator' | 'organizer'; id: number; slug: string; name: string; updated_at: number; locales: string | null };
  const rows = await db.all<Row>(sql`
    SELECT 'curator' AS kind, c.id, c.slug, c.name, c.updated_at,
      (SELECT group_concat(t.locale) FROM curator_translations t WHERE t.curator_id = c.id AND (t.bio IS NOT NULL OR t.short_bio IS NOT NULL)) AS locales
    FROM curators c
    WHERE EXISTS (SELECT 1 FROM event_curators x JOIN events e ON e.id = x.event_id WHERE x.curator_id = c.id AND ${visible})
       OR EXISTS (SELECT 1 FROM edition_curators x JOIN editions e ON e.id = x.edition_id WHERE x.curator_id = c.id AND ${visible})
    UNION ALL
    SELECT 'organizer', o.id, o.slug, o.name, o.updated_at,
      (SELECT group_concat(t.locale) FROM organizer_translations t WHERE t.organizer_id = o.id AND t.description IS NOT NULL)
    FROM organizers o
    WHERE EXISTS (SELECT 1 FROM event_organizers x JOIN events e ON e.id = x.event_id WHERE x.organizer_id = o.id AND ${visible})
    ORDER BY 1, 3`);
  return rows.map((row) => {
    const written = translatedLocales((row.locales ?? '').split(',').map((locale) => ({ locale })));
    return {
      kind: row.kind,
      id: row.id,
      slug: row.slug,
      name: row.name,
      updatedAt: new Date(row.updated_at),
      locales: written.length ? written : [...locales],
    };
  });
}

/** A letter of the line-up and the people filed under it. */
export interface LineUpLetter {
  /** The heading: a capital letter without its accents, or "#" for names starting otherwise. */
  letter: string;
  people: PublicPerson[];
}

const LATIN = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const baseCollators = new Map<Locale, Intl.Collator>();

/**
 * The letter a name is filed under, as the locale's collation reads it: "Émile" and "Łukasz" under
 * E and L in English, a letter of its own otherwise ("Жанна" under Ж), "3epkano" under "#".
 */
export function filingLetterOf(name: string, locale: Locale): string {
  const first = [...name.trim()][0] ?? '';
  if (!/\p{L}/u.test(first)) return '#';
  let collator = baseCollators.get(locale);
  if (!collator) baseCollators.set(locale, (collator = new Intl.Collator(locale, { sensitivity: 'base' })));
  return LATIN.find((letter) => collator.compare(first, letter) === 0) ?? first.toLocaleUpperCase(locale);
}

/** People sorted with the locale's collation and filed by letter ("#" first, as in an index). */
export function groupLineUp(people: readonly PublicPerson[], locale: Locale): LineUpLetter[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const sorted = [...people].sort((a, b) => collator.compare(a.name, b.name) || a.kind.localeCompare(b.kind));
  const letters = new Map<string, PublicPerson[]>();
  for (const person of sorted) {
    const letter = filingLetterOf(person.name, locale);
    letters.set(letter, [...(letters.get(letter) ?? []), person]);
  }
  return [...letters]
    .map(([letter, filed]) => ({ letter, people: filed }))
    .sort((a, b) => (a.letter === '#' ? -1 : b.letter === '#' ? 1 : collator.compare(a.letter, b.letter)));
}
