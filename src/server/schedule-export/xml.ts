/**
 * frab's `schedule.xml` (the c3voc schema.xsd) of a schedule. Written with the feeds' XML
 * escaping (docs/decisions/023): every text and attribute goes through `escapeXml`.
 */
import { escapeXml } from '../feeds/rss.ts';
import { encodeExtras, EXTRAS_XML_TARGET } from './extras.ts';
import { TIMESLOT_DURATION, type Schedule, type ScheduleEvent } from './model.ts';

type Attributes = Record<string, string | number | undefined>;

const attributes = (attrs: Attributes) =>
  Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');

/** `<name a="…">text</name>`, or `<name a="…"/>` without text. */
const element = (name: string, text: string | null, attrs: Attributes = {}) =>
  text === null || text === '' ? `<${name}${attributes(attrs)}/>` : `<${name}${attributes(attrs)}>${escapeXml(text)}</${name}>`;

/** One `<event>`: the schema's `xs:all` takes its children in any order. */
function eventXml(event: ScheduleEvent, indent: string): string {
  const inner = `${indent}  `;
  const lines = [
    element('date', event.date),
    element('start', event.start),
    element('duration', event.duration),
    element('room', event.room),
    element('slug', event.slug),
    element('url', event.url),
    element('title', event.title),
    element('track', event.track ?? ''),
    element('type', event.type),
    element('language', event.language),
    element('abstract', event.abstract ?? ''),
    element('description', event.description ?? ''),
    `<persons>${event.persons.map((person) => element('person', person.name, { guid: person.guid })).join('')}</persons>`,
    `<links>${event.links.map((link) => element('link', link.title, { href: link.url })).join('')}</links>`,
    // What the XSD has no element for (extras.ts); base64url needs no escaping.
    `<?${EXTRAS_XML_TARGET} data="${encodeExtras(event.extras)}"?>`,
  ];
  return `${indent}<event${attributes({ guid: event.guid, id: event.id })}>\n${lines.map((line) => `${inner}${line}`).join('\n')}\n${indent}</event>`;
}

/** The schedule as a `schedule.xml` document (UTF-8). */
export function scheduleToXml(schedule: Schedule): string {
  const { conference } = schedule;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<schedule>',
    `  ${element('generator', null, { name: 'Edition Hub' })}`,
    `  ${element('url', schedule.xmlUrl)}`,
    `  ${element('version', schedule.version)}`,
    '  <conference>',
    `    ${element('title', conference.title)}`,
    `    ${element('acronym', conference.acronym)}`,
    `    ${element('start', conference.start)}`,
    `    ${element('end', conference.end)}`,
    `    ${element('days', String(conference.daysCount))}`,
    `    ${element('timeslot_duration', TIMESLOT_DURATION)}`,
    `    ${element('base_url', schedule.baseUrl)}`,
    `    ${element('url', conference.url)}`,
    `    ${element('time_zone_name', conference.timeZone)}`,
    ...conference.tracks.map((track) => `    ${element('track', null, { name: track })}`),
    '  </conference>',
  ];
  for (const day of schedule.days) {
    out.push(`  <day${attributes({ index: day.index, date: day.date, start: day.start, end: day.end })}>`);
    for (const { room, events } of day.rooms) {
      out.push(`    <room${attributes({ name: room.name, guid: room.guid })}>`);
      for (const event of events) out.push(eventXml(event, '      '));
      out.push('    </room>');
    }
    out.push('  </day>');
  }
  out.push('</schedule>', '');
  return out.join('\n');
}
