/** Parsers the hub tests use to read outputs back: iCalendar, XML (RSS, sitemap), JSON-LD, HTML bits. */
import { xml2js, type Element } from 'xml-js';

export interface IcsEvent {
  [property: string]: string;
}

/** Unfolds RFC 5545 lines (CRLF + space/tab) and returns the calendar's and each VEVENT's properties. */
export function parseIcs(text: string): { calendar: Record<string, string>; events: IcsEvent[] } {
  if (!text.startsWith('BEGIN:VCALENDAR\r\n') || !text.trimEnd().endsWith('END:VCALENDAR')) throw new Error('not a VCALENDAR');
  // Physical lines are folded at 75 characters (the `ics` library counts characters, not octets).
  for (const line of text.split('\r\n')) if ([...line].length > 76) throw new Error(`line not folded: ${line.slice(0, 40)}`);
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const calendar: Record<string, string> = {};
  const events: IcsEvent[] = [];
  let current: IcsEvent | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = undefined;
    } else {
      const colon = line.indexOf(':');
      if (colon < 1) throw new Error(`bad line: ${line}`);
      const name = line.slice(0, colon).split(';')[0]!;
      const value = line
        .slice(colon + 1)
        .replace(/\\n/gi, '\n')
        .replace(/\\([,;\\])/g, '$1');
      (current ?? calendar)[name] = value;
    }
  }
  return { calendar, events };
}

/** Parses XML strictly (throws on malformed input) into xml-js elements. */
export function parseXml(text: string): Element {
  return xml2js(text, { compact: false }) as Element;
}

/** Child elements named `name` (any depth). */
export function findAll(element: Element, name: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Element) => {
    if (node.name === name) found.push(node);
    for (const child of node.elements ?? []) walk(child);
  };
  walk(element);
  return found;
}

/** Text content of an element (text and CDATA). */
export function textOf(element: Element | undefined): string {
  return (element?.elements ?? []).map((child) => child.text ?? child.cdata ?? textOf(child)).join('');
}

/** The parsed JSON-LD blocks of a page (throws if one is not valid JSON). */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

/** `href` of every `<link rel="alternate" hreflang=…>`, by hreflang. */
export function hreflangsOf(html: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const m of html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)) result[m[1]!] = m[2]!;
  return result;
}

/** Decodes the few entities Astro emits in text. */
export function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The text of the page's h1 (tags stripped). */
export function h1Of(html: string): string {
  const m = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return m ? decodeEntities(m[1]!.replace(/<[^>]+>/g, '')).trim() : '';
}
