/**
 * A frab XML schedule of events as this product's exporter writes it (`/{locale}/hub/edition/
 * {slug}/schedule.xml`): `<schedule><conference>…<day><room><event guid=…>` with the event's
 * date and its offset in the event's zone, `HH:MM` start and duration, the room, the title, the
 * track (first tag) and the persons (organizers). The import round-trip test builds the file
 * here until it reads the exporter's own answer instead (see tests/integration/import.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { wallParts, zoneOffsetMs } from '../../src/lib/zoned-time.ts';

export interface ExportedEvent {
  id: number;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  room: string | null;
  track: string | null;
  persons: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `2031-06-12T10:00:00+02:00` for an instant on the clocks of `zone`. */
function withOffset(instant: Date, zone: string): string {
  const p = wallParts(instant.getTime(), zone);
  const offset = Math.round(zoneOffsetMs(instant.getTime(), zone) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const wall = `${p['year']}-${pad(p['month']!)}-${pad(p['day']!)}T${pad(p['hour']!)}:${pad(p['minute']!)}:${pad(p['second']!)}`;
  return `${wall}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** The schedule of `events`; each event's GUID is stable for its id (`namespace` + id). */
export function frabScheduleXml(title: string, zone: string, events: readonly ExportedEvent[], namespace = randomUUID().slice(0, 8)): string {
  const days = new Map<string, ExportedEvent[]>();
  for (const event of events) {
    const key = withOffset(new Date(event.startsAt), zone).slice(0, 10);
    days.set(key, [...(days.get(key) ?? []), event]);
  }
  const dayXml = [...days].map(([date, list], index) => {
    const rooms = new Map<string, ExportedEvent[]>();
    for (const event of list) rooms.set(event.room ?? '', [...(rooms.get(event.room ?? '') ?? []), event]);
    const roomXml = [...rooms].map(([room, roomEvents]) => {
      const eventXml = roomEvents.map((event) => {
        const start = new Date(event.startsAt);
        const minutes = Math.round((new Date(event.endsAt).getTime() - start.getTime()) / 60_000);
        const date = withOffset(start, event.timeZone);
        return `      <event guid="${namespace}-0000-4000-8000-${String(event.id).padStart(12, '0')}" id="${event.id}">
        <room>${escape(room)}</room>
        <title>${escape(event.title)}</title>
        <subtitle></subtitle>
        <type>Event</type>
        <date>${date}</date>
        <start>${date.slice(11, 16)}</start>
        <duration>${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}</duration>
        <abstract></abstract>
        <slug>event-${event.id}</slug>
        <track>${escape(event.track ?? '')}</track>
        <persons>${event.persons.map((name, i) => `<person id="${i + 1}">${escape(name)}</person>`).join('')}</persons>
        <language>en</language>
      </event>`;
      });
      return `    <room name="${escape(room)}">\n${eventXml.join('\n')}\n    </room>`;
    });
    return `  <day index="${index + 1}" date="${date}">\n${roomXml.join('\n')}\n  </day>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<schedule>
  <version>1</version>
  <conference>
    <acronym>${escape(title.toLowerCase().replace(/\W+/g, '-'))}</acronym>
    <title>${escape(title)}</title>
    <time_zone_name>${zone}</time_zone_name>
  </conference>
${dayXml.join('\n')}
</schedule>
`;
}
