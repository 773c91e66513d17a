/** Organizers as shown on event pages (name, logo, description, website), batched per page. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { idList, inIdList, inPageLocales, preparedQuery } from '../../../db/prepared.ts';
import { eventOrganizers, organizerTranslations, organizers } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { groupBy, pickTranslation } from '../../lib/translated.ts';
import { loadMedias, type MediaView } from '../storage/catalog.ts';

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

const selectEventOrganizers = preparedQuery((db) =>
  db
    .select({ organizer: organizers })
    .from(eventOrganizers)
    .innerJoin(organizers, eq(organizers.id, eventOrganizers.organizerId))
    .where(eq(eventOrganizers.eventId, sql.placeholder('eventId')))
    .orderBy(asc(eventOrganizers.position), asc(organizers.name))
    .prepare(),
);
const selectOrganizerTexts = preparedQuery((db) =>
  db
    .select()
    .from(organizerTranslations)
    .where(and(inIdList(organizerTranslations.organizerId, 'ids'), inPageLocales(organizerTranslations.locale)))
    .prepare(),
);

/** Organizers of one event, in their editorial order (public exactly when the event is). */
export async function loadOrganizersForEvent(db: Executor, eventId: number, locale: Locale): Promise<OrganizerView[]> {
  const rows = await selectEventOrganizers(db).all({ eventId });
  if (rows.length === 0) return [];
  const [texts, logos] = await Promise.all([
    selectOrganizerTexts(db).all({ ids: idList(rows.map((row) => row.organizer.id)), locale }),
    loadMedias(db, rows.flatMap((row) => (row.organizer.logoMediaId ? [row.organizer.logoMediaId] : [])), locale),
  ]);
  const textsById = groupBy(texts, (text) => text.organizerId);
  return rows.map(({ organizer }) => {
    const text = pickTranslation(textsById.get(organizer.id) ?? [], locale);
    return {
      id: organizer.id,
      slug: organizer.slug,
      name: organizer.name,
      kind: organizer.kind,
      websiteUrl: organizer.websiteUrl,
      description: text?.row.description ?? null,
      descriptionLocale: text?.locale ?? locale,
      logo: organizer.logoMediaId ? (logos.get(organizer.logoMediaId) ?? null) : null,
    };
  });
}
