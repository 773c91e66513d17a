import { describe, expect, it } from 'vitest';
import { buildTimetable, groupByDay, nextPhaseChange, phaseOf, scheduleColumnOf, withPhases } from '../../src/lib/programme.ts';

const at = (iso: string) => new Date(iso);
const item = (id: number, startsAt: string, endsAt: string, venueName: string | null, onlineUrl: string | null = null, timeZone = 'Europe/Paris') => ({
  id,
  startsAt: at(startsAt),
  endsAt: at(endsAt),
  timeZone,
  venueName,
  onlineUrl,
});

describe('phases', () => {
  const now = at('2031-03-05T12:00:00Z');
  it('is past once ended, ongoing between start and end', () => {
    expect(phaseOf({ startsAt: at('2031-03-05T10:00:00Z'), endsAt: now }, now)).toBe('past');
    expect(phaseOf({ startsAt: now, endsAt: at('2031-03-05T13:00:00Z') }, now)).toBe('ongoing');
    expect(phaseOf({ startsAt: at('2031-03-05T12:00:01Z'), endsAt: at('2031-03-05T13:00:00Z') }, now)).toBe('upcoming');
  });
  it('names the next instant a mark changes', () => {
    const items = [item(1, '2031-03-05T10:00:00Z', '2031-03-05T14:00:00Z', 'A'), item(2, '2031-03-05T13:00:00Z', '2031-03-05T15:00:00Z', 'B')];
    expect(nextPhaseChange(items, now)).toEqual(at('2031-03-05T13:00:00Z'));
    expect(nextPhaseChange(items, at('2031-03-06T00:00:00Z'))).toBeNull();
  });
});

describe('days and columns', () => {
  const now = at('2031-03-05T12:00:00Z');
  it('groups by the local day each event starts on and marks days that are over', () => {
    const days = groupByDay(
      withPhases(
        [
          item(1, '2031-03-04T09:00:00Z', '2031-03-04T10:00:00Z', 'A'),
          // 00:30 in Paris, still 4 March in UTC.
          item(2, '2031-03-04T23:30:00Z', '2031-03-05T00:30:00Z', 'A'),
          item(3, '2031-03-05T15:00:00Z', '2031-03-05T16:00:00Z', 'B'),
        ],
        now,
      ),
    );
    expect(days.map((day) => [day.dateKey, day.events.map((e) => e.id), day.isPast])).toEqual([
      ['2031-03-04', [1], true],
      ['2031-03-05', [2, 3], false],
    ]);
  });

  it('puts each event in its venue’s column, online and unannounced last, venues in first-seen order', () => {
    expect(scheduleColumnOf({ venueName: ' Main Stage ', onlineUrl: null }).key).toBe(scheduleColumnOf({ venueName: 'main stage', onlineUrl: null }).key);
    expect(scheduleColumnOf({ venueName: 'Hall', onlineUrl: 'https://x.test' }).kind).toBe('venue');
    expect(scheduleColumnOf({ venueName: null, onlineUrl: 'https://x.test' }).kind).toBe('online');
    expect(scheduleColumnOf({ venueName: '  ', onlineUrl: null }).kind).toBe('unannounced');
    const days = groupByDay(
      withPhases(
        [
          item(1, '2031-03-04T18:00:00Z', '2031-03-04T19:00:00Z', 'Hall'),
          item(2, '2031-03-05T17:00:00Z', '2031-03-05T18:00:00Z', null, 'https://x.test'),
          item(3, '2031-03-05T18:00:00Z', '2031-03-05T19:00:00Z', 'Garden'),
          item(4, '2031-03-05T18:00:00Z', '2031-03-05T19:00:00Z', 'hall'),
        ],
        now,
      ),
    );
    const [first, second] = buildTimetable(days);
    expect(first!.columns.map((c) => c.label ?? c.kind)).toEqual(['Hall']);
    expect(second!.columns.map((c) => c.label ?? c.kind)).toEqual(['Hall', 'Garden', 'online']);
    expect(second!.rows.map((row) => row.cells.map((cell) => cell.map((e) => e.id)))).toEqual([
      [[], [], [2]],
      [[4], [3], []],
    ]);
  });
});
