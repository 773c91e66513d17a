import { describe, expect, it } from 'vitest';
import { statusNoticeLine, statusNoticeOf } from '../../src/server/events/status-notice.ts';
import { previousStartDateOf } from '../../src/server/seo/json-ld.ts';

const startsAt = new Date('2031-03-12T19:00:00Z');
const previousStartsAt = new Date('2031-03-05T17:30:00Z');
const timeZone = 'Europe/Paris';

describe('the status notice (decision 055)', () => {
  it('says nothing of a scheduled event, even with a reason left from before', () => {
    expect(statusNoticeOf('en', { eventStatus: 'scheduled', statusNote: 'old', startsAt, timeZone })).toBeUndefined();
    expect(statusNoticeLine('en', { startsAt, timeZone })).toBe('');
  });

  it('writes each status with its reason, in the locale and the zone given', () => {
    expect(statusNoticeLine('en', { eventStatus: 'cancelled', statusNote: '  Storm warning. ', startsAt, timeZone })).toBe('Cancelled: Storm warning.');
    expect(statusNoticeLine('en', { eventStatus: 'cancelled', statusNote: '   ', startsAt, timeZone })).toBe('This event has been cancelled.');
    expect(statusNoticeLine('en', { eventStatus: 'postponed', startsAt, timeZone })).toBe('Postponed — new date to be announced.');
    expect(statusNoticeLine('fr', { eventStatus: 'rescheduled', previousStartsAt, startsAt, timeZone })).toMatch(
      /^Reprogrammé\s: initialement le 5 mars 2031.*18:30, désormais le 12 mars 2031.*20:00\.$/,
    );
    // The same instants read in New York: the caller's zone is the one written.
    expect(statusNoticeLine('en', { eventStatus: 'rescheduled', previousStartsAt, startsAt, timeZone: 'America/New_York' })).toMatch(
      /from .*12:30 to .*15:00\./,
    );
    expect(statusNoticeLine('de', { eventStatus: 'rescheduled', startsAt, timeZone })).toBe(
      'Diese Veranstaltung wurde auf die hier genannten Termine verlegt.',
    );
  });
});

describe('the notice after the status mark (the event page)', () => {
  const statuses = {
    en: ['Cancelled', 'Postponed', 'Rescheduled'],
    fr: ['Annulé', 'Reporté', 'Reprogrammé'],
    de: ['Abgesagt', 'Verschoben', 'Neu angesetzt'],
  } as const;

  it('follows the mark without repeating its word, in every locale and case', () => {
    for (const [locale, words] of Object.entries(statuses)) {
      for (const eventStatus of ['cancelled', 'postponed', 'rescheduled'] as const) {
        for (const previous of [previousStartsAt, null]) {
          const notice = statusNoticeOf(locale as keyof typeof statuses, { eventStatus, previousStartsAt: previous, startsAt, timeZone });
          expect(notice?.afterMark, `${locale} ${eventStatus}`).toBeTruthy();
          for (const word of words) expect(notice?.afterMark.toLowerCase(), `${locale} ${eventStatus}`).not.toContain(word.toLowerCase());
        }
      }
    }
  });

  it('reads as one sentence with the mark', () => {
    const read = (locale: 'en' | 'fr' | 'de', mark: string, facts: Parameters<typeof statusNoticeOf>[1]) => {
      const notice = statusNoticeOf(locale, facts)!;
      return [mark, notice.afterMark, notice.reason].filter(Boolean).join(' ');
    };
    expect(read('en', 'Rescheduled', { eventStatus: 'rescheduled', previousStartsAt, startsAt, timeZone })).toMatch(
      /^Rescheduled from 5 Mar 2031.*18:30 to 12 Mar 2031.*20:00\.$/,
    );
    expect(read('de', 'Verschoben', { eventStatus: 'postponed', previousStartsAt, startsAt, timeZone })).toMatch(
      /^Verschoben \(geplant war 05\.03\.2031.*18:30\) – neuer Termin folgt\.$/,
    );
    expect(read('fr', 'Annulé', { eventStatus: 'cancelled', startsAt, timeZone })).toBe('Annulé Cet événement n’aura pas lieu.');
    // With a reason, the reason follows the mark on its own.
    expect(read('en', 'Cancelled', { eventStatus: 'cancelled', statusNote: 'Storm warning.', startsAt, timeZone })).toBe('Cancelled Storm warning.');
  });
});

describe('previousStartDate', () => {
  it('is the recorded previous start of a moved event, in its own offset', () => {
    expect(previousStartDateOf({ eventStatus: 'rescheduled', previousStartsAt, startsAt, timeZone })).toBe('2031-03-05T18:30:00+01:00');
    expect(previousStartDateOf({ eventStatus: 'postponed', previousStartsAt, startsAt, timeZone })).toBe('2031-03-05T18:30:00+01:00');
  });

  it("is a postponed event's start when none was recorded, and absent otherwise", () => {
    expect(previousStartDateOf({ eventStatus: 'postponed', previousStartsAt: null, startsAt, timeZone })).toBe('2031-03-12T20:00:00+01:00');
    expect(previousStartDateOf({ eventStatus: 'rescheduled', previousStartsAt: null, startsAt, timeZone })).toBeUndefined();
    expect(previousStartDateOf({ eventStatus: 'cancelled', previousStartsAt, startsAt, timeZone })).toBeUndefined();
  });
});
