/**
 * The JSON twin of `schedule.xml` (the c3voc `schema.json`, as pretalx and frab export it): the
 * same days, rooms and events, plus each event's exact `end`.
 */
import { EXTRAS_JSON_MEMBER } from './extras.ts';
import { TIMESLOT_DURATION, type Schedule } from './model.ts';

/** The JSON schema the document declares (c3voc's published `$id`). */
export const SCHEDULE_JSON_SCHEMA = 'https://c3voc.de/schedule/schema.json';

/** The time zone, when it has the `Area/City` shape the JSON schema accepts (`UTC` too). */
const zoneName = (zone: string) => (/^([A-Z][a-z]+\/[A-Z][a-z]+)|UTC$/.test(zone) ? { time_zone_name: zone } : {});

/** The schedule as the JSON document (an object; the route serializes it). */
export function scheduleToJson(schedule: Schedule) {
  const { conference } = schedule;
  return {
    $schema: SCHEDULE_JSON_SCHEMA,
    generator: { name: 'Edition Hub' },
    schedule: {
      url: schedule.jsonUrl,
      version: schedule.version,
      base_url: schedule.baseUrl,
      conference: {
        acronym: conference.acronym,
        title: conference.title,
        start: conference.start,
        end: conference.end,
        daysCount: conference.daysCount,
        timeslot_duration: TIMESLOT_DURATION,
        ...zoneName(conference.timeZone),
        url: conference.url,
        tracks: conference.tracks.map((name) => ({ name })),
        rooms: conference.rooms.map((room) => ({ name: room.name, guid: room.guid })),
        days: schedule.days.map((day) => ({
          index: day.index,
          date: day.date,
          day_start: day.start,
          day_end: day.end,
          rooms: Object.fromEntries(
            day.rooms.map(({ room, events }) => [
              room.name,
              events.map((event) => ({
                guid: event.guid,
                id: event.id,
                date: event.date,
                start: event.start,
                end: event.end,
                duration: event.duration,
                room: event.room,
                slug: event.slug,
                url: event.url,
                title: event.title,
                subtitle: null,
                track: event.track,
                type: event.type,
                language: event.language,
                abstract: event.abstract,
                description: event.description,
                persons: event.persons.map((person) => ({ guid: person.guid, name: person.name, url: person.url })),
                links: event.links.map((link) => ({ type: 'web', url: link.url, title: link.title })),
              })),
            ]),
          ),
        })),
      },
      // What the schema has no member for, by event GUID (extras.ts): `schedule` is its one open object.
      [EXTRAS_JSON_MEMBER]: {
        events: Object.fromEntries(schedule.days.flatMap((day) => day.rooms.flatMap(({ events }) => events.map((event) => [event.guid, event.extras])))),
      },
    },
  };
}
