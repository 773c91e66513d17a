/**
 * The site screens' HTML forms (no JavaScript needed; docs/decisions/038). The settings form and a
 * page's text form re-render with field errors (422) or a conflict notice (409); a save or a
 * restore redirects (303) back with a notice flag. "Preview" renders the posted Markdown as the
 * public page will, without saving.
 */
import type { Database } from '../../../db/client.ts';
import type { SitePageSlug } from '../../../db/schema.ts';
import { isLocale, locales, type Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import type { Actor } from '../auth/actor.ts';
import { readFormWithinLimit } from '../http/body-limit.ts';
import type { PageCacheRequest } from '../page-cache/request.ts';
import { restoreSitePageRevision, saveSitePageText } from './pages.ts';
import { siteFieldErrors, sitePageText, siteSettingsInput, type SiteFieldCode } from './schemas.ts';
import { saveSiteSettings, type SvgLogoChange } from './settings-write.ts';
import { readSiteSettings, type SiteSettings } from '../config/site-settings.ts';
import { cleanSvgLogo, MAX_SVG_LOGO_BYTES } from './svg-logo.ts';

/** A page's Markdown may be long (a privacy policy): more than the usual small-form limit. */
const PAGE_FORM_LIMIT = 256 * 1024;
/** The settings form may carry an SVG logo (at most `MAX_SVG_LOGO_BYTES`) and its multipart framing. */
const SETTINGS_FORM_LIMIT = MAX_SVG_LOGO_BYTES + 64 * 1024;

export const siteNotices = ['saved', 'restored', 'unchanged'] as const;
export type SiteNotice = (typeof siteNotices)[number];

/** The notice flag of a redirect (`?notice=saved`), when it is one of ours. */
export function readSiteNotice(search: URLSearchParams): SiteNotice | undefined {
  const value = search.get('notice');
  return siteNotices.find((notice) => notice === value);
}

const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'private, no-store' } });
const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export interface SettingsFormValues {
  version: string;
  names: Record<Locale, string>;
  taglines: Record<Locale, string>;
  logoMediaId: string;
  primaryColor: string;
  secondaryColor: string;
  fontPair: string;
  heroMediaId: string;
  contactTo: string;
}

const perLocale = (value: (locale: Locale) => string) => Object.fromEntries(locales.map((locale) => [locale, value(locale)])) as Record<Locale, string>;

/** What the settings form shows: the saved settings, or what was posted with its errors. */
export interface SettingsFormState {
  values: SettingsFormValues;
  errors: Record<string, SiteFieldCode[]>;
  /** Someone saved in between: the form keeps what was posted, based on the current version. */
  conflict?: boolean;
  status: 200 | 409 | 422;
}

/** The form's values for the saved settings. */
export function settingsFormValues(settings: SiteSettings): SettingsFormValues {
  return {
    version: String(settings.version),
    names: perLocale((locale) => settings.names[locale] ?? ''),
    taglines: perLocale((locale) => settings.taglines[locale] ?? ''),
    logoMediaId: settings.logoMediaId === null ? '' : String(settings.logoMediaId),
    primaryColor: settings.primaryColor ?? '',
    secondaryColor: settings.secondaryColor ?? '',
    fontPair: settings.fontPair,
    heroMediaId: settings.heroMediaId === null ? '' : String(settings.heroMediaId),
    contactTo: settings.contactTo.join(', '),
  };
}

/** A posted settings form: saves and redirects, or the state to re-render. */
export async function submitSettingsForm(
  request: Request,
  db: Database,
  cache: PageCacheRequest | undefined,
  actor: Actor,
  locale: Locale,
): Promise<Response | SettingsFormState> {
  const form = await readFormWithinLimit(request, SETTINGS_FORM_LIMIT);
  if (form instanceof Response) return form;
  const values: SettingsFormValues = {
    version: field(form, 'version'),
    names: perLocale((code) => field(form, `name.${code}`)),
    taglines: perLocale((code) => field(form, `tagline.${code}`)),
    logoMediaId: field(form, 'logoMediaId'),
    primaryColor: field(form, 'primaryColor'),
    secondaryColor: field(form, 'secondaryColor'),
    fontPair: field(form, 'fontPair'),
    heroMediaId: field(form, 'heroMediaId'),
    contactTo: field(form, 'contactTo'),
  };
  const parsed = siteSettingsInput.safeParse(values);
  const svgLogo = await readSvgLogoChange(form);
  const errors = parsed.success ? {} : siteFieldErrors(parsed.error);
  if (svgLogo === 'INVALID_SVG') errors['logoSvg'] = ['INVALID_SVG'];
  if (!parsed.success || svgLogo === 'INVALID_SVG') return { values, errors, status: 422 };
  const outcome = await saveSiteSettings(db, cache, actor, parsed.data, svgLogo);
  if (outcome.ok) return seeOther(paths.adminSite(locale, new URLSearchParams({ notice: 'saved' })));
  if (outcome.code === 'INVALID') return { values, errors: outcome.errors, status: 422 };
  const current = await readSiteSettings(db);
  // The posted values stay in the form, now based on the current version: saving again overwrites.
  return { values: { ...values, version: String(current.version) }, errors: {}, conflict: true, status: 409 };
}

/**
 * The SVG logo part of a posted form: a chosen file is cleaned (refused when too large or not an
 * SVG); else the "remove" box removes the stored one; else it stays.
 */
async function readSvgLogoChange(form: FormData): Promise<SvgLogoChange | 'INVALID_SVG'> {
  const file = form.get('logoSvg');
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_SVG_LOGO_BYTES) return 'INVALID_SVG';
    const markup = cleanSvgLogo(await file.text());
    return markup ? { action: 'set', markup } : 'INVALID_SVG';
  }
  return field(form, 'logoSvgRemove') === 'on' ? { action: 'remove' } : { action: 'keep' };
}

export interface PageFormValues {
  version: string;
  title: string;
  description: string;
  updated: string;
  body: string;
}

export interface PageFormState {
  /** The locale tab the form edits. */
  locale: Locale;
  values: PageFormValues;
  errors: Record<string, SiteFieldCode[]>;
  /** Set by "Preview": the posted Markdown, to render as the public page will. */
  preview?: string;
  conflict?: boolean;
  /** The restore asked for a revision this page does not have. */
  missingRevision?: boolean;
  status: 200 | 404 | 409 | 422;
}

/** The locale tab of a request (`?lang=fr`), else the admin's own locale. */
export function readEditLocale(search: URLSearchParams, fallback: Locale): Locale {
  const value = search.get('lang');
  return isLocale(value) ? value : fallback;
}

/**
 * A posted page form: `intent` = `save` (this locale's text), `preview` (re-render with the
 * rendered Markdown) or `restore` (revision `revision`, all locales). Redirects after a write.
 */
export async function submitPageForm(
  request: Request,
  db: Database,
  cache: PageCacheRequest | undefined,
  actor: Actor,
  adminLocale: Locale,
  slug: SitePageSlug,
  editLocale: Locale,
): Promise<Response | PageFormState> {
  const form = await readFormWithinLimit(request, PAGE_FORM_LIMIT);
  if (form instanceof Response) return form;
  const values: PageFormValues = {
    version: field(form, 'version'),
    title: field(form, 'title'),
    description: field(form, 'description'),
    updated: field(form, 'updated'),
    body: field(form, 'body'),
  };
  const version = Number(values.version);
  const back = (notice: SiteNotice) => seeOther(paths.adminSitePage(adminLocale, slug, new URLSearchParams({ lang: editLocale, notice })));
  const state = (status: PageFormState['status'], extra: Partial<PageFormState> = {}): PageFormState => ({
    locale: editLocale,
    values,
    errors: {},
    status,
    ...extra,
  });

  if (field(form, 'intent') === 'restore') {
    const revisionId = Number(field(form, 'revision'));
    if (!Number.isSafeInteger(revisionId) || !Number.isSafeInteger(version)) return state(404, { missingRevision: true });
    const outcome = await restoreSitePageRevision(db, cache, actor, slug, revisionId, version);
    if (outcome.ok) return back(outcome.changed ? 'restored' : 'unchanged');
    return outcome.code === 'VERSION_CONFLICT' ? state(409, { conflict: true }) : state(404, { missingRevision: true });
  }
  const parsed = sitePageText.safeParse(values);
  if (!parsed.success) return state(422, { errors: siteFieldErrors(parsed.error) });
  if (field(form, 'intent') === 'preview') return state(200, { preview: parsed.data.body });
  if (!Number.isSafeInteger(version)) return state(409, { conflict: true });
  const outcome = await saveSitePageText(db, cache, actor, slug, editLocale, version, parsed.data);
  if (outcome.ok) return back(outcome.changed ? 'saved' : 'unchanged');
  return state(outcome.code === 'VERSION_CONFLICT' ? 409 : 404, { conflict: outcome.code === 'VERSION_CONFLICT' });
}
