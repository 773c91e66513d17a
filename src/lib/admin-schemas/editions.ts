/** Admin input schemas of editions: create, update (with `version`), list and export queries. */
import { z } from 'zod';
import {
  idField,
  idListField,
  instantField,
  optionalText,
  publicationStatusField,
  requiredText,
  slugField,
  timeZoneField,
  translationsField,
  translationsPatchField,
  versionField,
} from './fields.ts';
import { exportQuerySchema, idParam, listQuerySchema, statusFilter } from './list-query.ts';

export const editionTranslationSchema = z.strictObject({
  title: requiredText(200),
  summary: optionalText(1_000),
  /** Markdown. */
  body: optionalText(50_000),
});

const editionFields = {
  slug: slugField,
  status: publicationStatusField,
  publishAt: instantField.nullable(),
  startsAt: instantField,
  endsAt: instantField,
  timeZone: timeZoneField,
  coverMediaId: idField.nullable(),
  tagIds: idListField(),
  curatorIds: idListField(),
  fileIds: idListField(),
};

export const editionCreateSchema = z.strictObject({
  ...editionFields,
  slug: editionFields.slug.optional(),
  status: editionFields.status.optional(),
  publishAt: editionFields.publishAt.optional(),
  timeZone: editionFields.timeZone.default('UTC'),
  coverMediaId: editionFields.coverMediaId.optional(),
  tagIds: editionFields.tagIds.optional(),
  curatorIds: editionFields.curatorIds.optional(),
  fileIds: editionFields.fileIds.optional(),
  translations: translationsField(editionTranslationSchema),
});

export const editionPatchSchema = z
  .strictObject(editionFields)
  .partial()
  .extend({ version: versionField, translations: translationsPatchField(editionTranslationSchema.partial()).optional() });

export const editionSorts = ['startsAt', 'updatedAt', 'createdAt', 'title', 'slug', 'status'] as const;
const editionFilters = { status: statusFilter, tag: idParam.optional() };

export const editionListQuerySchema = listQuerySchema(editionSorts, '-startsAt', editionFilters);
export const editionExportQuerySchema = exportQuerySchema(editionSorts, '-startsAt', editionFilters);

export type EditionCreateInput = z.output<typeof editionCreateSchema>;
export type EditionPatchInput = z.output<typeof editionPatchSchema>;
export type EditionListQuery = z.output<typeof editionListQuerySchema>;
