/**
 * Images, gallery items and downloads as the public API shows them: what the hub page shows, at
 * the address the hub uses (`/media/<key>` and `/files/<key>` on the public site, which redirect
 * to `HUB_MEDIA_BASE_URL` when a CDN serves medias), with texts in `{ value, locale }` form.
 */
import { paths } from '../../lib/paths.ts';
import type { FileView, GalleryMedia, MediaView } from '../storage/catalog.ts';
import { siteUrl } from './links.ts';
import { localized } from './translated.ts';

/** Credit, licence and the texts every media carries (a video's title is its alt text). */
function mediaTexts(media: GalleryMedia | MediaView) {
  return {
    id: media.id,
    caption: localized(media.caption, media.textLocale),
    credit: media.credit,
    licence: media.licence,
  };
}

/** An image (cover, photo, logo or gallery image), or null when there is none. */
export function imageOf(media: MediaView | null): ReturnType<typeof apiImage> | null {
  return media ? apiImage(media) : null;
}

function apiImage(media: MediaView) {
  return {
    ...mediaTexts(media),
    url: siteUrl(paths.media(media.key)),
    contentType: media.mimeType,
    width: media.width,
    height: media.height,
    focalPoint: { x: media.focalX, y: media.focalY },
    alt: localized(media.alt, media.textLocale),
  };
}

/** One item of a gallery, by kind: an image, an uploaded video or audio, or a video played by its provider. */
export function galleryItemOf(media: GalleryMedia) {
  switch (media.kind) {
    case 'image':
      return { kind: media.kind, ...apiImage(media) };
    case 'video':
      return {
        kind: media.kind,
        ...mediaTexts(media),
        url: siteUrl(paths.media(media.key)),
        contentType: media.mimeType,
        width: media.width,
        height: media.height,
        title: localized(media.alt, media.textLocale),
      };
    case 'audio':
      return {
        kind: media.kind,
        ...mediaTexts(media),
        url: siteUrl(paths.media(media.key)),
        contentType: media.mimeType,
        title: localized(media.alt, media.textLocale),
      };
    case 'embed':
      return {
        kind: media.kind,
        ...mediaTexts(media),
        provider: media.embed.provider,
        url: media.embed.watchUrl,
        title: localized(media.alt, media.textLocale),
      };
  }
}

/** A download: its title and description, file name, address, type and size in bytes. */
export function fileOf(file: FileView) {
  return {
    id: file.id,
    title: { value: file.title, locale: file.titleLocale },
    description: localized(file.description, file.titleLocale),
    fileName: file.originalName,
    url: siteUrl(paths.file(file.key)),
    contentType: file.mimeType,
    size: file.byteSize,
  };
}

/** The media ids in column `key` of list rows (the images a page of a list shows). */
export function mediaIdsOf<K extends string>(rows: readonly Record<K, number | null>[], key: K): number[] {
  return rows.flatMap((row) => (row[key] === null ? [] : [row[key]]));
}

/** The image `id` among loaded `images`, as the API shows it. */
export function imageById(images: ReadonlyMap<number, MediaView>, id: number | null) {
  return imageOf(id === null ? null : (images.get(id) ?? null));
}
