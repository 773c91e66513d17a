/** Moving dates by whole days keeps the wall-clock time in the item's zone, across DST changes. */
import { describe, expect, it } from 'vitest';
import { shiftByDays } from '../../src/lib/shift-days.ts';

describe('shiftByDays', () => {
  it('keeps 19:00 in Paris across the spring change (23 h day) and back across the autumn one', () => {
    const winter = new Date('2031-03-20T18:00:00Z'); // 19:00 CET
    expect(shiftByDays(winter, 14, 'Europe/Paris').toISOString()).toBe('2031-04-03T17:00:00.000Z'); // 19:00 CEST
    expect(shiftByDays(new Date('2031-04-03T17:00:00Z'), -14, 'Europe/Paris').toISOString()).toBe('2031-03-20T18:00:00.000Z');
    expect(shiftByDays(new Date('2031-10-20T17:00:00Z'), 14, 'Europe/Paris').toISOString()).toBe('2031-11-03T18:00:00.000Z');
  });

  it('keeps seconds, crosses month and year ends, and moves nothing for zero days', () => {
    expect(shiftByDays(new Date('2031-12-31T23:59:30Z'), 1, 'UTC').toISOString()).toBe('2032-01-01T23:59:30.000Z');
    expect(shiftByDays(new Date('2032-02-28T12:00:00Z'), 1, 'UTC').toISOString()).toBe('2032-02-29T12:00:00.000Z');
    expect(shiftByDays(new Date('2031-06-01T10:15:00Z'), 0, 'Asia/Tokyo').toISOString()).toBe('2031-06-01T10:15:00.000Z');
  });

  it('reads a time that falls in a spring-forward gap with the offset before the change', () => {
    // 02:30 on 23 March 2031 in Paris moved to 30 March, where 02:00–03:00 does not exist: 03:30 CEST.
    expect(shiftByDays(new Date('2031-03-23T01:30:00Z'), 7, 'Europe/Paris').toISOString()).toBe('2031-03-30T01:30:00.000Z');
  });

  it('uses the zone of the item: 20:00 in New York stays 20:00 after its earlier change', () => {
    expect(shiftByDays(new Date('2031-03-06T01:00:00Z'), 14, 'America/New_York').toISOString()).toBe('2031-03-20T00:00:00.000Z');
  });
});
