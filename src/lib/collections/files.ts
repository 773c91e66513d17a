/**
 * Files (downloads): the declaration every admin layer derives from (see declare.ts). A file is
 * created by uploading it (multipart, with an optional `metadata` part holding
 * `fileMetadataSchema`); its name and titles are then edited with JSON.
 */
import { z } from 'zod';
import { optionalText, requiredText, translationsField } from '../admin-schemas/fields.ts';
import { defineCollection } from './declare.ts';

export const filesCollection = defineCollection({
  name: 'files',
  entity: 'file',
  titleField: 'title',
  fields: {
    /** The name offered when downloading; sanitised like an uploaded name. */
    originalName: requiredText(200),
  },
  kinds: { originalName: 'text' },
  references: {},
  texts: z.strictObject({
    title: requiredText(200),
    description: optionalText(1_000),
  }),
  textKinds: { title: 'required', description: 'optional' },
  complete: ['title'],
  publishable: false,
  list: {
    sorts: ['createdAt', 'updatedAt', 'byteSize', 'originalName', 'title'],
    defaultSort: '-createdAt',
    filters: { mimeType: z.string().max(100, { error: 'TOO_LONG' }).optional() },
    columns: [
      { key: 'title', kind: 'title', sort: 'title' },
      { key: 'originalName', kind: 'text', sort: 'originalName' },
      { key: 'byteSize', kind: 'bytes', sort: 'byteSize' },
      { key: 'locales', kind: 'locales' },
      { key: 'createdAt', kind: 'date', sort: 'createdAt' },
    ],
    controls: [],
  },
});

/** The `metadata` part of an upload. */
export const fileMetadataSchema = z.strictObject({
  translations: translationsField(filesCollection.texts).optional(),
});
