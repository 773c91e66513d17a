/**
 * Admin input schemas of medias. A media is created by uploading its file (multipart, with an
 * optional `metadata` part holding `mediaMetadataSchema`), or as a video link from JSON
 * (`mediaVideoLinkSchema`); its texts, focal point and link are then edited with JSON updates.
 */
import { z } from 'zod';
import { parseEmbedUrl } from '../embeds.ts';
import { fractionField, optionalText, translationsField, translationsPatchField, typeError, versionField } from './fields.ts';
import { exportQuerySchema, listQuerySchema } from './list-query.ts';

export const mediaKinds = ['image', 'video', 'audio', 'embed'] as const;

export const mediaTranslationSchema = z.strictObject({
  /** Alternative text; required (in the default locale) for an image to count as complete. */
  alt: z.string({ error: typeError }).trim().max(500, { error: 'TOO_LONG' }),
  caption: optionalText(1_000),
});

const mediaFields = {
  focalX: fractionField,
  focalY: fractionField,
  credit: optionalText(300),
  licence: optionalText(300),
};

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

/** The `metadata` part of an upload. */
export const mediaMetadataSchema = z.strictObject({
  ...z.strictObject(mediaFields).partial().shape,
  translations: translationsField(mediaTranslationSchema.partial()).optional(),
});

/** `POST /api/admin/medias` as JSON: a video link, with its texts (alt is the video's title). */
export const mediaVideoLinkSchema = z.strictObject({
  embedUrl: videoLinkField,
  credit: mediaFields.credit.optional(),
  licence: mediaFields.licence.optional(),
  translations: translationsField(mediaTranslationSchema.partial()).optional(),
});

export const mediaPatchSchema = z
  .strictObject({ ...mediaFields, embedUrl: videoLinkField })
  .partial()
  .extend({ version: versionField, translations: translationsPatchField(mediaTranslationSchema.partial()).optional() });

export const mediaSorts = ['createdAt', 'updatedAt', 'byteSize', 'originalName'] as const;
const mediaFilters = { kind: z.enum(mediaKinds, { error: 'INVALID_VALUE' }).optional() };

export const mediaListQuerySchema = listQuerySchema(mediaSorts, '-createdAt', mediaFilters);
export const mediaExportQuerySchema = exportQuerySchema(mediaSorts, '-createdAt', mediaFilters);

export type MediaMetadataInput = z.output<typeof mediaMetadataSchema>;
export type MediaVideoLinkInput = z.output<typeof mediaVideoLinkSchema>;
export type MediaPatchInput = z.output<typeof mediaPatchSchema>;
export type MediaListQuery = z.output<typeof mediaListQuerySchema>;
