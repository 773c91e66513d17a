/**
 * Reading a frab XML schedule with fast-xml-parser in ordered mode: the parser's own tree is the
 * only tree (its default mode builds that tree and then a second, plain copy of it), and each event
 * becomes a small plain object only while it is read (decision 034). Before the parser: no
 * DOCTYPE (entities), a nesting bound, and the validator (the parser alone reads broken markup).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { lineAt } from './rows.ts';

type Node = Record<string, unknown>;
/** One entry of the ordered tree: `{ tag: children, ':@': attributes }` or `{ '#text': text }`. */
type Ordered = Record<string, unknown>;

const ATTRIBUTES = ':@';

const orderedParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
});

/** Far deeper than any schedule (schedule › day › room › event › persons › person is 6). */
export const MAX_XML_DEPTH = 64;

/** The end of the markup starting at `from` (its `>`), skipping quoted attribute values; -1 if none. */
function tagEnd(text: string, from: number): number {
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

/**
 * Where elements first nest deeper than `limit`, or -1: one pass without recursion, before the
 * parser (which recurses per level and overflows the stack on a document nested 200,000 deep).
 * Comments, CDATA, declarations and processing instructions do not nest; broken markup is left
 * to the validator.
 */
function depthExceededAt(text: string, limit: number): number {
  let depth = 0;
  for (let at = text.indexOf('<'); at !== -1;) {
    let end: number;
    if (text.startsWith('<!--', at)) end = text.indexOf('-->', at + 4) + 2;
    else if (text.startsWith('<![CDATA[', at)) end = text.indexOf(']]>', at + 9) + 2;
    else {
      end = tagEnd(text, at + 1);
      if (end === -1) return -1;
      const kind = text[at + 1];
      if (kind === '/') depth--;
      else if (kind !== '?' && kind !== '!' && text[end - 1] !== '/' && ++depth > limit) return at;
    }
    if (end < at) return -1;
    at = text.indexOf('<', end + 1);
  }
  return -1;
}

function tagOf(node: Ordered): string | undefined {
  for (const key of Object.keys(node)) if (key !== ATTRIBUTES) return key;
  return undefined;
}

function childrenOf(node: Ordered): Ordered[] {
  const tag = tagOf(node);
  const children = tag === undefined ? undefined : node[tag];
  return Array.isArray(children) ? (children as Ordered[]) : [];
}

const elementsNamed = (nodes: readonly Ordered[], tag: string) => nodes.filter((node) => tagOf(node) === tag);

/**
 * An element in the plain shape the frab reader takes (as JSON has it): its text, or
 * `{ '#text', '@_attr' }` when it has attributes; an element with elements, its children by name
 * (a repeated name as a list) and its attributes.
 */
export function plainElement(node: Ordered): unknown {
  const children = childrenOf(node);
  const attributes = (node[ATTRIBUTES] ?? {}) as Node;
  const elements = children.filter((child) => tagOf(child) !== '#text');
  if (elements.length === 0) {
    const text = children.map((child) => child['#text'] ?? '').join('');
    return Object.keys(attributes).length ? { ...attributes, '#text': text } : text;
  }
  const plain: Node = { ...attributes };
  for (const child of elements) {
    const tag = tagOf(child)!;
    const value = plainElement(child);
    plain[tag] = Object.hasOwn(plain, tag) ? [...(Array.isArray(plain[tag]) ? plain[tag] : [plain[tag]]), value] : value;
  }
  return plain;
}

export type ScheduleXml = { ok: true; conference: Node; events: Ordered[] } | { ok: false; code: string; line?: number };

/** The conference (plain) and the events (still in the parser's tree) of a frab XML schedule. */
export function readScheduleXml(text: string): ScheduleXml {
  // A document type could declare entities; a schedule never needs one.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { ok: false, code: 'IMPORT_UNREADABLE', line: lineAt(text, text.search(/<!DOCTYPE|<!ENTITY/i)) };
  const tooDeep = depthExceededAt(text, MAX_XML_DEPTH);
  if (tooDeep !== -1) return { ok: false, code: 'IMPORT_TOO_DEEP', line: lineAt(text, tooDeep) };
  // The validator is deprecated in favour of a young separate package; see decision 034.
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { ok: false, code: 'IMPORT_UNREADABLE', line: valid.err.line };
  const [schedule] = elementsNamed(orderedParser.parse(text) as Ordered[], 'schedule');
  const parts = schedule ? childrenOf(schedule) : [];
  const [conference] = elementsNamed(parts, 'conference');
  const days = elementsNamed(parts, 'day');
  if (!conference && days.length === 0) return { ok: false, code: 'IMPORT_UNREADABLE' };
  const events = days.flatMap((day) => elementsNamed(childrenOf(day), 'room').flatMap((room) => elementsNamed(childrenOf(room), 'event')));
  const plainConference = conference ? plainElement(conference) : {};
  return { ok: true, conference: typeof plainConference === 'object' && plainConference !== null ? (plainConference as Node) : {}, events };
}
