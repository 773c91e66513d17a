/** Admin input schemas of curators: create, update (with `version`), list and export queries. */
import { z } from 'zod';
import {
  httpUrlField,
  idField,
  optionalText,
  requiredText,
  slugField,
  translationsField,
  translationsPatchField,
  typeError,
  versionField,
} from './fields.ts';
import { exportQuerySchema, idParam, listQuerySchema } from './list-query.ts';

export const curatorTranslationSchema = z.strictObject({
  shortBio: optionalText(500),
  /** Markdown. */
  bio: optionalText(20_000),
});

export const curatorLinkSchema = z.strictObject({ label: requiredText(100), url: httpUrlField });

const curatorFields = {
  slug: slugField,
  name: requiredText(200),
  photoMediaId: idField.nullable(),
  links: z.array(curatorLinkSchema, { error: typeError }).max(20, { error: 'TOO_MANY' }),
};

export const curatorCreateSchema = z.strictObject({
  ...curatorFields,
  slug: curatorFields.slug.optional(),
  photoMediaId: curatorFields.photoMediaId.optional(),
  links: curatorFields.links.optional(),
  translations: translationsField(curatorTranslationSchema).optional(),
});

export const curatorPatchSchema = z
  .strictObject(curatorFields)
  .partial()
  .extend({ version: versionField, translations: translationsPatchField(curatorTranslationSchema.partial()).optional() });

export const curatorSorts = ['name', 'updatedAt', 'createdAt', 'slug'] as const;
const curatorFilters = { edition: idParam.optional() };

export const curatorListQuerySchema = listQuerySchema(curatorSorts, 'name', curatorFilters);
export const curatorExportQuerySchema = exportQuerySchema(curatorSorts, 'name', curatorFilters);

export type CuratorCreateInput = z.output<typeof curatorCreateSchema>;
export type CuratorPatchInput = z.output<typeof curatorPatchSchema>;
export type CuratorListQuery = z.output<typeof curatorListQuerySchema>;
