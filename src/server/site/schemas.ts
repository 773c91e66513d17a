/**
 * The site screens' form inputs (docs/decisions/038), read from HTML forms and checked here: the
 * settings (site name per locale, logo, accent colour, contact recipients) and one locale's text
 * of an editorial page. Errors are stable codes the screens translate (`site.error.<CODE>`).
 */
import { z } from 'zod';
import { sitePageSlugs, type SitePageSlug } from '../../../db/schema.ts';
import { locales, type Locale } from '../../i18n/config.ts';
import { contrastRatio, HEX_COLOUR, MIN_TEXT_CONTRAST } from '../../lib/colour-contrast.ts';

export const siteFieldCodes = ['REQUIRED', 'TOO_LONG', 'INVALID_COLOUR', 'LOW_CONTRAST', 'INVALID_EMAIL', 'INVALID_MEDIA', 'INVALID_DATE', 'INVALID'] as const;
export type SiteFieldCode = (typeof siteFieldCodes)[number];

/**
 * The colours the accent meets on the hub (src/styles/hub.css): link text on the page background
 * (`--paper`) and on white cards, and white text on accent-coloured buttons.
 */
export const accentSurfaces = ['#ffffff', '#fdfcf9'] as const;

/** True when `hex` reaches WCAG AA for normal text against every surface it meets. */
export function meetsAccentContrast(hex: string): boolean {
  return accentSurfaces.every((surface) => contrastRatio(hex, surface) >= MIN_TEXT_CONTRAST);
}

const version = z.coerce.number().int().min(1);

const accentColor = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || HEX_COLOUR.test(value), 'INVALID_COLOUR')
  .refine((value) => value === '' || !HEX_COLOUR.test(value) || meetsAccentContrast(value), 'LOW_CONTRAST')
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

const siteName = z.string().trim().max(80, 'TOO_LONG');

export const siteSettingsInput = z.object({
  version,
  names: z.object(Object.fromEntries(locales.map((locale) => [locale, siteName])) as Record<Locale, typeof siteName>),
  logoMediaId,
  accentColor,
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

/** Field errors of a failed parse as codes keyed by field path (`names.fr`, `accentColor`). */
export function siteFieldErrors(error: z.ZodError): Record<string, SiteFieldCode[]> {
  const errors: Record<string, SiteFieldCode[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.length ? issue.path.filter((part) => typeof part !== 'number').join('.') : 'form';
    const code = siteFieldCodes.find((known) => known === issue.message) ?? (issue.code === 'too_big' ? 'TOO_LONG' : 'INVALID');
    const list = (errors[path] ??= []);
    if (!list.includes(code)) list.push(code);
  }
  return errors;
}
