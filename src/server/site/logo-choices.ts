/** The images the settings form offers as the logo: the newest of the media library, and the current one. */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { medias, mediaTranslations } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';

const MAX_CHOICES = 100;

export interface LogoChoice {
  id: number;
  label: string;
}

/** Up to 100 images, newest first, labelled by their alternative text (else their file name). */
export async function listLogoChoices(db: Executor, locale: Locale, currentId: number | null): Promise<LogoChoice[]> {
  const rows = await db
    .select({ id: medias.id, alt: mediaTranslations.alt, name: medias.originalName })
    .from(medias)
    .leftJoin(mediaTranslations, and(eq(mediaTranslations.mediaId, medias.id), eq(mediaTranslations.locale, locale)))
    .where(and(eq(medias.kind, 'image'), isNotNull(medias.storageKey)))
    .orderBy(desc(medias.id))
    .limit(MAX_CHOICES);
  const choices = rows.map((row) => ({ id: row.id, label: `${row.alt || row.name || `#${row.id}`} (#${row.id})` }));
  if (currentId !== null && !choices.some((choice) => choice.id === currentId)) {
    const [current] = await db.select({ id: medias.id, name: medias.originalName }).from(medias).where(eq(medias.id, currentId));
    if (current) choices.unshift({ id: current.id, label: `${current.name ?? ''} (#${current.id})` });
  }
  return choices;
}
