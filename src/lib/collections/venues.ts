/** Venues: the declaration every admin layer derives from (see declare.ts, docs/decisions/025). */
import { z } from 'zod';
import { httpUrlField, idField, optionalText, publicationStatusField, requiredText, slugField, typeError } from '../admin-schemas/fields.ts';
import { statusFilter } from '../admin-schemas/list-query.ts';
import { defineCollection, statusControl } from './declare.ts';
import { paths } from '../paths.ts';

/** A coordinate in decimal degrees, within `limit` either side of zero. */
const degrees = (limit: number) => z.number({ error: typeError }).min(-limit, { error: 'OUT_OF_RANGE' }).max(limit, { error: 'OUT_OF_RANGE' });

export const venuesCollection = defineCollection({
  name: 'venues',
  entity: 'venue',
  titleField: 'name',
  publicPage: paths.venue,
  fields: {
    slug: slugField,
    name: requiredText(200),
    status: publicationStatusField,
    /** Postal address, several lines allowed. */
    address: optionalText(500),
    latitude: degrees(90).nullable(),
    longitude: degrees(180).nullable(),
    websiteUrl: httpUrlField.nullable(),
    imageMediaId: idField.nullable(),
  },
  kinds: {
    slug: 'text',
    name: 'text',
    status: 'value',
    address: 'optionalText',
    latitude: 'value',
    longitude: 'value',
    websiteUrl: 'optionalText',
    imageMediaId: 'id',
  },
  references: { imageMediaId: 'image' },
  texts: z.strictObject({
    /** Markdown. */
    description: optionalText(20_000),
    /** Markdown: step-free access, hearing loop, nearest stop. */
    accessNotes: optionalText(5_000),
  }),
  textKinds: { description: 'optional', accessNotes: 'optional' },
  complete: ['description', 'accessNotes'],
  create: { required: { name: true }, defaults: {}, translations: 'optional' },
  publishable: true,
  list: {
    sorts: ['name', 'updatedAt', 'createdAt', 'slug', 'status'],
    defaultSort: 'name',
    filters: { status: statusFilter },
    columns: [
      { key: 'title', kind: 'title', sort: 'name' },
      { key: 'status', kind: 'status', sort: 'status' },
      { key: 'locales', kind: 'locales' },
      { key: 'updatedAt', kind: 'date', sort: 'updatedAt' },
    ],
    controls: [statusControl],
  },
});
