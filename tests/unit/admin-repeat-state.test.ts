/** The event form's "Repeats" controls as a reducer: each action, the dates listed, and where the API's errors go. */
import { describe, expect, it } from 'vitest';
import {
  listDates,
  modeOf,
  repeatReducer,
  seriesDateCount,
  sortRepeatErrors,
  staleExceptions,
  weekdayOf,
  type FirstDate,
  type RepeatAction,
} from '../../src/components/admin/repeat/repeat-state.ts';

import type { Recurrence } from '../../src/lib/recurrence.ts';
import { expandOccurrences } from '../../src/lib/recurrence-dates.ts';

/** Wednesday 5 March 2031, 18:30–21:00 in Paris. */
const first: FirstDate = { startsAt: '2031-03-05T18:30', endsAt: '2031-03-05T21:00', timeZone: 'Europe/Paris' };

function run(start: Recurrence | null, ...actions: RepeatAction[]): Recurrence | null {
  return actions.reduce<Recurrence | null>((recurrence, action) => repeatReducer(recurrence, action, first), start);
}

const weekly = (rule: string): Recurrence => ({ rule, dates: [], exdates: [], changes: [] });

describe('the rule controls', () => {
  it('makes a weekly rule on the first date’s weekday, then on the weekdays ticked, until a day', () => {
    expect(weekdayOf(first.startsAt)).toBe('WE');
    expect(run(null, { type: 'mode', mode: 'WEEKLY' })?.rule).toBe('FREQ=WEEKLY;BYDAY=WE');
    const rule = run(
      null,
      { type: 'mode', mode: 'WEEKLY' },
      { type: 'weekday', day: 'FR', on: true },
      { type: 'interval', interval: 2 },
      { type: 'end', end: 'until' },
      { type: 'until', until: '2031-04-30' },
    )?.rule;
    expect(rule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=WE,FR;UNTIL=20310430T235959');
  });

  it('ends after a number of dates, or never', () => {
    const counted = run(null, { type: 'mode', mode: 'DAILY' }, { type: 'end', end: 'count' }, { type: 'count', count: 5 });
    expect(counted?.rule).toBe('FREQ=DAILY;COUNT=5');
    expect(run(counted, { type: 'end', end: 'never' })?.rule).toBe('FREQ=DAILY');
  });

  it('keeps the interval and the end when the frequency changes, and weekdays only for weekly', () => {
    expect(run(weekly('FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,TH;COUNT=4'), { type: 'mode', mode: 'MONTHLY' })?.rule).toBe('FREQ=MONTHLY;INTERVAL=3;COUNT=4');
  });

  it('"does not repeat" saves null, unless extra dates remain', () => {
    expect(run(weekly('FREQ=DAILY'), { type: 'mode', mode: 'none' })).toBeNull();
    const withDate = { ...weekly('FREQ=DAILY'), dates: ['2031-06-01T18:30'] };
    expect(run(withDate, { type: 'mode', mode: 'none' })).toEqual({ ...withDate, rule: null });
  });

  it('shows a rule the simple controls cannot say as text, and keeps it as typed', () => {
    const imported = weekly('FREQ=MONTHLY;BYDAY=1SA');
    expect(modeOf(imported)).toBe('custom');
    expect(modeOf(weekly('FREQ=WEEKLY;BYDAY=MO'))).toBe('WEEKLY');
    expect(modeOf(null)).toBe('none');
    expect(run(imported, { type: 'mode', mode: 'custom' })).toEqual(imported);
    expect(run(imported, { type: 'ruleText', text: 'FREQ=MONTHLY;BYDAY=-1SU' })?.rule).toBe('FREQ=MONTHLY;BYDAY=-1SU');
  });
});

describe('dates and their exceptions', () => {
  const series = weekly('FREQ=WEEKLY;COUNT=4');

  it('adds extra dates a week after the last, changes and removes them', () => {
    const added = run(series, { type: 'addDate' }, { type: 'addDate' });
    expect(added?.dates).toEqual(['2031-03-12T18:30', '2031-03-19T18:30']);
    expect(run(added, { type: 'changeDate', index: 0, wall: '2031-05-01T10:00' }, { type: 'removeDate', index: 1 })?.dates).toEqual(['2031-05-01T10:00']);
    expect(run(null, { type: 'addDate' }, { type: 'removeDate', index: 0 })).toBeNull();
  });

  it('removes and restores a date, cancels and moves it, and undoes each', () => {
    const key = '2031-03-12T18:30';
    const changed = run(
      series,
      { type: 'exclude', key: '2031-03-26T18:30' },
      { type: 'cancel', key },
      { type: 'move', key: '2031-03-19T18:30', startsAt: '2031-03-20T20:00', endsAt: '2031-03-20T22:30' },
    );
    expect(changed?.exdates).toEqual(['2031-03-26T18:30']);
    expect(changed?.changes).toEqual([
      { on: key, cancelled: true },
      { on: '2031-03-19T18:30', startsAt: '2031-03-20T20:00', endsAt: '2031-03-20T22:30' },
    ]);
    const undone = run(changed, { type: 'include', key: '2031-03-26T18:30' }, { type: 'uncancel', key }, { type: 'unmove', key: '2031-03-19T18:30' });
    expect(undone).toEqual(series);
  });

  it('holds a date in another venue and room, clears each, and drops a change left empty', () => {
    const key = '2031-03-19T18:30';
    const placed = run(series, { type: 'placeVenue', key, venueId: 9 }, { type: 'placeRoom', key, room: 'Studio ' });
    expect(placed?.changes).toEqual([{ on: key, venueId: 9, room: 'Studio ' }]);
    expect(run(placed, { type: 'placeRoom', key, room: '  ' })?.changes).toEqual([{ on: key, venueId: 9 }]);
    expect(run(placed, { type: 'placeVenue', key, venueId: null })?.changes).toEqual([{ on: key, room: 'Studio ' }]);
    // Back in the series' place, a date with no other change has none; a moved one keeps its times.
    expect(run(placed, { type: 'unplace', key })).toEqual(series);
    const moved = run(placed, { type: 'move', key, startsAt: '2031-03-20T20:00', endsAt: '2031-03-20T22:30' }, { type: 'unplace', key });
    expect(moved?.changes).toEqual([{ on: key, startsAt: '2031-03-20T20:00', endsAt: '2031-03-20T22:30' }]);
  });

  it('lists every date with what was done to it, removed ones included so they can be restored', () => {
    const changed = run(
      series,
      { type: 'exclude', key: '2031-03-26T18:30' },
      { type: 'cancel', key: '2031-03-12T18:30' },
      { type: 'move', key: '2031-03-19T18:30', startsAt: '2031-03-20T20:00', endsAt: '2031-03-20T22:30' },
    );
    const rows = listDates(first, changed, expandOccurrences);
    expect(rows.map((row) => [row.key, row.first, row.removed, row.cancelled, row.moved, row.changeIndex])).toEqual([
      ['2031-03-05T18:30', true, false, false, false, -1],
      ['2031-03-12T18:30', false, false, true, false, 0],
      ['2031-03-19T18:30', false, false, false, true, 1],
      ['2031-03-26T18:30', false, true, false, false, -1],
    ]);
    // 20:00 in Paris is 19:00 UTC in March (before the clock change).
    expect(rows[2]?.startsAt.toISOString()).toBe('2031-03-20T19:00:00.000Z');
    expect(listDates({ ...first, startsAt: '' }, changed, expandOccurrences)).toEqual([]);
  });

  it('lists the exceptions of dates the series no longer has, and forgets them on request', () => {
    const changed = run(series, { type: 'exclude', key: '2031-03-26T18:30' }, { type: 'cancel', key: '2031-03-12T18:30' });
    // Two dates instead of four: 26 March is gone, 12 March stays.
    const shorter = run(changed, { type: 'end', end: 'count' }, { type: 'count', count: 2 });
    const stale = staleExceptions(shorter, listDates(first, shorter, expandOccurrences));
    expect(stale).toEqual(['2031-03-26T18:30']);
    expect(run(shorter, { type: 'forget', keys: stale })).toEqual({ ...shorter, exdates: [] });
    expect(staleExceptions(changed, listDates(first, changed, expandOccurrences))).toEqual([]);
  });

  it('counts a listed event’s dates as visitors see them: removed ones left out, cancelled ones in', () => {
    const item = { startsAt: '2031-03-05T17:30:00.000Z', endsAt: '2031-03-05T20:00:00.000Z', timeZone: 'Europe/Paris' };
    const recurrence = { ...series, exdates: ['2031-03-26T18:30'], changes: [{ on: '2031-03-12T18:30', cancelled: true }] };
    expect(seriesDateCount({ ...item, recurrence }, expandOccurrences)).toBe(3);
    expect(seriesDateCount({ ...item, recurrence: null }, expandOccurrences)).toBeNull();
  });
});

describe('the API’s errors under recurrence', () => {
  it('go to the rule, an extra date, a changed date’s start or end, or the group', () => {
    const sorted = sortRepeatErrors({
      'recurrence.rule': ['RECURRENCE_RULE_INVALID'],
      'recurrence.dates.1': ['INVALID_DATETIME'],
      'recurrence.changes.0.endsAt': ['END_BEFORE_START'],
      'recurrence.changes.0.startsAt': ['INVALID_DATETIME'],
      'recurrence.exdates': ['TOO_MANY'],
      slug: ['SLUG_TAKEN'],
    });
    expect(sorted.rule).toEqual(['RECURRENCE_RULE_INVALID']);
    expect([...sorted.dates]).toEqual([[1, ['INVALID_DATETIME']]]);
    expect(sorted.changes.get(0)).toEqual({ startsAt: ['INVALID_DATETIME'], endsAt: ['END_BEFORE_START'], venueId: [], room: [], other: [] });
    expect(sorted.group).toEqual(['TOO_MANY']);
  });

  it("go to a changed date's venue and room", () => {
    const sorted = sortRepeatErrors({ 'recurrence.changes.2.venueId': ['DANGLING_REFERENCE'], 'recurrence.changes.2.room': ['TOO_LONG'] });
    expect(sorted.changes.get(2)).toEqual({ startsAt: [], endsAt: [], venueId: ['DANGLING_REFERENCE'], room: ['TOO_LONG'], other: [] });
  });
});
