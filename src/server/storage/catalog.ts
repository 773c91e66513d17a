/**
 * Read side of medias and files: find the database record behind a storage key, and load the
 * display data (alt text, caption, size) of medias and files for pages in batched queries.
 */
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import { foundText, idList, inIdList, inPageLocales, ownOrFallback, preparedQuery } from '../../../db/prepared.ts';
import { fileTranslations, files, mediaTranslations, medias } from '../../../db/schema.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import { groupBy, pickTranslation, textLocaleOf } from '../../lib/translated.ts';
import { parseEmbedUrl, type Embed } from '../../lib/embeds.ts';
import type { OriginalKey } from './keys.ts';

/** The media record of `kind` served under `key`, or undefined: only registered medias are served. */
export async function findImageByKey(db: Executor, key: OriginalKey, kind: 'image' | 'video' | 'audio' = 'image') {
  const [row] = await db
    .select({ id: medias.id, mimeType: medias.mimeType, sha256: medias.sha256, width: medias.width })
    .from(medias)
    .where(and(eq(medias.sha256, key.sha256), eq(medias.storageKey, key.key), eq(medias.kind, kind)))
    .limit(1);
  return row;
}

/** The downloadable file stored under `key`, or undefined. */
export async function findFileByKey(db: Executor, key: OriginalKey) {
  const [row] = await db
    .select({ id: files.id, mimeType: files.mimeType, originalName: files.originalName, byteSize: files.byteSize, sha256: files.sha256 })
    .from(files)
    .where(and(eq(files.sha256, key.sha256), eq(files.storageKey, key.key)))
    .limit(1);
  return row;
}

/** Texts every media carries in a page: alternative text (or a video's title), caption, credit, licence. */
interface MediaTexts {
  id: number;
  alt: string;
  /** Locale of alt and caption (default locale when not translated). */
  textLocale: Locale;
  caption: string | null;
  credit: string | null;
  licence: string | null;
}

/** An image with its stored size (covers, photos, logos, gallery images). */
export interface MediaView extends MediaTexts {
  key: string;
  width: number;
  height: number;
  mimeType: string;
  /** The point editors chose to keep in view when the image is cropped (fractions 0–1). */
  focalX: number;
  focalY: number;
}

/** Anything a gallery shows: an image, an uploaded video or audio file, or a video link (played by its provider). */
export type GalleryMedia =
  | ({ kind: 'image' } & MediaView)
  | ({ kind: 'video'; key: string; mimeType: string; width: number | null; height: number | null } & MediaTexts)
  | ({ kind: 'audio'; key: string; mimeType: string } & MediaTexts)
  | ({ kind: 'embed'; embed: Embed } & MediaTexts);

/** Medias among placeholder `ids`, with their texts in placeholder `locale` and the default locale. */
const selectMedias = preparedQuery((db) => {
  const own = alias(mediaTranslations, 'own');
  const fallback = alias(mediaTranslations, 'fallback');
  return db
    .select({
      id: medias.id,
      kind: medias.kind,
      storageKey: medias.storageKey,
      embedUrl: medias.embedUrl,
      width: medias.width,
      height: medias.height,
      mimeType: medias.mimeType,
      credit: medias.credit,
      licence: medias.licence,
      focalX: medias.focalX,
      focalY: medias.focalY,
      found: foundText(own.mediaId, fallback.mediaId),
      alt: ownOrFallback<string>(own.mediaId, own.alt, fallback.alt),
      caption: ownOrFallback<string>(own.mediaId, own.caption, fallback.caption),
    })
    .from(medias)
    .leftJoin(own, and(eq(own.mediaId, medias.id), eq(own.locale, sql.placeholder('locale'))))
    .leftJoin(fallback, and(eq(fallback.mediaId, medias.id), eq(fallback.locale, defaultLocale)))
    .where(inIdList(medias.id, 'ids'))
    .prepare();
});

type MediaRow = Awaited<ReturnType<ReturnType<typeof selectMedias>['all']>>[number];

/** The page's view of one row, or null for what a page cannot show (a link no longer supported). */
function toGalleryMedia(row: MediaRow, locale: Locale): GalleryMedia | null {
  const texts: MediaTexts = {
    id: row.id,
    alt: row.alt ?? '',
    textLocale: textLocaleOf(row.found, locale),
    caption: row.caption,
    credit: row.credit,
    licence: row.licence,
  };
  if (row.kind === 'image' && row.storageKey && row.width && row.height) {
    return {
      kind: 'image',
      ...texts,
      key: row.storageKey,
      width: row.width,
      height: row.height,
      mimeType: row.mimeType ?? 'image/jpeg',
      focalX: row.focalX,
      focalY: row.focalY,
    };
  }
  if (row.kind === 'video' && row.storageKey) {
    return { kind: 'video', ...texts, key: row.storageKey, mimeType: row.mimeType ?? 'video/mp4', width: row.width, height: row.height };
  }
  if (row.kind === 'audio' && row.storageKey) return { kind: 'audio', ...texts, key: row.storageKey, mimeType: row.mimeType ?? 'audio/mpeg' };
  const embed = row.kind === 'embed' && row.embedUrl ? parseEmbedUrl(row.embedUrl) : null;
  return embed ? { kind: 'embed', ...texts, embed } : null;
}

/** Display data of medias of every kind by id, in one query. */
export async function loadGalleryMedias(db: Executor, ids: readonly number[], locale: Locale): Promise<Map<number, GalleryMedia>> {
  const result = new Map<number, GalleryMedia>();
  if (ids.length === 0) return result;
  for (const row of await selectMedias(db).all({ ids: idList(ids), locale })) {
    const media = toGalleryMedia(row, locale);
    if (media) result.set(row.id, media);
  }
  return result;
}

/** The images among loaded medias (what covers, photos and logos may show). */
export function imagesOf(loaded: ReadonlyMap<number, GalleryMedia>): Map<number, MediaView> {
  const images = new Map<number, MediaView>();
  for (const [id, media] of loaded) if (media.kind === 'image') images.set(id, media);
  return images;
}

/** Display data of images by id (other kinds are skipped), in one query. */
export async function loadMedias(db: Executor, ids: readonly number[], locale: Locale): Promise<Map<number, MediaView>> {
  return imagesOf(await loadGalleryMedias(db, ids, locale));
}

export interface FileView {
  id: number;
  key: string;
  title: string;
  titleLocale: Locale;
  description: string | null;
  originalName: string;
  mimeType: string;
  byteSize: number;
}

const selectFiles = preparedQuery((db) => db.select().from(files).where(inIdList(files.id, 'ids')).prepare());
const selectFileTexts = preparedQuery((db) =>
  db
    .select()
    .from(fileTranslations)
    .where(and(inIdList(fileTranslations.fileId, 'ids'), inPageLocales(fileTranslations.locale)))
    .prepare(),
);

/** Display data of files by id, in the order given. */
export async function loadFiles(db: Executor, ids: readonly number[], locale: Locale): Promise<FileView[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const values = { ids: idList(unique), locale };
  const [rows, texts] = await Promise.all([selectFiles(db).all(values), selectFileTexts(db).all(values)]);
  const textsById = groupBy(texts, (text) => text.fileId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const text = pickTranslation(textsById.get(id) ?? [], locale);
    return [
      {
        id,
        key: row.storageKey,
        title: text?.row.title ?? row.originalName,
        titleLocale: text?.locale ?? locale,
        description: text?.row.description ?? null,
        originalName: row.originalName,
        mimeType: row.mimeType,
        byteSize: row.byteSize,
      },
    ];
  });
}
