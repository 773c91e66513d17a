/**
 * Admin input schemas of files (downloads). A file is created by uploading it (multipart, with an
 * optional `metadata` part holding `fileMetadataSchema`); its titles are then edited with JSON.
 */
import { z } from 'zod';
import { optionalText, requiredText, translationsField, translationsPatchField, versionField } from './fields.ts';
import { exportQuerySchema, listQuerySchema } from './list-query.ts';

export const fileTranslationSchema = z.strictObject({
  title: requiredText(200),
  description: optionalText(1_000),
});

/** The `metadata` part of an upload. */
export const fileMetadataSchema = z.strictObject({
  translations: translationsField(fileTranslationSchema).optional(),
});

export const filePatchSchema = z.strictObject({
  /** The name offered when downloading; sanitised like an uploaded name. */
  originalName: requiredText(200).optional(),
  version: versionField,
  translations: translationsPatchField(fileTranslationSchema.partial()).optional(),
});

export const fileSorts = ['createdAt', 'updatedAt', 'byteSize', 'originalName', 'title'] as const;
const fileFilters = { mimeType: z.string().max(100, { error: 'TOO_LONG' }).optional() };

export const fileListQuerySchema = listQuerySchema(fileSorts, '-createdAt', fileFilters);
export const fileExportQuerySchema = exportQuerySchema(fileSorts, '-createdAt', fileFilters);

export type FileMetadataInput = z.output<typeof fileMetadataSchema>;
export type FilePatchInput = z.output<typeof filePatchSchema>;
export type FileListQuery = z.output<typeof fileListQuerySchema>;
