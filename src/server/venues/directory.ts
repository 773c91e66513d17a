/**
 * The venues index (`/{locale}/hub/venues`): every published venue, as venue pages decide who has
 * one (decision 025): its name, address, access notes in `locale` (or the default locale), and
 * its point for the optional map.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { venueTranslations, venues } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { pickTranslation } from '../../lib/translated.ts';
import { venuePlaceColumns, type VenueRef } from './queries.ts';

export interface VenueIndexEntry extends Omit<VenueRef, 'isPublic'> {
  /** Markdown. */
  accessNotes: string | null;
  /** Locale of the access notes (the default locale when not translated). */
  accessNotesLocale: Locale | null;
}

/** Published venues in the locale's alphabetical order. */
export async function listVenueDirectory(db: Executor, locale: Locale): Promise<VenueIndexEntry[]> {
  const rows = await db.select(venuePlaceColumns).from(venues).where(eq(venues.status, 'published'));
  const ids = rows.map((row) => row.id);
  const texts = ids.length
    ? await db
        .select({ venueId: venueTranslations.venueId, locale: venueTranslations.locale, accessNotes: venueTranslations.accessNotes })
        .from(venueTranslations)
        .where(inArray(venueTranslations.venueId, ids))
    : [];
  // Only rows with access notes are a translation of them.
  const notesOf = new Map<number, typeof texts>();
  for (const text of texts) if (text.accessNotes) notesOf.set(text.venueId, [...(notesOf.get(text.venueId) ?? []), text]);
  const collator = new Intl.Collator(locale);
  return rows
    .map((row) => {
      const notes = pickTranslation(notesOf.get(row.id) ?? [], locale);
      return { ...row, accessNotes: notes?.row.accessNotes ?? null, accessNotesLocale: notes?.locale ?? null };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}
