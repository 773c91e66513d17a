/**
 * Rows for the shared catalogue that editions and events point at: medias, files, curators,
 * organizers and tags, with their translations (a few deliberately missing).
 */
import { defaultLocale, locales, type Locale } from '../../src/i18n/config.ts';
import type * as schema from '../schema.ts';
import { tags as tagDefinitions, tagWithoutGerman } from './content.ts';
import { mediaCredit, mediaLicence, videoLinks } from './content-media.ts';
import { buildCuratorBio, curatorWithoutFrench, curators as curatorDefinitions, organizers as organizerDefinitions } from './content-people.ts';
import { reserveIds, stampRow, type SeedContext } from './context.ts';
import type { SeedAssets, StoredImage } from './images.ts';
import { createRandom } from './random.ts';
import { createSlugAllocator } from './slugs.ts';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface CatalogueRows {
  medias: Insert<typeof schema.medias>[];
  mediaTranslations: Insert<typeof schema.mediaTranslations>[];
  files: Insert<typeof schema.files>[];
  fileTranslations: Insert<typeof schema.fileTranslations>[];
  curators: Insert<typeof schema.curators>[];
  curatorTranslations: Insert<typeof schema.curatorTranslations>[];
  organizers: Insert<typeof schema.organizers>[];
  organizerTranslations: Insert<typeof schema.organizerTranslations>[];
  tags: Insert<typeof schema.tags>[];
  tagTranslations: Insert<typeof schema.tagTranslations>[];
}

/** Ids the editions and events draw from. */
export interface CatalogueIds {
  coverIds: number[];
  /** Video links (embeds) some events add to their gallery. */
  videoLinkIds: number[];
  curatorIds: number[];
  organizerIds: number[];
  tagIds: number[];
  tagIdBySlug: Map<string, number>;
  fileIdByKind: Map<string, number>;
}

export interface ExistingSlugs {
  curators: string[];
  organizers: string[];
  tags: string[];
}

const SEED = 0xca7a10;

/** Builds the catalogue rows and the ids later builders refer to. */
export function buildCatalogue(context: SeedContext, assets: SeedAssets, taken: ExistingSlugs): { rows: CatalogueRows; ids: CatalogueIds } {
  const random = createRandom(SEED);
  const rows: CatalogueRows = {
    medias: [],
    mediaTranslations: [],
    files: [],
    fileTranslations: [],
    curators: [],
    curatorTranslations: [],
    organizers: [],
    organizerTranslations: [],
    tags: [],
    tagTranslations: [],
  };

  const images = [...assets.covers, ...assets.portraits, ...assets.logos];
  let mediaId = reserveIds(context, 'medias', images.length);
  const idOf = new Map<StoredImage, number>();
  for (const image of images) {
    const id = mediaId++;
    idOf.set(image, id);
    rows.medias.push({
      id,
      kind: 'image',
      storageKey: image.key,
      embedUrl: null,
      mimeType: image.mime,
      byteSize: image.byteSize,
      width: image.width,
      height: image.height,
      focalX: 0.5,
      focalY: image.design.role === 'portrait' ? 0.4 : 0.5,
      sha256: image.sha256,
      originalName: image.design.originalName,
      credit: mediaCredit,
      licence: mediaLicence,
      ...stampRow(context, random, context.now - 200 * 86_400_000),
    });
    for (const locale of locales) {
      rows.mediaTranslations.push({ mediaId: id, locale, alt: image.design.alt[locale], caption: image.design.caption[locale] });
    }
  }

  let fileId = reserveIds(context, 'files', assets.downloads.length);
  const fileIdByKind = new Map<string, number>();
  for (const download of assets.downloads) {
    const id = fileId++;
    fileIdByKind.set(download.definition.kind, id);
    rows.files.push({
      id,
      storageKey: download.key,
      originalName: download.definition.originalName,
      mimeType: download.mime,
      byteSize: download.byteSize,
      sha256: download.sha256,
      ...stampRow(context, random, context.now - 200 * 86_400_000),
    });
    for (const locale of presentLocales(download.definition.missing)) {
      rows.fileTranslations.push({ fileId: id, locale, title: download.definition.title[locale], description: download.definition.description[locale] });
    }
  }

  const curatorSlug = createSlugAllocator(taken.curators);
  let curatorId = reserveIds(context, 'curators', curatorDefinitions.length);
  const curatorIds: number[] = [];
  curatorDefinitions.forEach((curator, index) => {
    const id = curatorId++;
    curatorIds.push(id);
    const portrait = assets.portraits[index];
    rows.curators.push({
      id,
      slug: curatorSlug(curator.name),
      name: curator.name,
      photoMediaId: portrait ? idOf.get(portrait)! : null,
      links: curator.links,
      ...stampRow(context, random, context.now - 100 * 86_400_000),
    });
    for (const locale of presentLocales(index === curatorWithoutFrench ? ['fr'] : [])) {
      rows.curatorTranslations.push({ curatorId: id, locale, shortBio: curator.shortBio[locale], bio: buildCuratorBio(curator, locale) });
    }
  });

  const organizerSlug = createSlugAllocator(taken.organizers);
  let organizerId = reserveIds(context, 'organizers', organizerDefinitions.length);
  const organizerIds: number[] = [];
  let logoIndex = 0;
  for (const organizer of organizerDefinitions) {
    const id = organizerId++;
    organizerIds.push(id);
    const logo = organizer.hasLogo ? assets.logos[logoIndex++ % assets.logos.length] : undefined;
    rows.organizers.push({
      id,
      slug: organizerSlug(organizer.name),
      name: organizer.name,
      kind: organizer.kind,
      websiteUrl: organizer.websiteUrl,
      logoMediaId: logo ? idOf.get(logo)! : null,
      ...stampRow(context, random, context.now - 100 * 86_400_000),
    });
    for (const locale of presentLocales(organizer.missing)) {
      rows.organizerTranslations.push({ organizerId: id, locale, description: organizer.description[locale] });
    }
  }

  const tagSlug = createSlugAllocator(taken.tags);
  let tagId = reserveIds(context, 'tags', tagDefinitions.length);
  const tagIds: number[] = [];
  const tagIdBySlug = new Map<string, number>();
  tagDefinitions.forEach((tag, index) => {
    const id = tagId++;
    tagIds.push(id);
    tagIdBySlug.set(tag.slug, id);
    rows.tags.push({ id, slug: tagSlug(tag.slug), ...stampRow(context, random, context.now - 100 * 86_400_000) });
    for (const locale of presentLocales(index === tagWithoutGerman ? ['de'] : [])) {
      rows.tagTranslations.push({ tagId: id, locale, label: tag.label[locale] });
    }
  });

  // Made last, with their own random stream, so the rows above stay as they were before them.
  const videoRandom = createRandom(SEED + 1);
  let videoLinkId = reserveIds(context, 'medias', videoLinks.length);
  const videoLinkIds: number[] = [];
  for (const video of videoLinks) {
    const id = videoLinkId++;
    videoLinkIds.push(id);
    rows.medias.push({
      id,
      kind: 'embed',
      storageKey: null,
      embedUrl: video.url,
      mimeType: null,
      byteSize: null,
      width: null,
      height: null,
      sha256: null,
      originalName: null,
      credit: video.credit,
      licence: video.licence,
      ...stampRow(context, videoRandom, context.now - 150 * 86_400_000),
    });
    for (const locale of locales) rows.mediaTranslations.push({ mediaId: id, locale, alt: video.title[locale], caption: video.caption[locale] });
  }

  return {
    rows,
    ids: { coverIds: assets.covers.map((cover) => idOf.get(cover)!), videoLinkIds, curatorIds, organizerIds, tagIds, tagIdBySlug, fileIdByKind },
  };
}

/** The locales a row gets, leaving out the deliberately missing ones (never the default). */
export function presentLocales(missing: readonly Locale[] = []): Locale[] {
  return locales.filter((locale) => locale === defaultLocale || !missing.includes(locale));
}
