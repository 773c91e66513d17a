/** Admin input schemas of events: create, update (with `version`), list and export queries. */
import { z } from 'zod';
import {
  httpUrlField,
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

export const eventTranslationSchema = z.strictObject({
  title: requiredText(200),
  summary: optionalText(1_000),
  /** Markdown. */
  body: optionalText(50_000),
  venueName: optionalText(200),
});

const eventFields = {
  slug: slugField,
  editionId: idField.nullable(),
  status: publicationStatusField,
  /** Scheduled publication: a published event stays hidden until this instant. */
  publishAt: instantField.nullable(),
  startsAt: instantField,
  endsAt: instantField,
  timeZone: timeZoneField,
  venueAddress: optionalText(500),
  onlineUrl: httpUrlField.nullable(),
  registrationUrl: httpUrlField.nullable(),
  coverMediaId: idField.nullable(),
  tagIds: idListField(),
  organizerIds: idListField(),
  curatorIds: idListField(),
  /** The gallery, in display order. */
  mediaIds: idListField(),
  /** Downloads, in display order. */
  fileIds: idListField(),
};

export const eventCreateSchema = z.strictObject({
  ...eventFields,
  slug: eventFields.slug.optional(),
  editionId: eventFields.editionId.optional(),
  status: eventFields.status.optional(),
  publishAt: eventFields.publishAt.optional(),
  onlineUrl: eventFields.onlineUrl.optional(),
  registrationUrl: eventFields.registrationUrl.optional(),
  coverMediaId: eventFields.coverMediaId.optional(),
  tagIds: eventFields.tagIds.optional(),
  organizerIds: eventFields.organizerIds.optional(),
  curatorIds: eventFields.curatorIds.optional(),
  mediaIds: eventFields.mediaIds.optional(),
  fileIds: eventFields.fileIds.optional(),
  translations: translationsField(eventTranslationSchema),
});

export const eventPatchSchema = z
  .strictObject(eventFields)
  .partial()
  .extend({ version: versionField, translations: translationsPatchField(eventTranslationSchema.partial()).optional() });

export const eventSorts = ['updatedAt', 'createdAt', 'startsAt', 'title', 'slug', 'status'] as const;
const eventFilters = { status: statusFilter, edition: idParam.optional(), tag: idParam.optional() };

export const eventListQuerySchema = listQuerySchema(eventSorts, '-updatedAt', eventFilters);
export const eventExportQuerySchema = exportQuerySchema(eventSorts, '-updatedAt', eventFilters);

export type EventCreateInput = z.output<typeof eventCreateSchema>;
export type EventPatchInput = z.output<typeof eventPatchSchema>;
export type EventListQuery = z.output<typeof eventListQuerySchema>;
