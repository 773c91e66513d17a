/**
 * Where an event sits in the programme calendar's grid (docs/decisions/062): its day and minutes
 * in the edition's time zone, and side-by-side lanes for events that overlap in one column. Pure,
 * shared by the island and its tests.
 */
import { wallParts } from '../zoned-time.ts';

/** Minutes a grid row stands for. */
export const SLOT_MINUTES = 15;
const DAY_MINUTES = 24 * 60;

/** An event placed on one day: minutes from that day's midnight, end clipped to the day. */
export interface Placed {
  id: number;
  day: string;
  startMinute: number;
  endMinute: number;
}

const pad = (n: number | undefined, width = 2) => String(n ?? 0).padStart(width, '0');

/** The day (`YYYY-MM-DD`) and minute of the day of instant `ms` on the wall clocks of `zone`. */
export function wallDayAndMinute(ms: number, zone: string): { day: string; minute: number } {
  const p = wallParts(ms, zone);
  return { day: `${pad(p['year'], 4)}-${pad(p['month'])}-${pad(p['day'])}`, minute: (p['hour'] ?? 0) * 60 + (p['minute'] ?? 0) };
}

/** An event on the day it starts (in `zone`); it runs to the end of that day at most. */
export function placeEvent(event: { id: number; startMs: number; endMs: number }, zone: string): Placed {
  const { day, minute } = wallDayAndMinute(event.startMs, zone);
  const length = Math.max(0, Math.round((event.endMs - event.startMs) / 60_000));
  return { id: event.id, day, startMinute: minute, endMinute: Math.min(DAY_MINUTES, minute + length) };
}

/** The rows an event takes: at least one slot, so an event with no length still shows. */
export function slotRange(placed: Pick<Placed, 'startMinute' | 'endMinute'>, firstMinute: number): { from: number; to: number } {
  const from = Math.floor((placed.startMinute - firstMinute) / SLOT_MINUTES);
  const to = Math.max(from + 1, Math.ceil((placed.endMinute - firstMinute) / SLOT_MINUTES));
  return { from, to };
}

/**
 * Lanes within one column: each event takes the first lane free at its start, so overlapping
 * events stand side by side; `lanes` is how many the column needs.
 */
export function assignLanes(placed: readonly Pick<Placed, 'id' | 'startMinute' | 'endMinute'>[]): { lanes: number; laneOf: Map<number, number> } {
  const laneEnds: number[] = [];
  const laneOf = new Map<number, number>();
  const ordered = [...placed].sort((a, b) => a.startMinute - b.startMinute || b.endMinute - a.endMinute || a.id - b.id);
  for (const item of ordered) {
    const end = Math.max(item.endMinute, item.startMinute + 1);
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= item.startMinute);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = end;
    laneOf.set(item.id, lane);
  }
  return { lanes: Math.max(1, laneEnds.length), laneOf };
}

/**
 * The hours the grid shows: whole hours around the events with one spare hour either side (room to
 * drop an event before or after the others), 09:00–18:00 when there are none.
 */
export function visibleMinutes(placed: readonly Pick<Placed, 'startMinute' | 'endMinute'>[]): { first: number; last: number } {
  if (placed.length === 0) return { first: 9 * 60, last: 18 * 60 };
  const first = Math.max(0, Math.floor(Math.min(...placed.map((p) => p.startMinute)) / 60) * 60 - 60);
  const last = Math.ceil(Math.max(...placed.map((p) => Math.max(p.endMinute, p.startMinute + SLOT_MINUTES))) / 60) * 60 + 60;
  return { first, last: Math.min(DAY_MINUTES, last) };
}

/** The days from `fromDay` to `toDay` inclusive (`YYYY-MM-DD`), at most `cap` of them. */
export function daysBetween(fromDay: string, toDay: string, cap = 366): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${fromDay}T00:00:00Z`); days.length < cap; ms += 86_400_000) {
    const day = new Date(ms).toISOString().slice(0, 10);
    if (day > toDay) break;
    days.push(day);
  }
  return days;
}

/** The days of the week (seven from the edition's first day on) that holds `day`. */
export function weekOf(days: readonly string[], day: string): string[] {
  const index = Math.max(0, days.indexOf(day));
  const start = index - (index % 7);
  return days.slice(start, start + 7);
}
