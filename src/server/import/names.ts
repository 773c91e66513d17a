/**
 * Venues, tags, organizers and curators named in an import, matched to existing ones by name
 * without regard to case, accents or spacing ("Théâtre  du Port" = "theatre du port").
 */
import type { Executor } from '../../../db/client.ts';
import { curators, organizers, tagTranslations, tags, venues } from '../../../db/schema.ts';
import { slugField } from '../../lib/admin-schemas/fields.ts';
import { nameKey } from '../../lib/name-key.ts';
import type { ImportRow } from './rows.ts';

export const namedKinds = ['venue', 'tags', 'organizers', 'curators'] as const;
export type NamedKind = (typeof namedKinds)[number];

export { nameKey };

/** Existing ids by name key, per kind; the lowest id wins when two share a name. */
export type NameIndex = Record<NamedKind, Map<string, number>>;

function indexOf(rows: readonly { id: number; name: string }[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const key = nameKey(row.name);
    if (!map.has(key)) map.set(key, row.id);
  }
  return map;
}

/** Every venue, organizer and curator name and every tag label (in any locale) and slug. */
export async function loadNameIndex(db: Executor): Promise<NameIndex> {
  const [venueRows, organizerRows, curatorRows, tagRows, tagSlugs] = await Promise.all([
    db.select({ id: venues.id, name: venues.name }).from(venues),
    db.select({ id: organizers.id, name: organizers.name }).from(organizers),
    db.select({ id: curators.id, name: curators.name }).from(curators),
    db.select({ id: tagTranslations.tagId, name: tagTranslations.label }).from(tagTranslations),
    db.select({ id: tags.id, name: tags.slug }).from(tags),
  ]);
  return {
    venue: indexOf(venueRows),
    organizers: indexOf(organizerRows),
    curators: indexOf(curatorRows),
    tags: indexOf([...tagRows, ...tagSlugs.map((row) => ({ id: row.id, name: row.name.replace(/-/g, ' ') }))]),
  };
}

/** The index key of a tag slug (slugs are indexed with spaces for dashes, like labels). */
export const tagSlugKey = (slug: string) => nameKey(slug.replace(/-/g, ' '));

/** The slug a new tag may take from the file: a valid one only (a bad one would refuse the import). */
export function usableTagSlug(row: ImportRow, label: string): string | undefined {
  const slug = row.tagDetails[label]?.slug;
  return slug && slugField.safeParse(slug).success ? slug : undefined;
}

/**
 * Labels whose slug names an existing tag find that tag, whatever their words: the fr export's
 * "Musique" is the en export's "Music" (slug `music`), so importing both adds no second tag.
 */
export function matchTagsBySlug(index: NameIndex, rows: readonly ImportRow[]): void {
  for (const row of rows) {
    for (const [label, { slug }] of Object.entries(row.tagDetails)) {
      const id = slug ? index.tags.get(tagSlugKey(slug)) : undefined;
      if (id !== undefined) index.tags.set(nameKey(label), id);
    }
  }
}
