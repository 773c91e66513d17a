/**
 * Field schemas every admin collection shares, used by the API and (later) by the admin islands,
 * so both refuse the same input. Pure: nothing server-only may be imported here. Messages are
 * stable SCREAMING_SNAKE codes the UI translates (`admin.error.<CODE>`).
 */
import { z } from 'zod';
import { locales, type Locale } from '../../i18n/config.ts';

export const SLUG_MAX_LENGTH = 80;

/** Error of a type check: a missing value is `REQUIRED`, a value of the wrong type `INVALID_TYPE`. */
export const typeError = (issue: { input?: unknown }): string => (issue.input === undefined ? 'REQUIRED' : 'INVALID_TYPE');
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Lowercase kebab-case, 1–80 characters: the same rule as the database CHECK. */
export const slugField = z
  .string({ error: typeError })
  .min(1, { error: 'REQUIRED' })
  .max(SLUG_MAX_LENGTH, { error: 'TOO_LONG' })
  .regex(SLUG_PATTERN, { error: 'INVALID_SLUG' });

/**
 * Line breaks and other control characters inside a text meant for one line (a title, a name, a
 * mail subject): shown raw they break layouts, and in headers they start new ones. Tabs are allowed.
 */
export const SINGLE_LINE_PATTERN = /^[^\u0000-\u0008\u000A-\u001F\u007F\u0085\u2028\u2029]*$/;

/** A required single-line text (trimmed, never empty, no line break). */
export function requiredText(max: number) {
  return z
    .string({ error: typeError })
    .trim()
    .min(1, { error: 'REQUIRED' })
    .max(max, { error: 'TOO_LONG' })
    .regex(SINGLE_LINE_PATTERN, { error: 'MULTI_LINE' });
}

/** An optional text; empty or blank means "no value" (stored as null). */
export function optionalText(max: number) {
  return z
    .string({ error: typeError })
    .trim()
    .max(max, { error: 'TOO_LONG' })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}

/** A database id. */
export const idField = z.int({ error: typeError }).positive({ error: 'INVALID_ID' });

/** An ordered list of distinct ids (relations, galleries). */
export function idListField(max = 100) {
  return z
    .array(idField, { error: typeError })
    .max(max, { error: 'TOO_MANY' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'DUPLICATE_ID' });
}

/** An absolute http(s) URL, at most 2048 characters. */
export const httpUrlField = z
  .string({ error: typeError })
  .trim()
  .max(2048, { error: 'TOO_LONG' })
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'INVALID_URL' }));

/** An instant as ISO 8601 with `Z` or an offset (`2026-05-01T18:00:00+02:00`). */
export const instantField = z
  .string({ error: typeError })
  .pipe(z.iso.datetime({ offset: true, error: 'INVALID_DATETIME' }))
  .transform((value) => new Date(value));

/**
 * An IANA time-zone name by shape; whether the zone exists is checked by the server (422), since
 * the answer depends on the runtime's time-zone data.
 */
export const timeZoneField = z
  .string({ error: typeError })
  .min(1, { error: 'REQUIRED' })
  .max(64, { error: 'TOO_LONG' })
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, { error: 'UNKNOWN_TIME_ZONE' });

export const publicationStatusField = z.enum(['draft', 'published', 'archived'], { error: 'INVALID_VALUE' });

/** The `version` an update was based on (optimistic concurrency). */
export const versionField = z.int({ error: typeError }).positive({ error: 'INVALID_VERSION' });

/** Focal point coordinate as a fraction of the width or height. */
export const fractionField = z.number({ error: typeError }).min(0, { error: 'OUT_OF_RANGE' }).max(1, { error: 'OUT_OF_RANGE' });

type PerLocale<S extends z.ZodType> = { [L in Locale]: z.ZodOptional<S> };
type PerLocalePatch<S extends z.ZodType> = { [L in Locale]: z.ZodOptional<z.ZodNullable<S>> };

/** `{ en?: row, fr?: row, … }`: texts of a new item, any subset of the locales. */
export function translationsField<S extends z.ZodType>(row: S) {
  const shape = Object.fromEntries(locales.map((locale) => [locale, row.optional()])) as PerLocale<S>;
  return z.strictObject(shape, { error: typeError });
}

/**
 * Texts of an update: per locale, the fields to change (others are kept), or `null` to remove
 * that locale's translation.
 */
export function translationsPatchField<S extends z.ZodType>(row: S) {
  const shape = Object.fromEntries(locales.map((locale) => [locale, row.nullable().optional()])) as PerLocalePatch<S>;
  return z.strictObject(shape, { error: typeError });
}
