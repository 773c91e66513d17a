import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, outlookCalendarUrl, toGoogleUtc, toOffsetIso, type CalendarLinkEvent } from '../../src/lib/calendar-links.ts';

const concert: CalendarLinkEvent = {
  title: 'Night & Day: strings',
  startsAt: new Date('2031-07-10T18:30:00Z'),
  endsAt: new Date('2031-07-10T20:00:00Z'),
  timeZone: 'Europe/Paris',
  summary: 'A late concert.',
  place: 'Salle Pleyel, 252 rue du Faubourg Saint-Honoré, Paris',
  pageUrl: 'https://festival.example/en/hub/event/night-and-day',
};

const paramsOf = (url: string) => new URL(url).searchParams;

describe('Google Calendar link', () => {
  it('gives UTC times and the event zone, title, place and a description ending with the page', () => {
    const url = googleCalendarUrl(concert);
    expect(url.startsWith('https://calendar.google.com/calendar/render?')).toBe(true);
    const params = paramsOf(url);
    expect(params.get('action')).toBe('TEMPLATE');
    expect(params.get('text')).toBe('Night & Day: strings');
    expect(params.get('dates')).toBe('20310710T183000Z/20310710T200000Z');
    expect(params.get('ctz')).toBe('Europe/Paris');
    expect(params.get('location')).toBe(concert.place);
    expect(params.get('details')).toBe(`A late concert.\n\n${concert.pageUrl}`);
  });

  it('gives an event without an end one hour', () => {
    expect(paramsOf(googleCalendarUrl({ ...concert, endsAt: null })).get('dates')).toBe('20310710T183000Z/20310710T193000Z');
  });

  it('uses the link as the place of an online event, and keeps it in the description of a hybrid one', () => {
    const online = { ...concert, place: null, onlineUrl: 'https://stream.example/live' };
    expect(paramsOf(googleCalendarUrl(online)).get('location')).toBe('https://stream.example/live');
    const hybrid = { ...concert, onlineUrl: 'https://stream.example/live' };
    expect(paramsOf(googleCalendarUrl(hybrid)).get('location')).toBe(concert.place);
    expect(paramsOf(googleCalendarUrl(hybrid)).get('details')).toBe(`A late concert.\n\nhttps://stream.example/live\n\n${concert.pageUrl}`);
  });
});

describe('Outlook link', () => {
  it('gives local times with the offset of the event zone', () => {
    const params = paramsOf(outlookCalendarUrl(concert));
    expect(params.get('subject')).toBe('Night & Day: strings');
    expect(params.get('startdt')).toBe('2031-07-10T20:30:00+02:00');
    expect(params.get('enddt')).toBe('2031-07-10T22:00:00+02:00');
    expect(params.get('location')).toBe(concert.place);
    expect(params.get('body')).toContain(concert.pageUrl);
    expect(outlookCalendarUrl(concert).startsWith('https://outlook.live.com/calendar/0/action/compose?')).toBe(true);
  });

  it('follows zones west of UTC, half-hour offsets and daylight saving', () => {
    expect(toOffsetIso(new Date('2031-01-15T02:00:00Z'), 'America/Montreal')).toBe('2031-01-14T21:00:00-05:00');
    expect(toOffsetIso(new Date('2031-07-15T02:00:00Z'), 'America/Montreal')).toBe('2031-07-14T22:00:00-04:00');
    expect(toOffsetIso(new Date('2031-01-15T02:00:00Z'), 'Asia/Kolkata')).toBe('2031-01-15T07:30:00+05:30');
    expect(toOffsetIso(new Date('2031-01-15T02:00:00Z'), 'UTC')).toBe('2031-01-15T02:00:00+00:00');
  });

  it('gives an event without an end one hour, and an online one its link as place', () => {
    const params = paramsOf(outlookCalendarUrl({ ...concert, endsAt: null, place: '', onlineUrl: 'https://stream.example/live' }));
    expect(params.get('enddt')).toBe('2031-07-10T21:30:00+02:00');
    expect(params.get('location')).toBe('https://stream.example/live');
  });
});

describe('UTC form', () => {
  it('drops separators and milliseconds', () => {
    expect(toGoogleUtc(new Date('2031-12-31T23:59:59.999Z'))).toBe('20311231T235959Z');
  });
});
