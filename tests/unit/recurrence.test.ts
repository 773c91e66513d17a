import { describe, expect, it } from 'vitest';
import { MAX_OCCURRENCES, formatSimpleRule, placeOfDate, readSimpleRule, recurrenceField, type Recurrence } from '../../src/lib/recurrence.ts';
import { expandOccurrences, parseRule, ruleWallTimes } from '../../src/lib/recurrence-dates.ts';

const none: Recurrence = { rule: null, dates: [], exdates: [], changes: [] };
const series = (recurrence: Partial<Recurrence> | null, start = '2027-03-23T17:00:00Z', end = '2027-03-23T19:00:00Z', timeZone = 'Europe/Paris') => ({
  startsAt: new Date(start),
  endsAt: new Date(end),
  timeZone,
  recurrence: recurrence ? { ...none, ...recurrence } : null,
});
const starts = (list: { startsAt: Date }[]) => list.map((o) => o.startsAt.toISOString());

describe('repeating events', () => {
  it('gives a single event one date, its own', () => {
    expect(expandOccurrences(series(null))).toEqual([
      { key: '2027-03-23T18:00', startsAt: new Date('2027-03-23T17:00:00Z'), endsAt: new Date('2027-03-23T19:00:00Z'), cancelled: false, moved: false },
    ]);
    expect(expandOccurrences(series(none))).toHaveLength(1);
  });

  it('keeps the wall time across a clock change: a weekly 18:00 in Paris stays 18:00 after 28 March', () => {
    const dates = expandOccurrences(series({ rule: 'FREQ=WEEKLY;COUNT=3' }));
    expect(starts(dates)).toEqual(['2027-03-23T17:00:00.000Z', '2027-03-30T16:00:00.000Z', '2027-04-06T16:00:00.000Z']);
    expect(dates.map((o) => o.endsAt.getTime() - o.startsAt.getTime())).toEqual([7_200_000, 7_200_000, 7_200_000]);
    expect(dates.map((o) => o.key)).toEqual(['2027-03-23T18:00', '2027-03-30T18:00', '2027-04-06T18:00']);
  });

  it('adds extra dates, removes excluded ones, and marks cancelled and moved ones', () => {
    const dates = expandOccurrences(
      series({
        rule: 'FREQ=DAILY;UNTIL=20270327T235959',
        dates: ['2027-04-01T20:00'],
        exdates: ['2027-03-25T18:00'],
        changes: [
          { on: '2027-03-24T18:00', cancelled: true },
          { on: '2027-03-26T18:00', startsAt: '2027-03-26T21:00' },
        ],
      }),
    );
    expect(dates.map((o) => [o.key, o.cancelled, o.moved])).toEqual([
      ['2027-03-23T18:00', false, false],
      ['2027-03-24T18:00', true, false],
      ['2027-03-26T18:00', false, true],
      ['2027-03-27T18:00', false, false],
      ['2027-04-01T20:00', false, false],
    ]);
    // The moved date keeps the series' length from its new start.
    expect(dates[2]!.startsAt.toISOString()).toBe('2027-03-26T20:00:00.000Z');
    expect(dates[2]!.endsAt.toISOString()).toBe('2027-03-26T22:00:00.000Z');
  });

  it('holds one date in another place: a venue alone has no room, a room alone is in the series’ venue', () => {
    const dates = expandOccurrences(
      series({
        rule: 'FREQ=DAILY;COUNT=4',
        changes: [
          { on: '2027-03-24T18:00', venueId: 9 },
          { on: '2027-03-25T18:00', room: 'Studio' },
          { on: '2027-03-26T18:00', venueId: 9, room: 'Big hall', startsAt: '2027-03-26T21:00' },
        ],
      }),
    );
    expect(dates.map((o) => [o.key, o.moved, o.place])).toEqual([
      ['2027-03-23T18:00', false, undefined],
      ['2027-03-24T18:00', false, { venueId: 9 }],
      ['2027-03-25T18:00', false, { room: 'Studio' }],
      ['2027-03-26T18:00', true, { venueId: 9, room: 'Big hall' }],
    ]);
    const own = { venueId: 3, room: 'Foyer' };
    expect(dates.map((o) => placeOfDate(own, o.place))).toEqual([
      { venueId: 3, room: 'Foyer' },
      { venueId: 9, room: null },
      { venueId: 3, room: 'Studio' },
      { venueId: 9, room: 'Big hall' },
    ]);
  });

  it('checks a change’s place: a positive venue id, a room of 1 to 200 characters once trimmed', () => {
    const parse = (change: Record<string, unknown>) =>
      recurrenceField.safeParse({ rule: 'FREQ=DAILY;COUNT=2', changes: [{ on: '2027-03-24T18:00', ...change }] });
    expect(parse({ venueId: 4, room: ' Studio ' }).data?.changes[0]).toEqual({ on: '2027-03-24T18:00', venueId: 4, room: 'Studio' });
    const codes = (change: Record<string, unknown>) => parse(change).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(codes({ venueId: 0 })).toEqual([['changes.0.venueId', 'INVALID_ID']]);
    expect(codes({ venueId: '4' })).toEqual([['changes.0.venueId', 'INVALID_TYPE']]);
    expect(codes({ room: '   ' })).toEqual([['changes.0.room', 'REQUIRED']]);
    expect(codes({ room: 'x'.repeat(201) })).toEqual([['changes.0.room', 'TOO_LONG']]);
  });

  it('reads UNTIL written in UTC as the event zone does (Google Calendar exports)', () => {
    // 17:59:59 UTC on the 25th is 18:59:59 in Paris: the 25th at 18:00 is included.
    expect(ruleWallTimes('FREQ=DAILY;UNTIL=20270325T175959Z', '2027-03-23T18:00', 'Europe/Paris')).toEqual([
      '2027-03-23T18:00',
      '2027-03-24T18:00',
      '2027-03-25T18:00',
    ]);
  });

  it('stops an open rule a year after the first date, and any rule at the cap', () => {
    expect(ruleWallTimes('FREQ=WEEKLY', '2027-01-01T10:00', 'UTC')).toHaveLength(53);
    expect(expandOccurrences(series({ rule: 'FREQ=DAILY;COUNT=5000' }))).toHaveLength(MAX_OCCURRENCES);
  });

  it('refuses rules it cannot read or that repeat more often than daily', () => {
    expect(parseRule('FREQ=WEEKLY;BYDAY=TU,TH')).not.toBeNull();
    expect(parseRule('RRULE:FREQ=MONTHLY;BYDAY=1SA')).not.toBeNull();
    for (const bad of ['FREQ=HOURLY', 'FREQ=MINUTELY;COUNT=3', 'every tuesday', '', 'FREQ=WEEKLY;INTERVAL=0']) expect(parseRule(bad), bad).toBeNull();
    const result = recurrenceField.safeParse({ rule: 'FREQ=SECONDLY' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('RECURRENCE_RULE_INVALID');
    expect(recurrenceField.parse({ rule: 'FREQ=DAILY;COUNT=2' })).toEqual({ rule: 'FREQ=DAILY;COUNT=2', dates: [], exdates: [], changes: [] });
  });

  it('round-trips the simple editor form and leaves complex rules to the text field', () => {
    const rule = formatSimpleRule({ frequency: 'WEEKLY', interval: 2, weekdays: ['TU', 'TH'], until: '2027-06-30', count: null });
    expect(rule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270630T235959');
    expect(readSimpleRule(rule)).toEqual({ frequency: 'WEEKLY', interval: 2, weekdays: ['TU', 'TH'], until: '2027-06-30', count: null });
    expect(readSimpleRule('FREQ=DAILY;COUNT=10')).toEqual({ frequency: 'DAILY', interval: 1, weekdays: [], until: null, count: 10 });
    expect(readSimpleRule('FREQ=MONTHLY;BYDAY=1SA')).toBeNull();
  });
});
