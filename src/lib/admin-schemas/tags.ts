/** Admin input schemas of tags: create, update (with `version`), list and export queries. */
import { z } from 'zod';
import { requiredText, slugField, translationsField, translationsPatchField, versionField } from './fields.ts';
import { exportQuerySchema, listQuerySchema } from './list-query.ts';

export const tagTranslationSchema = z.strictObject({ label: requiredText(100) });

export const tagCreateSchema = z.strictObject({
  slug: slugField.optional(),
  translations: translationsField(tagTranslationSchema),
});

export const tagPatchSchema = z.strictObject({
  slug: slugField.optional(),
  version: versionField,
  translations: translationsPatchField(tagTranslationSchema.partial()).optional(),
});

export const tagSorts = ['label', 'slug', 'updatedAt', 'createdAt'] as const;

export const tagListQuerySchema = listQuerySchema(tagSorts, 'label', {});
export const tagExportQuerySchema = exportQuerySchema(tagSorts, 'label', {});

export type TagCreateInput = z.output<typeof tagCreateSchema>;
export type TagPatchInput = z.output<typeof tagPatchSchema>;
export type TagListQuery = z.output<typeof tagListQuerySchema>;
