/**
 * The site screens' form inputs (docs/decisions/038, 043), read from HTML forms and checked here:
 * the settings (site name and tagline per locale, logo, brand colours, typeface pair, hero image,
 * contact recipients) and one locale's text of an editorial page. Errors are stable codes the
 * screens translate (`site.error.<CODE>`); a colour's contrast failure carries its figures
 * (`LOW_CONTRAST:<mode>:<pair>:<ratio>`, see `siteErrorText`).
 */
import { z } from 'zod';
import { sitePageSlugs, type SitePageSlug } from '../../../db/schema.ts';
import { locales, type Locale } from '../../i18n/config.ts';
import { checkBrandColour, contrastErrorCode } from '../../lib/brand-colours.ts';
import { HEX_COLOUR } from '../../lib/colour-contrast.ts';
import { DEFAULT_FONT_PAIR, fontPairIds } from '../../lib/font-pairs.ts';

export const siteFieldCodes = [
  'REQUIRED',
  'TOO_LONG',
  'INVALID_COLOUR',
  'LOW_CONTRAST',
  'INVALID_EMAIL',
  'INVALID_MEDIA',
  'INVALID_SVG',
  'INVALID_DATE',
  'INVALID',
] as const;
/** A stable code, or a contrast failure with its figures (`LOW_CONTRAST:light:onPaper:2.91`). */
export type SiteFieldCode = (typeof siteFieldCodes)[number] | `LOW_CONTRAST:${string}`;

const version = z.coerce.number().int().min(1);

/** A brand colour: `#rrggbb` whose every text/background pair reads in light and dark mode. */
const brandColour = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || HEX_COLOUR.test(value), 'INVALID_COLOUR')
  .superRefine((value, context) => {
    if (value === '' || !HEX_COLOUR.test(value)) return;
    const failure = contrastErrorCode(checkBrandColour(value));
    if (failure) context.addIssue({ code: 'custom', message: failure });
  })
  .transform((value) => value || null);

const contactTo = z
  .string()
  .max(2000, 'TOO_LONG')
  .transform((value) =>
    value
      .split(/[\s,;]+/)
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email('INVALID_EMAIL')).max(20, 'TOO_LONG'))
  .transform((list) => [...new Set(list)]);

const logoMediaId = z
  .string()
  .trim()
  .refine((value) => value === '' || /^[1-9][0-9]{0,9}$/.test(value), 'INVALID_MEDIA')
  .transform((value) => (value ? Number(value) : null));

const heroMediaId = logoMediaId;

const siteName = z.string().trim().max(80, 'TOO_LONG');
const tagline = z.string().trim().max(160, 'TOO_LONG');

export const siteSettingsInput = z.object({
  version,
  names: z.object(Object.fromEntries(locales.map((locale) => [locale, siteName])) as Record<Locale, typeof siteName>),
  taglines: z.object(Object.fromEntries(locales.map((locale) => [locale, tagline])) as Record<Locale, typeof tagline>),
  logoMediaId,
  primaryColor: brandColour,
  secondaryColor: brandColour,
  // No pair chosen (a form without the radio buttons) is the default pair.
  fontPair: z
    .string()
    .transform((value) => value || DEFAULT_FONT_PAIR)
    .pipe(z.enum(fontPairIds, 'INVALID')),
  heroMediaId,
  contactTo,
});
export type SiteSettingsInput = z.infer<typeof siteSettingsInput>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const sitePageText = z.object({
  title: z.string().trim().min(1, 'REQUIRED').max(200, 'TOO_LONG'),
  description: z.string().trim().min(1, 'REQUIRED').max(200, 'TOO_LONG'),
  updated: z
    .string()
    .trim()
    .refine((value) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'INVALID_DATE'),
  body: z.string().max(100_000, 'TOO_LONG'),
});
export type SitePageText = z.infer<typeof sitePageText>;

export function isSitePageSlug(value: unknown): value is SitePageSlug {
  return sitePageSlugs.some((slug) => slug === value);
}

/** Field errors of a failed parse as codes keyed by field path (`names.fr`, `primaryColor`). */
export function siteFieldErrors(error: z.ZodError): Record<string, SiteFieldCode[]> {
  const errors: Record<string, SiteFieldCode[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.length ? issue.path.filter((part) => typeof part !== 'number').join('.') : 'form';
    const code: SiteFieldCode =
      siteFieldCodes.find((known) => known === issue.message) ??
      (issue.message.startsWith('LOW_CONTRAST:') ? (issue.message as SiteFieldCode) : issue.code === 'too_big' ? 'TOO_LONG' : 'INVALID');
    const list = (errors[path] ??= []);
    if (!list.includes(code)) list.push(code);
  }
  return errors;
}
