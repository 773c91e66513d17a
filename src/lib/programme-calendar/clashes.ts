/**
 * Clashes of a programme (docs/decisions/062): two events in one place at once (same venue, and
 * the same room or a room left blank), or one curator or organizer in two events at once.
 * Cancelled events clash with nothing. Pure, so the server computes it and tests state it.
 */
import { roomKey } from './places.ts';

/** What clash detection reads of an event: instants in milliseconds, ids of who and where. */
export interface ClashInput {
  id: number;
  startMs: number;
  endMs: number;
  venueId: number | null;
  room: string | null;
  curatorIds: readonly number[];
  organizerIds: readonly number[];
  cancelled: boolean;
}

export type ClashKind = 'venue' | 'curator' | 'organizer';

/** Two events that overlap on one venue, curator or organizer (`subjectId`), and when they overlap. */
export interface Clash {
  kind: ClashKind;
  subjectId: number;
  /** A venue clash in one room: that room (as the first event writes it). */
  room?: string;
  eventIds: [number, number];
  fromMs: number;
  untilMs: number;
}

/** True when the two ranges share time; an event with no length occupies its start minute. */
export function overlaps(a: Pick<ClashInput, 'startMs' | 'endMs'>, b: Pick<ClashInput, 'startMs' | 'endMs'>): boolean {
  const aEnd = Math.max(a.endMs, a.startMs + 60_000);
  const bEnd = Math.max(b.endMs, b.startMs + 60_000);
  return a.startMs < bEnd && b.startMs < aEnd;
}

/** One room, or a room left blank on either (the venue as a whole, so it may be any of its rooms). */
const sameRoom = (a: string | null, b: string | null) => !roomKey(a) || !roomKey(b) || roomKey(a) === roomKey(b);

/** Every clash among `events`, each pair once per subject, ordered by when it starts. */
export function findClashes(events: readonly ClashInput[]): Clash[] {
  const live = [...events].filter((event) => !event.cancelled).sort((a, b) => a.startMs - b.startMs || a.id - b.id);
  const clashes: Clash[] = [];
  for (let i = 0; i < live.length; i++) {
    const a = live[i]!;
    for (let j = i + 1; j < live.length; j++) {
      const b = live[j]!;
      // Sorted by start: once b starts after a ends, no later event can overlap a either.
      if (b.startMs >= Math.max(a.endMs, a.startMs + 60_000)) break;
      if (!overlaps(a, b)) continue;
      const at = { eventIds: [a.id, b.id] as [number, number], fromMs: Math.max(a.startMs, b.startMs), untilMs: Math.min(a.endMs, b.endMs) };
      if (a.venueId !== null && a.venueId === b.venueId && sameRoom(a.room, b.room)) {
        const room = a.room?.trim() || b.room?.trim();
        clashes.push({ kind: 'venue', subjectId: a.venueId, ...(room ? { room } : {}), ...at });
      }
      for (const id of a.curatorIds) if (b.curatorIds.includes(id)) clashes.push({ kind: 'curator', subjectId: id, ...at });
      for (const id of a.organizerIds) if (b.organizerIds.includes(id)) clashes.push({ kind: 'organizer', subjectId: id, ...at });
    }
  }
  return clashes.sort((x, y) => x.fromMs - y.fromMs || x.eventIds[0] - y.eventIds[0]);
}
