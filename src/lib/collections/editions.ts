/** Editions: the declaration every admin layer derives from (see declare.ts). */
import { z } from 'zod';
import { idField, idListField, instantField, optionalText, publicationStatusField, requiredText, slugField, timeZoneField } from '../admin-schemas/fields.ts';
import { idParam, statusFilter } from '../admin-schemas/list-query.ts';
import { defineCollection, programmeColumns, statusControl } from './declare.ts';
import { paths } from '../paths.ts';

export const editionsCollection = defineCollection({
  name: 'editions',
  entity: 'edition',
  titleField: 'title',
  publicPage: paths.edition,
  fields: {
    slug: slugField,
    status: publicationStatusField,
    publishAt: instantField.nullable(),
    unpublishAt: instantField.nullable(),
    startsAt: instantField,
    endsAt: instantField,
    timeZone: timeZoneField,
    coverMediaId: idField.nullable(),
    tagIds: idListField(),
    curatorIds: idListField(),
    fileIds: idListField(),
  },
  kinds: {
    slug: 'text',
    status: 'value',
    publishAt: 'optionalInstant',
    unpublishAt: 'optionalInstant',
    startsAt: 'instant',
    endsAt: 'instant',
    timeZone: 'text',
    coverMediaId: 'id',
    tagIds: 'ids',
    curatorIds: 'ids',
    fileIds: 'ids',
  },
  references: { coverMediaId: 'image', tagIds: 'tag', curatorIds: 'curator', fileIds: 'file' },
  texts: z.strictObject({
    title: requiredText(200),
    summary: optionalText(1_000),
    /** Markdown. */
    body: optionalText(50_000),
  }),
  textKinds: { title: 'required', summary: 'optional', body: 'optional' },
  complete: ['title', 'summary', 'body'],
  create: { required: { startsAt: true, endsAt: true }, defaults: { timeZone: timeZoneField.default('UTC') }, translations: 'required' },
  publishable: true,
  preview: 'edition',
  list: {
    sorts: ['startsAt', 'updatedAt', 'createdAt', 'title', 'slug', 'status'],
    defaultSort: '-startsAt',
    filters: { status: statusFilter, tag: idParam.optional() },
    columns: programmeColumns,
    controls: [statusControl, { key: 'tag', kind: 'relation', collection: 'tags' }],
  },
});
