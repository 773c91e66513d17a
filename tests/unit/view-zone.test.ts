import { describe, expect, it } from 'vitest';
import { groupByDay, withPhases } from '../../src/lib/programme.ts';
import { inZone, parseViewZone, regroupInZone, withViewZone } from '../../src/lib/view-zone.ts';
import { keepViewZoneInHtml } from '../../src/server/time-zone/keep-in-links.ts';
import { returnPageOf } from '../../src/server/time-zone/return-page.ts';

const params = (query: string) => new URLSearchParams(query);

describe('parseViewZone', () => {
  it('tells the default, an empty choice, a zone (as Intl spells it) and anything else apart', () => {
    expect(parseViewZone(params(''))).toEqual({ kind: 'default' });
    expect(parseViewZone(params('tz='))).toEqual({ kind: 'empty' });
    expect(parseViewZone(params('tz=Asia%2FTokyo'))).toEqual({ kind: 'zone', zone: 'Asia/Tokyo' });
    expect(parseViewZone(params('tz=asia%2Ftokyo'))).toEqual({ kind: 'zone', zone: 'Asia/Tokyo' });
    expect(parseViewZone(params('tz=Mars%2FOlympus'))).toEqual({ kind: 'invalid', value: 'Mars/Olympus' });
    expect(parseViewZone(params('tz=UTC&tz=Asia%2FTokyo'))).toEqual({ kind: 'invalid', value: 'UTC, Asia/Tokyo' });
    // Offsets Intl would accept are not IANA names a select offers.
    expect(parseViewZone(params('tz=%2B05%3A00')).kind).toBe('invalid');
    expect(parseViewZone(params(`tz=${'A'.repeat(200)}`))).toEqual({ kind: 'invalid', value: 'A'.repeat(64) });
  });

  it('keeps an unknown zone in the canonical query so it can be refused, and drops the default', () => {
    expect(withViewZone(params('edition=x'), { kind: 'zone', zone: 'UTC' }).toString()).toBe('edition=x&tz=UTC');
    expect(withViewZone(params('edition=x'), { kind: 'invalid', value: 'Nope' }).toString()).toBe('edition=x&tz=Nope');
    expect(withViewZone(params('edition=x'), { kind: 'empty' }).toString()).toBe('edition=x');
  });
});

describe('times moved into the visitor’s zone', () => {
  // 19:00 in Paris on 29 March 2031 (before Europe's DST change) and 31 March (after it).
  const events = withPhases(
    [
      { id: 1, startsAt: new Date('2031-03-29T18:00:00Z'), endsAt: new Date('2031-03-29T20:00:00Z'), timeZone: 'Europe/Paris' },
      { id: 2, startsAt: new Date('2031-03-31T17:00:00Z'), endsAt: new Date('2031-03-31T19:00:00Z'), timeZone: 'Europe/Paris' },
    ],
    new Date('2031-01-01T00:00:00Z'),
  );

  it('regroups days by the chosen zone and leaves the default untouched', () => {
    const days = groupByDay(events);
    expect(days.map((day) => day.dateKey)).toEqual(['2031-03-29', '2031-03-31']);
    expect(regroupInZone(days, 'Asia/Tokyo').map((day) => day.dateKey)).toEqual(['2031-03-30', '2031-04-01']);
    expect(regroupInZone(days, 'America/Los_Angeles').map((day) => day.dateKey)).toEqual(['2031-03-29', '2031-03-31']);
    expect(regroupInZone(days, null)).toEqual(days);
    expect(inZone(events, 'UTC').map((event) => event.timeZone)).toEqual(['UTC', 'UTC']);
    expect(inZone(events, null)).toEqual(events);
  });
});

describe('keepViewZoneInHtml', () => {
  const zone = 'America/New_York';

  it('adds the zone to hub links and hub GET forms, not to feeds, calendars, other sites or the admin', () => {
    const html = [
      '<a href="/en/hub">Programme</a>',
      '<a href="/en/hub?tag=music&amp;view=list#top">Music</a>',
      '<a href="/fr/hub/event/x/calendar.ics">ics</a>',
      '<link rel="alternate" href="/en/hub/feed.xml">',
      '<a href="/en/admin">Admin</a>',
      '<a href="https://example.org/en/hub">Elsewhere</a>',
      '<a href="/en/hub/time-zone?from=%2Fen%2Fhub&amp;tz=UTC">Change</a>',
      '<form class="filters" method="get" action="/en/hub">',
      '<form method="post" action="/en/hub/contact">',
      '<form class="tz-form" method="get" action="/en/hub" data-tz-form>',
    ].join('');
    const out = keepViewZoneInHtml(html, zone);
    expect(out).toContain('<a href="/en/hub?tz=America%2FNew_York">');
    expect(out).toContain('<a href="/en/hub?tag=music&amp;view=list&amp;tz=America%2FNew_York#top">');
    expect(out).toContain('<a href="/fr/hub/event/x/calendar.ics">');
    expect(out).toContain('<link rel="alternate" href="/en/hub/feed.xml">');
    expect(out).toContain('<a href="/en/admin">');
    expect(out).toContain('<a href="https://example.org/en/hub">');
    // A link that already names a zone keeps its own.
    expect(out).toContain('<a href="/en/hub/time-zone?from=%2Fen%2Fhub&amp;tz=UTC">');
    expect(out).toContain('<form class="filters" method="get" action="/en/hub"><input type="hidden" name="tz" value="America/New_York" />');
    expect(out).toContain('<form method="post" action="/en/hub/contact"><form');
    expect(out).toContain('data-tz-form>');
    expect(out).not.toContain('data-tz-form><input');
  });
});

describe('returnPageOf', () => {
  it('returns to a hub page of the same locale with its own parameters, else to the hub landing', () => {
    expect(returnPageOf('en', '/en/hub?edition=x&page=2&tz=UTC')).toEqual({
      path: '/en/hub',
      query: [['edition', 'x']],
      href: '/en/hub?edition=x&page=2&tz=UTC',
    });
    expect(returnPageOf('en', '/en/hub/edition/x/schedule?day=2031-03-05').query).toEqual([]);
    for (const from of [
      null,
      '',
      'https://evil.example/en/hub',
      '//evil.example/en/hub',
      '/en/admin',
      '/fr/hub',
      '/en/hub/time-zone',
      '/en/hub/../admin',
      'javascript:alert(1)',
    ]) {
      expect(returnPageOf('en', from).path, String(from)).toBe('/en/hub');
    }
  });
});
