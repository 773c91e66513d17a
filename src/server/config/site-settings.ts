/**
 * The site settings (docs/decisions/038, 043): site name and hero tagline per locale, logo, brand
 * colours, typeface pair, home hero image, contact recipients. Every page shows some of them, so each process keeps one copy in memory, read on
 * first use and forgotten by the purge a save makes — in this worker at once, in the machine's
 * other workers through IPC and on other machines through the `cache_purges` log.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { medias, siteSettings, siteSettingTranslations } from '../../../db/schema.ts';
import { isLocale, type Locale } from '../../i18n/config.ts';
import { DEFAULT_FONT_PAIR, isFontPairId, type FontPairId } from '../../lib/font-pairs.ts';
import { getTranslator, type Translate } from '../../i18n/index.ts';
import { siteThemeOf, type SiteTheme } from './site-theme.ts';
import { svgLogoKey, svgLogoSize } from './svg-logo-key.ts';

/** The logo: an image of the media library, or a cleaned SVG (then `mediaId` is null). */
export interface SiteLogo {
  mediaId: number | null;
  /** `paths.media(key)` is its address, for both kinds (`site-logo/<hash>.svg` for an SVG). */
  key: string;
  width: number | null;
  height: number | null;
}

export interface SiteSettings {
  /** The name per locale as set; a locale left empty uses the UI string `site.name`. */
  names: Partial<Record<Locale, string>>;
  /** The hero's line under the site name per locale, as set. */
  taglines: Partial<Record<Locale, string>>;
  logo: SiteLogo | null;
  /** The media chosen as logo (also set, but not shown, while an SVG logo is in place). */
  logoMediaId: number | null;
  /** The cleaned SVG logo's markup (decision 043), served by the media route. */
  logoSvg: string | null;
  /** `#rrggbb`, or null for the stylesheet's own colours. */
  primaryColor: string | null;
  secondaryColor: string | null;
  fontPair: FontPairId;
  heroMediaId: number | null;
  /** What pages apply of the colours and fonts, derived once per read. */
  theme: SiteTheme;
  /** Addresses told of contact messages; empty = HUB_CONTACT_TO (or the admins). */
  contactTo: string[];
  version: number;
}

let memo: Promise<SiteSettings> | undefined;

/** Reads the settings from the database (no memo): the admin form and tests. */
export async function readSiteSettings(db: Executor): Promise<SiteSettings> {
  const [[row], names] = await Promise.all([
    db
      .select({
        primaryColor: siteSettings.primaryColor,
        secondaryColor: siteSettings.secondaryColor,
        fontPair: siteSettings.fontPair,
        heroMediaId: siteSettings.heroMediaId,
        logoSvg: siteSettings.logoSvg,
        contactTo: siteSettings.contactTo,
        version: siteSettings.version,
        logoMediaId: medias.id,
        logoKey: medias.storageKey,
        logoWidth: medias.width,
        logoHeight: medias.height,
      })
      .from(siteSettings)
      .leftJoin(medias, eq(medias.id, siteSettings.logoMediaId))
      .where(eq(siteSettings.id, 1)),
    db.select().from(siteSettingTranslations),
  ]);
  const raster = row?.logoMediaId != null && row.logoKey ? { mediaId: row.logoMediaId, key: row.logoKey, width: row.logoWidth, height: row.logoHeight } : null;
  const logoSvg = row?.logoSvg ?? null;
  const texts = names.filter((name) => isLocale(name.locale));
  const primaryColor = row?.primaryColor ?? null;
  const secondaryColor = row?.secondaryColor ?? null;
  const fontPair = isFontPairId(row?.fontPair) ? row.fontPair : DEFAULT_FONT_PAIR;
  return {
    names: Object.fromEntries(texts.filter((name) => name.siteName).map((name) => [name.locale, name.siteName])),
    taglines: Object.fromEntries(texts.filter((name) => name.tagline).map((name) => [name.locale, name.tagline])),
    logo: logoSvg ? { mediaId: null, key: svgLogoKey(logoSvg), ...svgLogoSize(logoSvg) } : raster,
    logoMediaId: row?.logoMediaId ?? null,
    logoSvg,
    primaryColor,
    secondaryColor,
    fontPair,
    heroMediaId: row?.heroMediaId ?? null,
    theme: siteThemeOf({ primaryColor, secondaryColor, fontPair }),
    contactTo: row?.contactTo ?? [],
    version: row?.version ?? 1,
  };
}

/** The settings as this process keeps them: read once, until a purge forgets them. */
export function getSiteSettings(db: Executor): Promise<SiteSettings> {
  const current = (memo ??= readSiteSettings(db));
  // A failed read must not stick: the next request tries again.
  current.catch(() => {
    if (memo === current) memo = undefined;
  });
  return current;
}

/** Forgets the kept settings. */
export function forgetSiteSettings(): void {
  memo = undefined;
}

/** The site name in `locale`: the setting, else the UI string. */
export function siteNameIn(settings: SiteSettings, locale: Locale, t: Translate): string {
  return settings.names[locale] ?? t('site.name');
}

/** What every page shows of the settings, in the request's locale (`locals.site`). */
export interface SiteView {
  name: string;
  /** The hero's tagline in this locale, if set. */
  tagline: string | null;
  logo: SiteLogo | null;
  /** The brand colours' light and dark variants with their inks, and the font pair (`ThemeHead`). */
  theme: SiteTheme;
  heroMediaId: number | null;
}

/** The settings as one locale's pages show them. */
export function siteViewOf(settings: SiteSettings, locale: Locale, t: Translate): SiteView {
  return {
    name: siteNameIn(settings, locale, t),
    tagline: settings.taglines[locale] ?? null,
    logo: settings.logo,
    theme: settings.theme,
    heroMediaId: settings.heroMediaId,
  };
}

/** Who is told of a new contact message: the setting when set, else HUB_CONTACT_TO (decision 021). */
export function contactRecipientsOf(settings: SiteSettings, envContactTo: readonly string[]): readonly string[] {
  return settings.contactTo.length > 0 ? settings.contactTo : envContactTo;
}

/** The site name a page shows: the request's settings, else the UI string (error pages, API paths). */
export function siteNameOf(locals: { site?: SiteView | undefined; t: Translate }): string {
  return locals.site?.name ?? locals.t('site.name');
}

/** The site name that signs a message in `locale` (the setting, else the UI string). */
export async function mailSiteName(db: Executor, locale: Locale): Promise<string> {
  return siteNameIn(await getSiteSettings(db), locale, getTranslator(locale));
}
