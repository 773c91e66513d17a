/**
 * Medias: the declaration every admin layer derives from (see declare.ts). A media is created by
 * uploading its file (multipart, with an optional `metadata` part holding `mediaMetadataSchema`),
 * or as a video link from JSON (`mediaVideoLinkSchema`); its texts, focal point and link are then
 * edited with JSON updates.
 */
import { z } from 'zod';
import { parseEmbedUrl } from '../embeds.ts';
import { fractionField, optionalText, translationsField, typeError } from '../admin-schemas/fields.ts';
import { defineCollection } from './declare.ts';

export const mediaKinds = ['image', 'video', 'audio', 'embed'] as const;

/** A YouTube or Vimeo address, kept in its canonical form (the video's public page). */
export const videoLinkField = z
  .string({ error: typeError })
  .trim()
  .max(2048, { error: 'TOO_LONG' })
  .transform((value, context) => {
    const embed = parseEmbedUrl(value);
    if (!embed) context.addIssue({ code: 'custom', message: 'UNSUPPORTED_VIDEO_LINK', input: value });
    return embed?.watchUrl ?? value;
  });

export const mediasCollection = defineCollection({
  name: 'medias',
  entity: 'media',
  // What an editor may change; the file-derived columns are set once, by the upload. A video
  // link's address may change (to another YouTube or Vimeo video), never a file's kind.
  fields: {
    focalX: fractionField,
    focalY: fractionField,
    credit: optionalText(300),
    licence: optionalText(300),
    embedUrl: videoLinkField,
  },
  kinds: { focalX: 'value', focalY: 'value', credit: 'optionalText', licence: 'optionalText', embedUrl: 'text' },
  references: {},
  texts: z.strictObject({
    /** Alternative text; required (in the default locale) for an image to count as complete. */
    alt: z.string({ error: typeError }).trim().max(500, { error: 'TOO_LONG' }),
    caption: optionalText(1_000),
  }),
  textKinds: { alt: 'text', caption: 'optional' },
  complete: ['alt'],
  publishable: false,
  list: {
    sorts: ['createdAt', 'updatedAt', 'byteSize', 'originalName'],
    defaultSort: '-createdAt',
    filters: { kind: z.enum(mediaKinds, { error: 'INVALID_VALUE' }).optional() },
    columns: [
      { key: 'thumb', kind: 'thumb' },
      { key: 'title', kind: 'title', sort: 'originalName' },
      { key: 'kind', kind: 'kind' },
      { key: 'byteSize', kind: 'bytes', sort: 'byteSize' },
      { key: 'locales', kind: 'locales' },
      { key: 'createdAt', kind: 'date', sort: 'createdAt' },
    ],
    controls: [{ key: 'kind', kind: 'select', options: mediaKinds, labelPrefix: 'admin.medias.kind.' }],
  },
});

const { focalX, focalY, credit, licence } = mediasCollection.fields;
const texts = translationsField(mediasCollection.texts.partial()).optional();

/** The `metadata` part of an upload. */
export const mediaMetadataSchema = z.strictObject({
  focalX: focalX.optional(),
  focalY: focalY.optional(),
  credit,
  licence,
  translations: texts,
});

/** `POST /api/admin/medias` as JSON: a video link, with its texts (alt is the video's title). */
export const mediaVideoLinkSchema = z.strictObject({
  embedUrl: videoLinkField,
  credit,
  licence,
  translations: texts,
});

export type MediaVideoLinkInput = z.output<typeof mediaVideoLinkSchema>;
