/** Curators: the declaration every admin layer derives from (see declare.ts). */
import { z } from 'zod';
import { httpUrlField, idField, optionalText, requiredText, slugField, typeError } from '../admin-schemas/fields.ts';
import { idParam } from '../admin-schemas/list-query.ts';
import { defineCollection } from './declare.ts';
import { paths } from '../paths.ts';

const linkSchema = z.strictObject({ label: requiredText(100), url: httpUrlField });

export const curatorsCollection = defineCollection({
  name: 'curators',
  entity: 'curator',
  titleField: 'name',
  publicPage: paths.curator,
  fields: {
    slug: slugField,
    name: requiredText(200),
    photoMediaId: idField.nullable(),
    links: z.array(linkSchema, { error: typeError }).max(20, { error: 'TOO_MANY' }),
  },
  kinds: { slug: 'text', name: 'text', photoMediaId: 'id', links: 'value' },
  references: { photoMediaId: 'image' },
  texts: z.strictObject({
    shortBio: optionalText(500),
    /** Markdown. */
    bio: optionalText(20_000),
  }),
  textKinds: { shortBio: 'optional', bio: 'optional' },
  complete: ['shortBio', 'bio'],
  create: { required: { name: true }, defaults: {}, translations: 'optional' },
  publishable: false,
  list: {
    sorts: ['name', 'updatedAt', 'createdAt', 'slug'],
    defaultSort: 'name',
    filters: { edition: idParam.optional() },
    columns: [
      { key: 'title', kind: 'title', sort: 'name' },
      { key: 'slug', kind: 'text', sort: 'slug' },
      { key: 'locales', kind: 'locales' },
      { key: 'updatedAt', kind: 'date', sort: 'updatedAt' },
    ],
    controls: [{ key: 'edition', kind: 'relation', collection: 'editions' }],
  },
});
