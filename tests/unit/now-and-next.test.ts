/** "Now and next" as pure data: festival days, the parts of today, places, and when the page changes. */
import { describe, expect, it } from 'vitest';
import { buildToday, festivalDayOf, groupByPlace, nextTodayChange, todaySlotOf } from '../../src/lib/now-and-next.ts';
import { filingLetterOf, groupLineUp, type PublicPerson } from '../../src/server/people/line-up.ts';

const at = (iso: string) => new Date(iso);
const collator = new Intl.Collator('en');
let nextId = 1;
const event = (startsAt: string, endsAt: string, venueName: string | null = 'Main Hall', timeZone = 'Europe/Paris', onlineUrl: string | null = null) => ({
  id: nextId++,
  startsAt: at(startsAt),
  endsAt: at(endsAt),
  timeZone,
  venueName,
  onlineUrl,
});

describe('the festival day', () => {
  it('runs from 06:00 to 06:00 where the events happen, its evening from 18:00', () => {
    // 01:30 in Paris on 6 March is still the night of 5 March.
    expect(festivalDayOf('Europe/Paris', at('2031-03-06T00:30:00Z'))).toEqual({
      dateKey: '2031-03-05',
      startsAt: at('2031-03-05T05:00:00Z'),
      eveningAt: at('2031-03-05T17:00:00Z'),
      endsAt: at('2031-03-06T05:00:00Z'),
    });
    expect(festivalDayOf('Asia/Tokyo', at('2031-03-06T00:30:00Z')).dateKey).toBe('2031-03-06');
  });

  it('follows a change of clocks (the spring-forward night is 23 hours long)', () => {
    const day = festivalDayOf('Europe/Paris', at('2031-03-29T12:00:00Z'));
    expect(day.endsAt.getTime() - day.startsAt.getTime()).toBe(23 * 3_600_000);
  });
});

describe('the parts of today', () => {
  const now = at('2031-03-05T13:00:00Z'); // 14:00 in Paris

  it('puts running events on now, later ones before 18:00 next, evening and night ones tonight', () => {
    expect(todaySlotOf(event('2031-03-05T12:00:00Z', '2031-03-05T14:00:00Z'), now)).toBe('now');
    expect(todaySlotOf(event('2031-03-05T15:00:00Z', '2031-03-05T16:00:00Z'), now)).toBe('next');
    expect(todaySlotOf(event('2031-03-05T17:00:00Z', '2031-03-05T19:00:00Z'), now)).toBe('tonight');
    expect(todaySlotOf(event('2031-03-06T01:00:00Z', '2031-03-06T03:00:00Z'), now)).toBe('tonight');
    // Over, or tomorrow (06:00 in Paris onwards).
    expect(todaySlotOf(event('2031-03-05T10:00:00Z', '2031-03-05T13:00:00Z'), now)).toBeNull();
    expect(todaySlotOf(event('2031-03-06T05:00:00Z', '2031-03-06T07:00:00Z'), now)).toBeNull();
  });

  it('reads the day in the zone the event is shown in', () => {
    // 23:00 UTC: tonight in Paris (midnight), but 08:00 the next day in Tokyo.
    const late = { startsAt: at('2031-03-05T23:00:00Z'), endsAt: at('2031-03-06T00:00:00Z') };
    expect(todaySlotOf({ ...late, timeZone: 'Europe/Paris' }, now)).toBe('tonight');
    expect(todaySlotOf({ ...late, timeZone: 'Asia/Tokyo' }, now)).toBeNull();
  });

  it('groups by place: venues in alphabetical order, then online, then unannounced, each by start', () => {
    const groups = groupByPlace(
      [
        event('2031-03-05T16:00:00Z', '2031-03-05T17:00:00Z', 'Zinc Bar'),
        event('2031-03-05T14:00:00Z', '2031-03-05T15:00:00Z', null, 'Europe/Paris', 'https://stream.example'),
        event('2031-03-05T15:00:00Z', '2031-03-05T16:00:00Z', 'Atelier'),
        event('2031-03-05T14:00:00Z', '2031-03-05T15:00:00Z', null),
        event('2031-03-05T13:30:00Z', '2031-03-05T15:00:00Z', 'atelier'),
      ],
      collator,
    );
    expect(groups.map((group) => [group.column.kind, group.column.label, group.events.map((e) => e.startsAt.toISOString().slice(11, 16))])).toEqual([
      ['venue', 'Atelier', ['13:30', '15:00']],
      ['venue', 'Zinc Bar', ['16:00']],
      ['online', null, ['14:00']],
      ['unannounced', null, ['14:00']],
    ]);
  });

  it('offers the next day with events when nothing is on and nothing is left today', () => {
    const today = buildToday(
      [
        event('2031-03-05T10:00:00Z', '2031-03-05T11:00:00Z'),
        event('2031-03-07T18:00:00Z', '2031-03-07T19:00:00Z', 'B'),
        event('2031-03-07T09:00:00Z', '2031-03-07T10:00:00Z', 'A'),
        event('2031-03-08T09:00:00Z', '2031-03-08T10:00:00Z'),
      ],
      now,
      collator,
    );
    expect([today.now, today.next, today.tonight]).toEqual([[], [], []]);
    expect(today.comingDay?.dateKey).toBe('2031-03-07');
    expect(today.comingDay?.events.map((e) => e.venueName)).toEqual(['A', 'B']);
  });

  it('has no coming day while something is on today', () => {
    const today = buildToday([event('2031-03-05T15:00:00Z', '2031-03-05T16:00:00Z'), event('2031-03-07T09:00:00Z', '2031-03-07T10:00:00Z')], now, collator);
    expect(today.next).toHaveLength(1);
    expect(today.comingDay).toBeNull();
  });
});

describe('when the page changes', () => {
  const now = at('2031-03-05T13:00:00Z');

  it('is the next start or end of an event it could show', () => {
    const events = [event('2031-03-05T12:00:00Z', '2031-03-05T14:30:00Z'), event('2031-03-05T13:45:00Z', '2031-03-05T15:00:00Z')];
    expect(nextTodayChange(events, ['Europe/Paris'], now)).toEqual(at('2031-03-05T13:45:00Z'));
  });

  it('is the roll-over of a festival day when that comes first', () => {
    const events = [event('2031-03-07T12:00:00Z', '2031-03-07T14:00:00Z')];
    // 06:00 in Tokyo on 6 March is 21:00 UTC on 5 March; Paris rolls over at 05:00 UTC on 6 March.
    expect(nextTodayChange(events, ['Europe/Paris', 'Asia/Tokyo'], now)).toEqual(at('2031-03-05T21:00:00Z'));
    expect(nextTodayChange([], [], now)).toBeNull();
  });
});

describe('the line-up', () => {
  const person = (name: string, kind: PublicPerson['kind'] = 'curator'): PublicPerson => ({
    kind,
    id: nextId++,
    slug: name,
    name,
    updatedAt: now(),
    locales: ['en'],
  });
  const now = () => new Date(0);

  it('files names under their letter without accents, others under #', () => {
    expect(['Élodie', 'øystein', 'Łukasz', '3epkano', ' ana'].map((name) => filingLetterOf(name, 'en'))).toEqual(['E', 'O', 'L', '#', 'A']);
  });

  it('sorts with the locale’s collation, # first', () => {
    const letters = groupLineUp([person('Zoé'), person('émile'), person('Eva', 'organizer'), person('42 Lab', 'organizer'), person('Anna')], 'fr');
    expect(letters.map((letter) => [letter.letter, letter.people.map((p) => p.name)])).toEqual([
      ['#', ['42 Lab']],
      ['A', ['Anna']],
      ['E', ['émile', 'Eva']],
      ['Z', ['Zoé']],
    ]);
  });
});
