/** Editions in the admin API: where their declaration is stored, publication rules, list search and sort. */
import { eq } from 'drizzle-orm';
import { editionCurators, editionFiles, editionTags, editionTranslations, editions } from '../../../db/schema.ts';
import { defaultLocale } from '../../i18n/config.ts';
import { editionsCollection } from '../../lib/collections/editions.ts';
import { paths } from '../../lib/paths.ts';
import { defineAdminResource, linkTable, orderedLinkTable, translationTable } from '../engine/resource.ts';
import { defaultLocaleRequirements, linkedTo, preferredText, stringValue, translatedTitle, validateTimeRange } from '../engine/spec-helpers.ts';

const title = translatedTitle('edition_translations', 'edition_id', 'title', editions.id);
const tagLinks = linkTable(editionTags, editionTags.editionId, editionTags.tagId);

export const editionsAdmin = defineAdminResource(editionsCollection, {
  table: editions,
  links: {
    tagIds: tagLinks,
    curatorIds: orderedLinkTable(editionCurators, editionCurators.editionId, editionCurators.curatorId),
    fileIds: orderedLinkTable(editionFiles, editionFiles.editionId, editionFiles.fileId),
  },
  translations: translationTable(editionTranslations, editionTranslations.editionId),
  slug: { source: (state) => preferredText(state, 'title'), field: `translations.${defaultLocale}.title` },
  publication: { requirements: (state) => defaultLocaleRequirements(state, ['title']) },
  search: 'edition',
  validate: validateTimeRange,
  // Events of a deleted edition become stand-alone events when the editor detaches them.
  // A new edition has no id yet: it is in nobody's limited scope.
  editionKey: 'id',
  detachPermission: 'content.deletePublished',
  present: (state) => ({ previewPath: paths.adminPreview(defaultLocale, 'edition', stringValue(state, 'slug') ?? '') }),
  list: {
    title,
    sorts: { startsAt: editions.startsAt, updatedAt: editions.updatedAt, createdAt: editions.createdAt, title, slug: editions.slug, status: editions.status },
    filters: (query) => [query.status ? eq(editions.status, query.status) : undefined, query.tag ? linkedTo(editions.id, tagLinks, query.tag) : undefined],
    search: { fts: 'edition', also: [] },
  },
});
