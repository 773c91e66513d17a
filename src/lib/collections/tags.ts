/** Tags: the declaration every admin layer derives from (see declare.ts). */
import { z } from 'zod';
import { requiredText, slugField } from '../admin-schemas/fields.ts';
import { defineCollection } from './declare.ts';

export const tagsCollection = defineCollection({
  name: 'tags',
  entity: 'tag',
  titleField: 'label',
  fields: { slug: slugField },
  kinds: { slug: 'text' },
  references: {},
  texts: z.strictObject({ label: requiredText(100) }),
  textKinds: { label: 'required' },
  complete: ['label'],
  create: { required: {}, defaults: {}, translations: 'required' },
  publishable: false,
  list: {
    sorts: ['label', 'slug', 'updatedAt', 'createdAt'],
    defaultSort: 'label',
    filters: {},
    columns: [
      { key: 'title', kind: 'title', sort: 'label' },
      { key: 'slug', kind: 'text', sort: 'slug' },
      { key: 'locales', kind: 'locales' },
      { key: 'updatedAt', kind: 'date', sort: 'updatedAt' },
    ],
    controls: [],
  },
});
