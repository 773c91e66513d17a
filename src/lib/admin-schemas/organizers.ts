/** Admin input schemas of organizers: create, update (with `version`), list and export queries. */
import { z } from 'zod';
import {
  httpUrlField,
  idField,
  optionalText,
  requiredText,
  slugField,
  translationsField,
  translationsPatchField,
  versionField,
} from './fields.ts';
import { exportQuerySchema, listQuerySchema } from './list-query.ts';

export const organizerKinds = ['organisation', 'person'] as const;

export const organizerTranslationSchema = z.strictObject({
  /** Markdown. */
  description: optionalText(20_000),
});

const organizerFields = {
  slug: slugField,
  name: requiredText(200),
  kind: z.enum(organizerKinds, { error: 'INVALID_VALUE' }),
  websiteUrl: httpUrlField.nullable(),
  logoMediaId: idField.nullable(),
};

export const organizerCreateSchema = z.strictObject({
  ...organizerFields,
  slug: organizerFields.slug.optional(),
  kind: organizerFields.kind.default('organisation'),
  websiteUrl: organizerFields.websiteUrl.optional(),
  logoMediaId: organizerFields.logoMediaId.optional(),
  translations: translationsField(organizerTranslationSchema).optional(),
});

export const organizerPatchSchema = z
  .strictObject(organizerFields)
  .partial()
  .extend({ version: versionField, translations: translationsPatchField(organizerTranslationSchema.partial()).optional() });

export const organizerSorts = ['name', 'updatedAt', 'createdAt', 'slug'] as const;
const organizerFilters = { kind: z.enum(organizerKinds, { error: 'INVALID_VALUE' }).optional() };

export const organizerListQuerySchema = listQuerySchema(organizerSorts, 'name', organizerFilters);
export const organizerExportQuerySchema = exportQuerySchema(organizerSorts, 'name', organizerFilters);

export type OrganizerCreateInput = z.output<typeof organizerCreateSchema>;
export type OrganizerPatchInput = z.output<typeof organizerPatchSchema>;
export type OrganizerListQuery = z.output<typeof organizerListQuerySchema>;
