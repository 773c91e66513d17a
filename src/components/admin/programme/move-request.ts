/**
 * A move of the programme calendar as the event's own edit form would save it (docs/decisions/062):
 * the form's starting point (the working copy, when there is one), the new start, end and venue
 * put in, and the form's patch body sent to the form's endpoint — `PUT …/draft` for a published
 * event or one holding a copy, `PATCH` otherwise — on the versions the calendar showed, so a
 * stale move is the form's 409. Pure, so it is unit-tested.
 */
import { collections } from '../../../lib/collections/index.ts';
import { paths } from '../../../lib/paths.ts';
import { instantToWallTime } from '../../../lib/zoned-time.ts';
import { buildPatchBody } from '../lib/payload.ts';
import { editsThroughCopy, startOf } from '../edit-form/working-copy-state.ts';

/** Where an event goes: a new start instant (the length is kept) and venue. */
export interface MoveTarget {
  startMs: number;
  venueId: number | null;
}

/** What the calendar knows of the event: the versions it showed. */
export interface MovedEvent {
  id: number;
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

/** The request that moves `event` to `target`, from `item` (the event's GET). */
export function buildMoveRequest(item: Record<string, unknown>, event: MovedEvent, target: MoveTarget): MoveRequest {
  const config = collections.events;
  const { base, shown } = startOf(config.draft, item);
  const zone = typeof shown['timeZone'] === 'string' && shown['timeZone'] ? shown['timeZone'] : 'UTC';
  const length = Date.parse(event.endsAt) - Date.parse(event.startsAt);
  const moved = {
    ...shown,
    startsAt: instantToWallTime(new Date(target.startMs), zone),
    endsAt: instantToWallTime(new Date(target.startMs + Math.max(0, length)), zone),
    venueId: target.venueId,
  };
  // The versions the calendar showed, not the ones just read: a save made since is a 409.
  const body = { ...buildPatchBody(config.draft, base, moved), version: event.version };
  if (editsThroughCopy(config, item)) {
    return { method: 'PUT', path: paths.adminApiWorkingCopy('events', event.id), body: { ...body, copyVersion: event.draft?.version ?? null } };
  }
  return { method: 'PATCH', path: paths.adminApi('events', event.id), body };
}
