/** Files (downloads) in the admin API: where their declaration is stored, where used, blob clean-up. */
import { eq, sql } from 'drizzle-orm';
import { fileTranslations, files } from '../../../db/schema.ts';
import { filesCollection } from '../../lib/collections/files.ts';
import { paths } from '../../lib/paths.ts';
import { likeEscaped } from '../engine/list.ts';
import { defineAdminResource, translationTable } from '../engine/resource.ts';
import { storageKeysOf, stringValue, translatedTitle } from '../engine/spec-helpers.ts';
import { getStorage } from '../storage/index.ts';
import { releaseBlobs } from '../storage/blobs.ts';
import { sanitizeFileName } from '../storage/file-names.ts';

const title = sql`coalesce(${translatedTitle('file_translations', 'file_id', 'title', files.id)}, ${files.originalName})`;

export const filesAdmin = defineAdminResource(filesCollection, {
  table: files,
  links: {},
  translations: translationTable(fileTranslations, fileTranslations.fileId),
  validate(state, errors) {
    // A renamed download is sanitised like an uploaded name; refuse what sanitising would change.
    const name = state.values['originalName'];
    if (typeof name === 'string' && sanitizeFileName(name, '') !== name) errors.add('originalName', 'INVALID_FILE_NAME');
  },
  detachPermission: 'media.deleteInUse',
  present: (state) => ({ url: paths.file(stringValue(state, 'storageKey') ?? '') }),
  list: {
    title,
    sorts: { createdAt: files.createdAt, updatedAt: files.updatedAt, byteSize: files.byteSize, originalName: files.originalName, title },
    filters: (query) => [query.mimeType ? eq(files.mimeType, query.mimeType) : undefined],
    search: {
      like: (pattern) => sql`(${likeEscaped(files.originalName, pattern)}
      OR ${files.id} IN (SELECT file_id FROM file_translations WHERE title LIKE ${pattern} ESCAPE '\\' OR description LIKE ${pattern} ESCAPE '\\'))`,
    },
  },
  afterRemove: async (db, removed) => {
    await releaseBlobs(db, getStorage(), storageKeysOf(removed));
  },
});
