/**
 * Links within the hub keep the visitor's `?tz=`: one pass over a rendered page adds it to every
 * hub link and hub GET form, so no component has to thread the zone through its links (and a link
 * added later cannot forget it). Only pages asked for with a valid `tz` are rewritten, so the
 * default pages are byte for byte what they were.
 */
import type { MiddlewareHandler } from 'astro';
import { locales } from '../../i18n/config.ts';
import { parseViewZone, VIEW_ZONE_PARAM } from '../../lib/view-zone.ts';

const hubPrefix = `/(?:${locales.join('|')})/hub`;
const HUB_PATH = new RegExp(`^${hubPrefix}(?:/|$)`);
// Astro writes every attribute in double quotes and escapes `&` as `&amp;`.
const HUB_HREF = new RegExp(`\\shref="(${hubPrefix}(?:/[^"?#]*)?)(\\?[^"#]*)?(#[^"]*)?"`, 'g');
const FORM_TAG = /<form\b[^>]*>/g;
/** Calendars and feeds are in each event's zone by definition; they take no `tz`. */
const MACHINE_READ = /\.(?:ics|xml)$/;
const ALREADY_ZONED = new RegExp(`(?:\\?|&amp;)${VIEW_ZONE_PARAM}=`);
const HUB_ACTION = new RegExp(`^${hubPrefix}`);

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** The page's hub links and hub GET forms, each carrying `tz=<zone>`. */
export function keepViewZoneInHtml(html: string, zone: string): string {
  const param = `${VIEW_ZONE_PARAM}=${encodeURIComponent(zone)}`;
  const withLinks = html.replace(HUB_HREF, (whole, path: string, query: string | undefined, hash: string | undefined) => {
    if (MACHINE_READ.test(path) || query?.match(ALREADY_ZONED)) return whole;
    const search = query ? `${query}&amp;${param}` : `?${param}`;
    return ` href="${path}${search}${hash ?? ''}"`;
  });
  return withLinks.replace(FORM_TAG, (tag) => {
    const action = /\saction="([^"]*)"/.exec(tag)?.[1];
    const isGet = !/\smethod="(?!get")[^"]*"/i.test(tag);
    // The zone select itself sends `tz`; other hub GET forms (filters, search) carry it along.
    if (!action || !isGet || tag.includes('data-tz-form') || !HUB_ACTION.test(action) || MACHINE_READ.test(action)) return tag;
    return `${tag}<input type="hidden" name="${VIEW_ZONE_PARAM}" value="${escapeAttribute(zone)}" />`;
  });
}

/** Middleware: rewrites hub HTML pages asked for with a valid `tz` (see keepViewZoneInHtml). */
export const keepViewZoneInLinks: MiddlewareHandler = async (context, next) => {
  const response = await next();
  if (!HUB_PATH.test(context.url.pathname) || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const view = parseViewZone(context.url.searchParams);
  if (view.kind !== 'zone') return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(keepViewZoneInHtml(await response.text(), view.zone), { status: response.status, statusText: response.statusText, headers });
};
