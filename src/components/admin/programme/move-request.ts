/**
 * A move of the programme calendar as the event's own edit form would save it (docs/decisions/062):
 * the form's starting point (the working copy, when there is one), the new start, end and venue
 * put in, and the form's patch body sent to the form's endpoint — `PUT …/draft` for a published
 * event or one holding a copy, `PATCH` otherwise — on the versions the calendar showed, so a
 * stale move is the form's 409. A later date of a repeating event is moved alone: the series'
 * form gets an exception for that date (`recurrence.changes`, docs/decisions/049): its times,
 * and its venue and room when they differ from the series'. Pure, so it is unit-tested.
 */
import { eventsCollection } from '../../../lib/collections/events.ts';
import { paths } from '../../../lib/paths.ts';
import { placeKey } from '../../../lib/programme-calendar/places.ts';
import { recurrenceField, type DatePlace, type Recurrence } from '../../../lib/recurrence.ts';
import { instantToWallTime, wallTimeToInstant } from '../../../lib/zoned-time.ts';
import { buildPatchBody } from '../lib/payload.ts';
import { editsThroughCopy, startOf } from '../edit-form/working-copy-state.ts';

/** Where an event goes: a new start instant (the length is kept), venue and room. */
export interface MoveTarget {
  startMs: number;
  venueId: number | null;
  room: string | null;
}

/** What the calendar knows of the event: the versions it showed. */
export interface MovedEvent {
  id: number;
  seriesId: number | null;
  occurrenceKey: string | null;
  startsAt: string;
  endsAt: string;
  version: number;
  draft: { version: number } | null;
}

export interface MoveRequest {
  method: 'PATCH' | 'PUT';
  path: string;
  body: Record<string, unknown>;
}

/**
 * The series' recurrence with date `key` moved to start at `startMs` and last `lengthMs` (in
 * `zone`), held in `place` when given (else in the series' place); a date put back where its rule
 * gives it, in the series' place, loses its change (unless it is cancelled).
 */
export function moveOccurrence(
  recurrence: Recurrence,
  key: string,
  startMs: number,
  lengthMs: number,
  seriesLengthMs: number,
  zone: string,
  place?: DatePlace,
): Recurrence {
  const startsAt = instantToWallTime(new Date(startMs), zone);
  const endsAt = instantToWallTime(new Date(startMs + Math.max(0, lengthMs)), zone);
  const previous = recurrence.changes.find((change) => change.on === key);
  const atRule = startsAt === key && lengthMs === seriesLengthMs;
  const others = recurrence.changes.filter((change) => change.on !== key);
  const change = {
    on: key,
    ...(previous?.cancelled ? { cancelled: true } : {}),
    ...(atRule ? {} : { startsAt, endsAt }),
    ...(place?.venueId !== undefined ? { venueId: place.venueId } : {}),
    ...(place?.room !== undefined ? { room: place.room } : {}),
  };
  return { ...recurrence, changes: Object.keys(change).length > 1 ? [...others, change] : others };
}

/**
 * What a date's change says of `target`'s place: nothing when it is the series' own (rooms
 * compared as the calendar's columns compare them), else the venue and its room. A date cannot
 * be left without a venue its series has: the calendar does not offer it.
 */
export function datePlace(series: { venueId: number | null; room: string | null }, target: Pick<MoveTarget, 'venueId' | 'room'>): DatePlace | undefined {
  if (target.venueId === null || placeKey(target.venueId, target.room) === placeKey(series.venueId, series.room)) return undefined;
  const room = target.room?.trim();
  return room ? { venueId: target.venueId, room } : { venueId: target.venueId };
}

/** The item a move reads and saves: one date of a series is edited in its series' form. */
export const movedItemId = (event: Pick<MovedEvent, 'id' | 'seriesId'>): number => event.seriesId ?? event.id;

/** The request that moves `event` to `target`, from `item` (the event's GET; the series' for a later date). */
export function buildMoveRequest(item: Record<string, unknown>, event: MovedEvent, target: MoveTarget): MoveRequest {
  const config = eventsCollection;
  const { base, shown } = startOf(config.draft, item);
  const zone = typeof shown['timeZone'] === 'string' && shown['timeZone'] ? shown['timeZone'] : 'UTC';
  const length = Date.parse(event.endsAt) - Date.parse(event.startsAt);
  const itemId = movedItemId(event);
  let moved: typeof shown;
  if (event.seriesId !== null && event.occurrenceKey) {
    const parsed = recurrenceField.safeParse(shown['recurrence'] ?? {});
    const recurrence = parsed.success ? parsed.data : recurrenceField.parse({});
    const instant = (wall: unknown) => (typeof wall === 'string' ? (wallTimeToInstant(wall, zone)?.getTime() ?? 0) : 0);
    const seriesLength = instant(shown['endsAt']) - instant(shown['startsAt']);
    const seriesPlace = {
      venueId: typeof shown['venueId'] === 'number' ? shown['venueId'] : null,
      room: typeof shown['room'] === 'string' ? shown['room'] : null,
    };
    const place = datePlace(seriesPlace, target);
    moved = { ...shown, recurrence: moveOccurrence(recurrence, event.occurrenceKey, target.startMs, length, seriesLength, zone, place) };
  } else {
    moved = {
      ...shown,
      startsAt: instantToWallTime(new Date(target.startMs), zone),
      endsAt: instantToWallTime(new Date(target.startMs + Math.max(0, length)), zone),
      venueId: target.venueId,
      room: target.room,
    };
  }
  // The versions the calendar showed, not the ones just read: a save made since is a 409.
  const body = { ...buildPatchBody(config.draft, base, moved), version: event.version };
  if (editsThroughCopy(config, item)) {
    return { method: 'PUT', path: paths.adminApiWorkingCopy('events', itemId), body: { ...body, copyVersion: event.draft?.version ?? null } };
  }
  return { method: 'PATCH', path: paths.adminApi('events', itemId), body };
}
