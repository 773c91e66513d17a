/** Organizers: the declaration every admin layer derives from (see declare.ts). */
import { z } from 'zod';
import { httpUrlField, idField, optionalText, requiredText, slugField } from '../admin-schemas/fields.ts';
import { defineCollection } from './declare.ts';
import { paths } from '../paths.ts';

export const organizerKinds = ['organisation', 'person'] as const;
const kind = z.enum(organizerKinds, { error: 'INVALID_VALUE' });

export const organizersCollection = defineCollection({
  name: 'organizers',
  entity: 'organizer',
  titleField: 'name',
  publicPage: paths.organizer,
  fields: {
    slug: slugField,
    name: requiredText(200),
    kind,
    websiteUrl: httpUrlField.nullable(),
    logoMediaId: idField.nullable(),
  },
  kinds: { slug: 'text', name: 'text', kind: 'value', websiteUrl: 'optionalText', logoMediaId: 'id' },
  references: { logoMediaId: 'image' },
  texts: z.strictObject({
    /** Markdown. */
    description: optionalText(20_000),
  }),
  textKinds: { description: 'optional' },
  complete: ['description'],
  create: { required: { name: true }, defaults: { kind: kind.default('organisation') }, translations: 'optional' },
  publishable: false,
  list: {
    sorts: ['name', 'updatedAt', 'createdAt', 'slug'],
    defaultSort: 'name',
    filters: { kind: kind.optional() },
    columns: [
      { key: 'title', kind: 'title', sort: 'name' },
      { key: 'kind', kind: 'kind' },
      { key: 'locales', kind: 'locales' },
      { key: 'updatedAt', kind: 'date', sort: 'updatedAt' },
    ],
    controls: [{ key: 'kind', kind: 'select', options: organizerKinds, labelPrefix: 'admin.organizers.kind.' }],
  },
});
