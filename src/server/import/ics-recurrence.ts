/**
 * How an iCalendar VEVENT repeats, read into the product's recurrence (src/lib/recurrence.ts):
 * RRULE as written (its UNTIL too), RDATE and EXDATE as wall times of the event's zone, and the
 * VEVENTs with the series' UID and a RECURRENCE-ID as its dates' changes (STATUS:CANCELLED:
 * called off; otherwise moved to their DTSTART/DTEND). A rule the product cannot take is an issue
 * of the row, never a refusal of the file.
 */
import ICAL from 'ical.js';
import { recurrenceField, type Recurrence } from '../../lib/recurrence.ts';
import { expandOccurrences } from '../../lib/recurrence-dates.ts';
import { instantToWallTime } from '../../lib/zoned-time.ts';
import type { ImportRow } from './rows.ts';

/** The instant of one DATE-TIME (or DATE) value written with `tzid`, as the file means it. */
export type ReadInstant = (time: ICAL.Time, tzid: string | undefined) => Date | undefined;

function tzidOf(property: ICAL.Property): string | undefined {
  const tzid = property.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : undefined;
}

/** Every value of every `name` property as a wall time of `zone` (a PERIOD counts by its start). */
function wallTimes(event: ICAL.Component, name: string, zone: string, read: ReadInstant): string[] {
  return event.getAllProperties(name).flatMap((property) =>
    property.getValues().flatMap((value: unknown) => {
      const time = value instanceof ICAL.Period ? value.start : value;
      const instant = time instanceof ICAL.Time ? read(time, tzidOf(property)) : undefined;
      return instant ? [instantToWallTime(instant, zone)] : [];
    }),
  );
}

function wallOfProperty(event: ICAL.Component, name: string, zone: string, read: ReadInstant): string | undefined {
  return wallTimes(event, name, zone, read)[0];
}

/** The changes the file's overrides (VEVENTs with RECURRENCE-ID) make to a series starting with `row`. */
function readChanges(row: ImportRow, overrides: readonly ICAL.Component[], read: ReadInstant): Recurrence['changes'] {
  const duration = row.startsAt && row.endsAt ? row.endsAt.getTime() - row.startsAt.getTime() : 0;
  return overrides.flatMap((override): Recurrence['changes'] => {
    const on = wallOfProperty(override, 'recurrence-id', row.timeZone, read);
    if (!on) return [];
    if (String(override.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') return [{ on, cancelled: true }];
    const start = override.getFirstProperty('dtstart');
    const end = override.getFirstProperty('dtend');
    const startTime = start?.getFirstValue();
    const endTime = end?.getFirstValue();
    const startsAt = startTime instanceof ICAL.Time ? read(startTime, tzidOf(start!)) : undefined;
    const endsAt = endTime instanceof ICAL.Time ? read(endTime, tzidOf(end!)) : undefined;
    const startWall = startsAt ? instantToWallTime(startsAt, row.timeZone) : undefined;
    // Only what moved: an override that changes a text alone leaves its date as the rule puts it.
    const moved = startWall && startWall !== on ? startWall : undefined;
    const from = startsAt?.getTime();
    const endMoved = endsAt && from !== undefined && endsAt.getTime() !== from + duration ? instantToWallTime(endsAt, row.timeZone) : undefined;
    if (!moved && !endMoved) return [];
    return [{ on, ...(moved ? { startsAt: moved } : {}), ...(endMoved ? { endsAt: endMoved } : {}) }];
  });
}

/**
 * Sets `row.recurrence` from the VEVENT and its overrides (null when it has one date), with a
 * warning saying how many dates it has, or an issue when the product cannot take its rule.
 */
export function readRecurrence(row: ImportRow, event: ICAL.Component, overrides: readonly ICAL.Component[], read: ReadInstant): void {
  const rules = event.getAllProperties('rrule');
  const dates = wallTimes(event, 'rdate', row.timeZone, read);
  if (rules.length === 0 && dates.length === 0) {
    row.recurrence = null;
    return;
  }
  const recur = rules[0]?.getFirstValue();
  const parsed = recurrenceField.safeParse({
    rule: recur instanceof ICAL.Recur ? recur.toString() : null,
    dates,
    exdates: wallTimes(event, 'exdate', row.timeZone, read),
    changes: readChanges(row, overrides, read),
  });
  if (rules.length > 1 || (rules.length === 1 && !(recur instanceof ICAL.Recur)) || !parsed.success) {
    row.issues.push({ field: rules.length ? 'RRULE' : 'RDATE', code: 'RECURRENCE_UNSUPPORTED' });
    return;
  }
  row.recurrence = parsed.data;
  if (row.startsAt && row.endsAt) {
    const count = expandOccurrences({ startsAt: row.startsAt, endsAt: row.endsAt, timeZone: row.timeZone, recurrence: parsed.data }).length;
    row.warnings.push({ field: rules.length ? 'RRULE' : 'RDATE', code: 'REPEATS', limit: count });
  }
}
