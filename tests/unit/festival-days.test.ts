/**
 * The festival's days: small hours continue the night before (the timetable's row headers), and
 * a running programme opens on today or the next day with events, in the zone where it happens.
 */
import { describe, expect, it } from 'vitest';
import { buildTimetable, festivalDateKeys, groupByFestivalDay, openingDayKey, splitAtOpeningDay, withPhases } from '../../src/lib/programme.ts';
import { earliestOf, todayInZone } from '../../src/lib/today.ts';

const paris = 'Europe/Paris';
const at = (iso: string) => new Date(iso);
const item = (startsAt: string, venueName = 'Hall', timeZone = paris) => ({
  startsAt: at(startsAt),
  endsAt: new Date(at(startsAt).getTime() + 3_600_000),
  timeZone,
  venueName,
  onlineUrl: null,
});

describe('festival days', () => {
  it('puts 01:00 after a Friday programme under Friday, and keeps a lone small-hours event on its own date', () => {
    expect(
      festivalDateKeys(paris, [
        at('2031-03-07T20:00:00+01:00'), // Friday 20:00
        at('2031-03-08T01:00:00+01:00'), // Saturday 01:00: Friday's night
        at('2031-03-08T04:59:00+01:00'), // still the night
        at('2031-03-08T05:00:00+01:00'), // Saturday morning
        at('2031-03-11T02:00:00+01:00'), // Tuesday 02:00, nothing on Monday: its own date
      ]),
    ).toEqual(['2031-03-07', '2031-03-07', '2031-03-07', '2031-03-08', '2031-03-11']);
  });

  it('judges the night in the zone asked for, across a change of the clocks', () => {
    // 29–30 March 2031: Paris moves to summer time at 02:00. 03:30 summer time is still the night.
    expect(festivalDateKeys(paris, [at('2031-03-29T21:00:00+01:00'), at('2031-03-30T03:30:00+02:00')])).toEqual(['2031-03-29', '2031-03-29']);
    // The same instants seen from Tokyo (evening and morning there) fall on their own dates.
    expect(festivalDateKeys('Asia/Tokyo', [at('2031-03-29T21:00:00+01:00'), at('2031-03-30T03:30:00+02:00')])).toEqual(['2031-03-30', '2031-03-30']);
  });

  it('builds the timetable day with the night rows after the evening ones, each keeping its own instant', () => {
    const events = withPhases(
      [item('2031-03-08T01:00:00+01:00', 'Cellar'), item('2031-03-07T21:00:00+01:00'), item('2031-03-07T19:00:00+01:00')],
      at('2031-01-01T00:00:00Z'),
    );
    const days = groupByFestivalDay([{ dateKey: 'any', events, isPast: false }], paris);
    expect(days.map((day) => day.dateKey)).toEqual(['2031-03-07']);
    const [friday] = buildTimetable(days);
    expect(friday!.rows.map((row) => row.startsAt.toISOString())).toEqual(['2031-03-07T18:00:00.000Z', '2031-03-07T20:00:00.000Z', '2031-03-08T00:00:00.000Z']);
    expect(friday!.columns.map((column) => column.label)).toEqual(['Hall', 'Cellar']);
  });

  it('marks a festival day past only when all its events, the night included, have ended', () => {
    const events = withPhases([item('2031-03-07T21:00:00+01:00'), item('2031-03-08T01:00:00+01:00')], at('2031-03-07T23:30:00+01:00'));
    expect(groupByFestivalDay([{ dateKey: 'x', events, isPast: false }], paris)[0]!.isPast).toBe(false);
  });
});

describe('the opening day of a programme', () => {
  const days = ['2031-03-05', '2031-03-06', '2031-03-08'].map((dateKey) => ({ dateKey }));

  it('is today when today has events, else the next day with events', () => {
    expect(openingDayKey(days, '2031-03-06')).toBe('2031-03-06');
    expect(openingDayKey(days, '2031-03-07')).toBe('2031-03-08');
    expect(openingDayKey(days, '2031-03-01')).toBe('2031-03-05');
  });

  it('folds the days before it, and nothing once every day is over', () => {
    expect(splitAtOpeningDay(days, '2031-03-07')).toEqual({ earlier: days.slice(0, 2), current: days.slice(2) });
    expect(splitAtOpeningDay(days, '2031-03-01')).toEqual({ earlier: [], current: days });
    expect(openingDayKey(days, '2031-03-09')).toBeNull();
    expect(splitAtOpeningDay(days, '2031-03-09')).toEqual({ earlier: [], current: days });
  });

  it("takes today's date where the programme happens, ending at that zone's next midnight", () => {
    const now = at('2031-03-07T23:30:00Z'); // 00:30 on the 8th in Paris, 18:30 on the 7th in Montréal
    expect(todayInZone(paris, now)).toEqual({ dateKey: '2031-03-08', endsAt: at('2031-03-08T23:00:00Z') });
    expect(todayInZone('America/Montreal', now)).toEqual({ dateKey: '2031-03-07', endsAt: at('2031-03-08T05:00:00Z') });
    // The day the clocks change is 23 hours long.
    expect(todayInZone(paris, at('2031-03-30T10:00:00Z')).endsAt).toEqual(at('2031-03-30T22:00:00Z'));
  });

  it('lets a page expire at whichever comes first: a mark changing or midnight', () => {
    const midnight = at('2031-03-08T23:00:00Z');
    expect(earliestOf(at('2031-03-08T20:00:00Z'), midnight)).toEqual(at('2031-03-08T20:00:00Z'));
    expect(earliestOf(null, midnight)).toEqual(midnight);
    expect(earliestOf(at('2031-03-09T20:00:00Z'), midnight)).toEqual(midnight);
    expect(earliestOf(null, null)).toBeNull();
  });
});
