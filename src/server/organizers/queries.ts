/** Organizers as shown on event pages (name, logo, description, website), batched per page. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import { foundText, ownOrFallback, preparedQuery } from '../../../db/prepared.ts';
import { eventOrganizers, organizerTranslations, organizers } from '../../../db/schema.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import { textLocaleOf } from '../../lib/translated.ts';
import type { MediaView } from '../storage/catalog.ts';

export interface OrganizerView {
  id: number;
  slug: string;
  name: string;
  kind: 'organisation' | 'person';
  websiteUrl: string | null;
  description: string | null;
  descriptionLocale: Locale;
  logo: MediaView | null;
}

/** An organizer's own columns, as an event page's organizer list and the public API's organizer list read them. */
export const organizerColumns = {
  id: organizers.id,
  slug: organizers.slug,
  name: organizers.name,
  kind: organizers.kind,
  websiteUrl: organizers.websiteUrl,
  logoMediaId: organizers.logoMediaId,
};

/** Organizers of placeholder `eventId` in editorial order, with their description in placeholder `locale` or the default locale. */
const selectEventOrganizers = preparedQuery((db) => {
  const own = alias(organizerTranslations, 'own');
  const fallback = alias(organizerTranslations, 'fallback');
  return db
    .select({
      ...organizerColumns,
      description: ownOrFallback<string>(own.organizerId, own.description, fallback.description),
      found: foundText(own.organizerId, fallback.organizerId),
    })
    .from(eventOrganizers)
    .innerJoin(organizers, eq(organizers.id, eventOrganizers.organizerId))
    .leftJoin(own, and(eq(own.organizerId, organizers.id), eq(own.locale, sql.placeholder('locale'))))
    .leftJoin(fallback, and(eq(fallback.organizerId, organizers.id), eq(fallback.locale, defaultLocale)))
    .where(eq(eventOrganizers.eventId, sql.placeholder('eventId')))
    .orderBy(asc(eventOrganizers.position), asc(organizers.name))
    .prepare();
});

export type OrganizerRow = Awaited<ReturnType<ReturnType<typeof selectEventOrganizers>['all']>>[number];

/** The organizers of one event, in their editorial order (public exactly when the event is); logos come from `withLogos`. */
export function selectOrganizersOfEvent(db: Executor, eventId: number, locale: Locale): Promise<OrganizerRow[]> {
  return selectEventOrganizers(db).all({ eventId, locale });
}

/** Organizer views from their rows and the page's loaded medias. */
export function withLogos(rows: readonly OrganizerRow[], medias: ReadonlyMap<number, MediaView>, locale: Locale): OrganizerView[] {
  return rows.map(({ logoMediaId, found, ...organizer }) => ({
    ...organizer,
    descriptionLocale: textLocaleOf(found, locale),
    logo: logoMediaId ? (medias.get(logoMediaId) ?? null) : null,
  }));
}
