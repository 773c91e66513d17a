/** Files (downloads) in the admin API: titles per locale, where used, blob clean-up. */
import { eq, sql } from 'drizzle-orm';
import { fileTranslations, files } from '../../../db/schema.ts';
import { fileExportQuerySchema, fileListQuerySchema, filePatchSchema, type FileListQuery } from '../../lib/admin-schemas/files.ts';
import { paths } from '../../lib/paths.ts';
import type { EntitySpec } from '../admin/entity-spec.ts';
import { likeEscaped, type ListDefinition } from '../admin/list.ts';
import type { AdminResource, PatchSchema } from '../admin/resource.ts';
import { translatedTitle } from '../admin/spec-helpers.ts';
import { findUsages } from '../admin/where-used.ts';
import { getStorage } from '../storage/index.ts';
import { releaseBlobs } from '../uploads/blobs.ts';
import { sanitizeFileName } from '../uploads/names.ts';

export const fileSpec: EntitySpec = {
  entity: 'file',
  table: files,
  columns: ['originalName'],
  references: {},
  links: {},
  translations: {
    table: fileTranslations,
    owner: fileTranslations.fileId,
    locale: fileTranslations.locale,
    fields: ['title', 'description'],
    required: ['title'],
    complete: ['title'],
  },
  validate(state, errors) {
    // A renamed download is sanitised like an uploaded name; refuse what sanitising would change.
    const name = state.values['originalName'];
    if (typeof name === 'string' && sanitizeFileName(name, '') !== name) errors.add('originalName', 'INVALID_FILE_NAME');
  },
  changes: (ids) => ({ files: ids }),
  usage: 'file',
  detachPermission: 'media.deleteInUse',
  present: (state) => ({ url: paths.file(String(state.values['storageKey'])) }),
};

const title = sql`coalesce(${translatedTitle('file_translations', 'file_id', 'title', files.id)}, ${files.originalName})`;

const fileList: ListDefinition<Omit<FileListQuery, 'page' | 'limit' | 'sort'>> = {
  spec: fileSpec,
  title,
  sorts: { createdAt: files.createdAt, updatedAt: files.updatedAt, byteSize: files.byteSize, originalName: files.originalName, title },
  filters: (query) => [query.mimeType ? eq(files.mimeType, query.mimeType) : undefined],
  search: {
    like: (pattern) => sql`(${likeEscaped(files.originalName, pattern)}
      OR ${files.id} IN (SELECT file_id FROM file_translations WHERE title LIKE ${pattern} ESCAPE '\\' OR description LIKE ${pattern} ESCAPE '\\'))`,
  },
};

export const filesAdmin: AdminResource = {
  collection: 'files',
  spec: fileSpec,
  list: fileList as AdminResource['list'],
  listQuery: fileListQuerySchema as AdminResource['listQuery'],
  exportQuery: fileExportQuerySchema as AdminResource['exportQuery'],
  patchSchema: filePatchSchema as PatchSchema,
  describe: async (db, state) => ({ usedBy: await findUsages(db, 'file', [state.id]) }),
  afterRemove: async (db, removed) => {
    await releaseBlobs(db, getStorage(), removed.map((state) => state.values['storageKey'] as string | null));
  },
};
