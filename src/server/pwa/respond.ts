/**
 * The manifest and icon responses (decision 041). The manifest is cached like the hub's pages and
 * purged with them by a settings save (`all`); icons are drawn once per process and version.
 */
import type { APIContext } from 'astro';
import { getTextDirection } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import { getDb } from '../db.ts';
import { respondCached } from '../page-cache/decision.ts';
import { getSiteSettings, siteNameOf, type SiteSettings } from '../config/site-settings.ts';
import { getStorage } from '../storage/index.ts';
import { drawIcon, findIconSpec, iconVersionOf } from './icons.ts';
import { buildWebAppManifest, iconSourceOf } from './manifest.ts';

/** GET of a manifest: `/{locale}/manifest.webmanifest` opens that locale's home, `/manifest.webmanifest` the site's choice. */
export async function respondWithManifest(context: APIContext, { localized }: { localized: boolean }): Promise<Response> {
  const { locale, t } = context.locals;
  const db = await getDb();
  const site = context.locals.site;
  const manifest = buildWebAppManifest({
    locale,
    dir: getTextDirection(locale),
    name: siteNameOf(context.locals),
    description: t('site.tagline'),
    accentColor: site?.theme.primary?.light.colour ?? null,
    logoKey: site?.logo?.key ?? null,
    startUrl: localized ? paths.home(locale) : '/',
  });
  const body = JSON.stringify(manifest);
  return respondCached(context, { db, now: new Date(), tags: [], fingerprint: body }, 'application/manifest+json; charset=utf-8', () => body);
}

/** The logo's bytes: the cleaned SVG kept in the settings, or the media's file in storage. */
async function logoBytesOf(settings: SiteSettings, key: string | null): Promise<Uint8Array | null> {
  if (!key) return null;
  return settings.logoSvg ? Buffer.from(settings.logoSvg) : getStorage().readBytes(key);
}

/** Icons drawn in this process, by version and name: a handful, redrawn after a restart. */
const drawn = new Map<string, Promise<Buffer>>();
const MAX_DRAWN = 16;

/** GET `/icons/{version}/{name}.png`. */
export async function respondWithIcon(context: APIContext): Promise<Response> {
  const spec = findIconSpec(context.params['name'] ?? '');
  if (!spec) return context.rewrite('/404');
  const settings = await getSiteSettings(await getDb());
  const source = iconSourceOf({ accentColor: settings.theme.primary?.light.colour ?? null, logoKey: settings.logo?.key ?? null });
  const version = iconVersionOf(source);
  const key = `${version}/${spec.name}`;
  let png = drawn.get(key);
  if (!png) {
    if (drawn.size >= MAX_DRAWN) drawn.clear();
    png = (async () => drawIcon(spec, source, await logoBytesOf(settings, source.logoKey)))();
    drawn.set(key, png);
    png.catch(() => drawn.delete(key));
  }
  // An old version (a manifest kept somewhere) gets today's icon, but only briefly.
  const current = context.params['version'] === version;
  return new Response(new Uint8Array(await png), {
    headers: {
      'Content-Type': 'image/png',
      'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    },
  });
}
