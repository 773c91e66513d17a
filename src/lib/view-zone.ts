/**
 * The visitor's own time zone (`?tz=<IANA zone>`): reading it, and moving a page's times into it.
 * Times stay in each event's zone unless a visitor asks; then every time on the page is shown,
 * and grouped into days, in the zone they chose.
 */
import { groupByDay, type EventPhase, type ProgrammeDay } from './programme.ts';
import { isKnownTimeZone } from './zoned-time.ts';

/** The query parameter naming the visitor's zone. */
export const VIEW_ZONE_PARAM = 'tz';

export type ViewZone =
  /** No `tz`: each time in its event's zone. */
  | { kind: 'default' }
  /** `tz=` sent empty (the select's "event's zone" choice): the default view under another URL. */
  | { kind: 'empty' }
  | { kind: 'zone'; zone: string }
  | { kind: 'invalid'; value: string };

/** Longest IANA name is 32 characters; anything much longer is not a zone. */
const MAX_ZONE_LENGTH = 64;

/** Reads `tz` from a query string. Zone names are matched without case, as `Intl` does, and returned as `Intl` spells them. */
export function parseViewZone(params: URLSearchParams): ViewZone {
  const values = params.getAll(VIEW_ZONE_PARAM);
  if (values.length === 0) return { kind: 'default' };
  const value = values[0]!.trim();
  if (values.length === 1 && value === '') return { kind: 'empty' };
  if (values.length > 1 || value.length > MAX_ZONE_LENGTH || !/^[A-Za-z0-9_+\-/]+$/.test(value) || !isKnownTimeZone(value)) {
    return { kind: 'invalid', value: values.join(', ').slice(0, MAX_ZONE_LENGTH) };
  }
  return { kind: 'zone', zone: new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone };
}

/** The zone a page shows its times in, or null for each event's own. */
export function shownZoneOf(view: ViewZone): string | null {
  return view.kind === 'zone' ? view.zone : null;
}

/** Items with their times told in `zone` (unchanged when null). */
export function inZone<T extends { timeZone: string }>(items: readonly T[], zone: string | null): T[] {
  return zone ? items.map((item) => ({ ...item, timeZone: zone })) : [...items];
}

/**
 * A day-grouped programme regrouped by the days of `zone`: an evening event in Paris is the next
 * morning in Tokyo. Days come out oldest first, or newest first for a list of past events.
 */
export function regroupInZone<T extends { timeZone: string; startsAt: Date; endsAt: Date; phase: EventPhase }>(
  days: readonly ProgrammeDay<T>[],
  zone: string | null,
  { newestFirst = false } = {},
): ProgrammeDay<T>[] {
  if (!zone) return [...days];
  const regrouped = groupByDay(
    inZone(
      days.flatMap((day) => day.events),
      zone,
    ),
  );
  return newestFirst ? regrouped.reverse() : regrouped;
}

/** `query` with the visitor's zone appended as asked (an unknown one as given, so it can be refused); none for the default. */
export function withViewZone(query: URLSearchParams, view: ViewZone): URLSearchParams {
  const result = new URLSearchParams(query);
  if (view.kind === 'zone') result.set(VIEW_ZONE_PARAM, view.zone);
  if (view.kind === 'invalid') result.set(VIEW_ZONE_PARAM, view.value);
  return result;
}
