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
import type { OriginalKey } from './keys.ts';

/** The image record served under `key`, or undefined: only registered images are served. */
export async function findImageByKey(db: Executor, key: OriginalKey, kind: 'image' | 'video' = 'image') {
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

export interface MediaView {
  id: number;
  key: string;
  width: number;
  height: number;
  mimeType: string;
  alt: string;
  /** Locale of alt and caption (default locale when not translated). */
  textLocale: Locale;
  caption: string | null;
  credit: string | null;
}

/** Images among placeholder `ids`, with their texts in placeholder `locale` and the default locale. */
const selectImages = preparedQuery((db) => {
  const own = alias(mediaTranslations, 'own');
  const fallback = alias(mediaTranslations, 'fallback');
  return db
    .select({
      id: medias.id,
      storageKey: medias.storageKey,
      width: medias.width,
      height: medias.height,
      mimeType: medias.mimeType,
      credit: medias.credit,
      found: foundText(own.mediaId, fallback.mediaId),
      alt: ownOrFallback<string>(own.mediaId, own.alt, fallback.alt),
      caption: ownOrFallback<string>(own.mediaId, own.caption, fallback.caption),
    })
    .from(medias)
    .leftJoin(own, and(eq(own.mediaId, medias.id), eq(own.locale, sql.placeholder('locale'))))
    .leftJoin(fallback, and(eq(fallback.mediaId, medias.id), eq(fallback.locale, defaultLocale)))
    .where(and(inIdList(medias.id, 'ids'), eq(medias.kind, 'image')))
    .prepare();
});

/** Display data of images by id (other kinds and embeds are skipped), in one query. */
export async function loadMedias(db: Executor, ids: readonly number[], locale: Locale): Promise<Map<number, MediaView>> {
  const result = new Map<number, MediaView>();
  if (ids.length === 0) return result;
  for (const row of await selectImages(db).all({ ids: idList(ids), locale })) {
    if (!row.storageKey || !row.width || !row.height) continue;
    result.set(row.id, {
      id: row.id,
      key: row.storageKey,
      width: row.width,
      height: row.height,
      mimeType: row.mimeType ?? 'image/jpeg',
      alt: row.alt ?? '',
      textLocale: textLocaleOf(row.found, locale),
      caption: row.caption,
      credit: row.credit,
    });
  }
  return result;
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
  db.select().from(fileTranslations).where(and(inIdList(fileTranslations.fileId, 'ids'), inPageLocales(fileTranslations.locale))).prepare(),
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
    return [{
      id,
      key: row.storageKey,
      title: text?.row.title ?? row.originalName,
      titleLocale: text?.locale ?? locale,
      description: text?.row.description ?? null,
      originalName: row.originalName,
      mimeType: row.mimeType,
      byteSize: row.byteSize,
    }];
  });
}
