/** Tags in the admin API: where their declaration is stored, where they are used, list search and sort. */
import { sql } from 'drizzle-orm';
import { tagTranslations, tags } from '../../../db/schema.ts';
import { defaultLocale } from '../../i18n/config.ts';
import { tagsCollection } from '../../lib/collections/tags.ts';
import { likeEscaped } from '../engine/list.ts';
import { defineAdminResource, translationTable } from '../engine/resource.ts';
import { preferredText, translatedTitle } from '../engine/spec-helpers.ts';

const label = translatedTitle('tag_translations', 'tag_id', 'label', tags.id);

export const tagsAdmin = defineAdminResource(tagsCollection, {
  table: tags,
  links: {},
  translations: translationTable(tagTranslations, tagTranslations.tagId),
  slug: { source: (state) => preferredText(state, 'label'), field: `translations.${defaultLocale}.label` },
  detachPermission: 'content.deletePublished',
  list: {
    title: label,
    sorts: { label, slug: tags.slug, updatedAt: tags.updatedAt, createdAt: tags.createdAt },
    filters: () => [],
    // Few hundred tags at most: a LIKE over labels in every locale is instant.
    search: {
      like: (pattern) =>
        sql`(${likeEscaped(tags.slug, pattern)} OR ${tags.id} IN (SELECT ${tagTranslations.tagId} FROM ${tagTranslations} WHERE ${likeEscaped(tagTranslations.label, pattern)}))`,
    },
  },
});
