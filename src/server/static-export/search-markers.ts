/**
 * What the archive adds to an entity page for Pagefind (decision 052): `data-pagefind-body` on its
 * main content, the hub search's facets (type, edition, theme, upcoming/past) as
 * `data-pagefind-filter` values named in the page's language, and the German ae/oe/ue/ss spelling
 * of every word with an umlaut or ß, which Pagefind does not fold by itself.
 */
import type { Translate } from '../../i18n/index.ts';

export type EntityType = 'event' | 'edition' | 'curator' | 'organizer';

const ENTITY_PAGE = /^\/[a-z]{2}\/hub\/(event|edition|curator|organizer)\/[^/]+$/;

/** The searchable type of a page path, or undefined for pages the hub search does not list. */
export function entityTypeOf(pathname: string): EntityType | undefined {
  return ENTITY_PAGE.exec(pathname)?.[1] as EntityType | undefined;
}

const decodeText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const GERMAN_FOLDS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ẞ: 'SS' };

/** "Gespräche" → "Gespraeche": the spelling of a keyboard without umlauts. */
export function foldGerman(word: string): string {
  return word.replace(/[äöüßÄÖÜẞ]/g, (c) => GERMAN_FOLDS[c]!);
}

/** The folded spelling of each distinct word of `text` that has an umlaut or ß. */
export function germanFoldedWords(text: string): string[] {
  const words = new Set(text.match(/[\p{L}\p{M}]*[äöüßÄÖÜẞ][\p{L}\p{M}]*/gu) ?? []);
  return [...words].map(foldGerman);
}

/** Texts of the links in the page's tag list (the event's or edition's themes). */
function tagLabelsOf(main: string): string[] {
  const list = /<ul class="tag-list"[^>]*>([\s\S]*?)<\/ul>/.exec(main)?.[1] ?? '';
  return [...list.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map((match) => decodeText(match[1]!)).filter(Boolean);
}

/** The title of the edition an event page links to, or an edition page's own title. */
function editionTitleOf(type: EntityType, main: string): string | undefined {
  const html = type === 'edition' ? /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(main)?.[1] : /<a href="[^"]*\/edition\/[^"/?]+\/?"[^>]*>([\s\S]*?)<\/a>/.exec(main)?.[1];
  return html === undefined ? undefined : decodeText(html) || undefined;
}

/** Past or upcoming, from the page's structured data (the end of an event or edition). */
function phaseOf(html: string, now: Date): 'past' | 'upcoming' | undefined {
  const end = /"endDate":"([^"]+)"/.exec(html)?.[1];
  if (!end || Number.isNaN(Date.parse(end))) return undefined;
  return Date.parse(end) < now.getTime() ? 'past' : 'upcoming';
}

export interface SearchMarkers {
  /** Added to the `<main>` tag. */
  mainAttributes: string;
  /** Inserted at the end of `<main>`: the filters and the folded words (hidden from readers). */
  hiddenContent: string;
}

/** The Pagefind markers of an entity page (`main` is the HTML inside its `<main>`). */
export function searchMarkersOf(type: EntityType, html: string, main: string, t: Translate, now: Date): SearchMarkers {
  const filters: [string, string][] = [[t('hub.search.facet.type'), t(`hub.search.type.${type}`)]];
  const edition = type === 'event' || type === 'edition' ? editionTitleOf(type, main) : undefined;
  if (edition) filters.push([t('hub.search.facet.edition'), edition]);
  for (const tag of tagLabelsOf(main)) filters.push([t('hub.search.facet.tag'), tag]);
  const phase = type === 'event' || type === 'edition' ? phaseOf(html, now) : undefined;
  if (phase) filters.push([t('hub.filters.when'), t(phase === 'past' ? 'hub.filters.past' : 'hub.filters.upcoming')]);
  // Filter values may hold any character but the separator Pagefind splits the name on.
  const filterSpans = filters.map(([name, value]) => `<span data-pagefind-filter="${escapeAttribute(`${name.replace(/:/g, '')}:${value}`)}"></span>`);
  const folded = germanFoldedWords(decodeText(main));
  const foldedText = folded.length ? `<span>${escapeText(folded.join(' '))}</span>` : '';
  return {
    mainAttributes: ' data-pagefind-body',
    hiddenContent: `<div hidden data-archive-search>${filterSpans.join('')}${foldedText}</div>`,
  };
}
