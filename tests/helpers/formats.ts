/** Parsers the hub tests use to read outputs back: iCalendar, XML (RSS, sitemap), JSON-LD, HTML bits. */
import { xml2js, type Element } from 'xml-js';

export interface IcsEvent {
  [property: string]: string;
}

export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  /** The raw value, escapes kept. */
  raw: string;
}

export interface IcsComponent {
  name: string;
  properties: IcsProperty[];
  components: IcsComponent[];
}

/** TEXT properties whose value must carry no unescaped `,` or `;` (RFC 5545 §3.3.11). */
const TEXT_PROPERTIES = new Set(['SUMMARY', 'DESCRIPTION', 'LOCATION', 'NAME', 'X-WR-CALNAME', 'COMMENT']);
const MAX_OCTETS = 75;

/** Splits a TEXT value on unescaped `sep` and unescapes each part; throws on an unknown escape. */
export function splitIcsText(raw: string, sep: ',' | null): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < raw.length; i++) {
    const char = raw[i]!;
    if (char === '\\') {
      const next = raw[++i];
      if (next === 'n' || next === 'N') current += '\n';
      else if (next === '\\' || next === ';' || next === ',') current += next;
      else throw new Error(`bad escape \\${next ?? ''} in ${raw}`);
    } else if (sep && char === sep) {
      parts.push(current);
      current = '';
    } else if (char === ';' || char === ',') {
      throw new Error(`unescaped ${char} in TEXT value: ${raw}`);
    } else current += char;
  }
  parts.push(current);
  return parts;
}

/**
 * Parses an iCalendar document strictly: CRLF line ends only (no bare CR or LF anywhere),
 * physical lines of at most 75 octets folded between UTF-8 sequences, well-formed content lines,
 * balanced BEGIN/END, TEXT values escaped. Returns the component tree.
 */
export function parseIcsDocument(text: string): IcsComponent {
  if (!text.endsWith('\r\n')) throw new Error('the last line is not ended by CRLF');
  if (text.includes('\uFFFD')) throw new Error('invalid UTF-8 (a fold split a character?)');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    if (/[\r\n]/.test(line)) throw new Error(`bare CR or LF in: ${JSON.stringify(line.slice(0, 60))}`);
    if (Buffer.byteLength(line, 'utf8') > MAX_OCTETS) throw new Error(`line over ${MAX_OCTETS} octets: ${line.slice(0, 40)}`);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (!logical.length) throw new Error('continuation before any line');
      logical[logical.length - 1] += line.slice(1);
    } else logical.push(line);
  }
  const stack: IcsComponent[] = [];
  let root: IcsComponent | undefined;
  for (const line of logical) {
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*))*):(.*)$/.exec(line);
    if (!match) throw new Error(`bad content line: ${line}`);
    const [, name, paramText, raw] = match as unknown as [string, string, string, string];
    const upper = name.toUpperCase();
    if (upper === 'BEGIN') {
      const component: IcsComponent = { name: raw, properties: [], components: [] };
      if (stack.length) stack[stack.length - 1]!.components.push(component);
      else if (root) throw new Error('two top-level components');
      else root = component;
      stack.push(component);
      continue;
    }
    if (upper === 'END') {
      const open = stack.pop();
      if (!open || open.name !== raw) throw new Error(`END:${raw} does not close ${open?.name}`);
      continue;
    }
    if (!stack.length) throw new Error(`property outside a component: ${line}`);
    const params: Record<string, string> = {};
    for (const param of paramText.matchAll(/;([A-Za-z0-9-]+)=("[^"]*"|[^";:,]*)/g)) params[param[1]!.toUpperCase()] = param[2]!.replace(/^"|"$/g, '');
    if (TEXT_PROPERTIES.has(upper)) splitIcsText(raw, null);
    if (upper === 'CATEGORIES') splitIcsText(raw, ',');
    stack[stack.length - 1]!.properties.push({ name: upper, params, raw });
  }
  if (stack.length || !root || root.name !== 'VCALENDAR') throw new Error('not one complete VCALENDAR');
  return root;
}

/** The value of a component's first `name` property: TEXT unescaped, CATEGORIES' items joined by commas, others raw. */
export function icsValue(component: IcsComponent, name: string): string | undefined {
  const property = component.properties.find((p) => p.name === name);
  if (!property) return undefined;
  if (name === 'CATEGORIES') return icsList(component, name).join(',');
  return TEXT_PROPERTIES.has(name) ? splitIcsText(property.raw, null)[0] : property.raw;
}

/** The unescaped items of a list property such as CATEGORIES. */
export function icsList(component: IcsComponent, name: string): string[] {
  const property = component.properties.find((p) => p.name === name);
  return property ? splitIcsText(property.raw, ',') : [];
}

/** "20310612T193000" as wall-clock milliseconds (no zone applied). */
const wallMs = (v: string) => Date.UTC(+v.slice(0, 4), +v.slice(4, 6) - 1, +v.slice(6, 8), +v.slice(9, 11), +v.slice(11, 13), +v.slice(13, 15));
const offsetMs = (v: string) => (v.startsWith('-') ? -1 : 1) * (+v.slice(1, 3) * 3_600_000 + +v.slice(3, 5) * 60_000);

/**
 * The instant (ISO) a local DATE-TIME denotes under a VTIMEZONE, computed as a calendar app does:
 * the offset of the latest observance whose onset is not after it.
 */
export function resolveIcsLocalTime(zone: IcsComponent, local: string): string {
  const onsets = zone.components
    .map((o) => ({ onset: wallMs(icsValue(o, 'DTSTART')!), to: offsetMs(icsValue(o, 'TZOFFSETTO')!) }))
    .filter(({ onset }) => onset <= wallMs(local))
    .sort((a, b) => a.onset - b.onset);
  if (!onsets.length) throw new Error(`no observance of the zone covers ${local}`);
  return new Date(wallMs(local) - onsets[onsets.length - 1]!.to).toISOString();
}

/** Parses strictly (see parseIcsDocument); returns the calendar's and each VEVENT's values by name. */
export function parseIcs(text: string): { calendar: Record<string, string>; events: IcsEvent[]; root: IcsComponent } {
  const root = parseIcsDocument(text);
  const valuesOf = (component: IcsComponent) => Object.fromEntries(component.properties.map((p) => [p.name, icsValue(component, p.name)!]));
  const events = root.components.filter((c) => c.name === 'VEVENT').map(valuesOf);
  return { calendar: valuesOf(root), events, root };
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

/** The text a reader sees in an HTML fragment: tags dropped, entities decoded, whitespace collapsed. */
export function htmlText(html: string): string {
  // Scripts and styles are not text a reader sees (JSON-LD gives times in the event's own zone).
  const visible = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ');
  return decodeEntities(visible.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

/** The text of the page's h1 (tags stripped). */
export function h1Of(html: string): string {
  const m = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return m ? decodeEntities(m[1]!.replace(/<[^>]+>/g, '')).trim() : '';
}
