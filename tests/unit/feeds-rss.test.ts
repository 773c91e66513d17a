import { describe, expect, it } from 'vitest';
import { toWebcalUrl } from '../../src/server/calendar/links.ts';
import { buildEventFeed, escapeXml, plainTextToHtml } from '../../src/server/feeds/rss.ts';
import { findAll, parseXml, textOf } from '../helpers/formats.ts';

describe('feed text', () => {
  it('escapes markup and drops characters XML cannot carry', () => {
    expect(escapeXml(`<b>"Rock" & 'Roll'</b>`)).toBe('&lt;b&gt;&quot;Rock&quot; &amp; &apos;Roll&apos;&lt;/b&gt;');
    expect(escapeXml('bell\u0007 lone\uD800 ok 🎷')).toBe('bell lone ok 🎷');
    expect(plainTextToHtml('a <i>b</i>\nc')).toBe('a &lt;i&gt;b&lt;/i&gt;<br>c');
  });

  it('writes a well-formed feed whose titles read back as typed', () => {
    const item = {
      id: 7,
      slug: 'night',
      title: 'A <b>bold</b> ]]> night',
      titleLocale: 'en' as const,
      summary: '<script>x</script>',
      startsAt: new Date('2031-05-01T18:00:00Z'),
      endsAt: new Date('2031-05-01T20:00:00Z'),
      timeZone: 'Europe/Paris',
      venueName: null,
      onlineUrl: null,
      eventStatus: 'scheduled' as const,
      editionSlug: null,
      editionTitle: null,
      editionTitleLocale: 'en' as const,
      publishedAt: new Date('2030-01-01T00:00:00Z'),
      updatedAt: new Date('2030-01-01T00:00:00Z'),
      cover: null,
      tags: [{ id: 1, slug: 'rock', label: 'Rock & <Roll>', labelLocale: 'en' as const }],
    };
    const xml = buildEventFeed(
      'https://hub.example',
      'en',
      { title: 'T', description: 'D' },
      { hubPath: '/en/hub?tag=rock', feedPath: '/en/hub/feed.xml?tag=rock' },
      [item],
      new Map([[7, { url: 'https://hub.example/media/x.jpg?w=640&fm=jpeg', length: 1234, type: 'image/jpeg' }]]),
    );
    const doc = parseXml(xml);
    expect(textOf(findAll(doc, 'item')[0]!.elements!.find((e) => e.name === 'title'))).toBe(item.title);
    expect(textOf(findAll(doc, 'category')[0])).toBe('Rock & <Roll>');
    expect(findAll(doc, 'enclosure')[0]!.attributes).toEqual({ url: 'https://hub.example/media/x.jpg?w=640&fm=jpeg', length: '1234', type: 'image/jpeg' });
    expect(findAll(doc, 'atom:link')[0]!.attributes!.href).toBe('https://hub.example/en/hub/feed.xml?tag=rock');

    // A cancelled or postponed event says so in its title, in the feed's language.
    const called = (locale: 'en' | 'fr', eventStatus: 'cancelled' | 'postponed') =>
      parseXml(buildEventFeed('https://hub.example', locale, { title: 'T', description: 'D' }, { hubPath: '/', feedPath: '/f' }, [{ ...item, eventStatus }]));
    expect(textOf(findAll(called('en', 'cancelled'), 'item')[0]!.elements!.find((e) => e.name === 'title'))).toBe(`Cancelled: ${item.title}`);
    expect(textOf(findAll(called('fr', 'postponed'), 'item')[0]!.elements!.find((e) => e.name === 'title'))).toBe(`Reporté\u202F: ${item.title}`);

    // Its description starts with what happened and why (decision 055).
    const cancelled = parseXml(
      buildEventFeed('https://hub.example', 'de', { title: 'T', description: 'D' }, { hubPath: '/', feedPath: '/f' }, [
        { ...item, summary: null, eventStatus: 'cancelled', statusNote: 'Sturmwarnung <heute>.' },
      ]),
    );
    expect(textOf(findAll(cancelled, 'item')[0]!.elements!.find((e) => e.name === 'description'))).toMatch(/^Abgesagt: Sturmwarnung &lt;heute&gt;\. — /);
  });
});

describe('webcal links', () => {
  it('turns the configured origin into a subscription address', () => {
    expect(toWebcalUrl('https://hub.example', '/en/hub/calendar.ics?tag=jazz')).toBe('webcal://hub.example/en/hub/calendar.ics?tag=jazz');
    expect(toWebcalUrl('http://127.0.0.1:4321', '/de/hub/event/a/calendar.ics')).toBe('webcal://127.0.0.1:4321/de/hub/event/a/calendar.ics');
  });
});
