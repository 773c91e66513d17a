import { describe, expect, it } from 'vitest';
import { urlKindOf } from '../../src/server/static-export/url-kinds.ts';

describe('the export report’s kinds of URL', () => {
  it('tells event pages, embeds, deep list pages and files apart', () => {
    expect(urlKindOf('/de/hub/event/gespraech-2031')).toBe('event');
    expect(urlKindOf('/fr/embed/event/gespraech-2031')).toBe('embed');
    expect(urlKindOf('/en/hub?when=past&page=37')).toBe('list-deep');
    expect(urlKindOf('/en/hub?tag=music&when=past&page=12')).toBe('list-deep');
    expect(urlKindOf('/en/hub?when=past&page=2')).toBe('list');
    expect(urlKindOf('/en/hub')).toBe('list');
    expect(urlKindOf('/en/hub/edition/spring-2031')).toBe('edition');
    expect(urlKindOf('/en/hub/edition/spring-2031/calendar.ics')).toBe('feed-or-calendar');
    expect(urlKindOf('/en/hub/curator/ada')).toBe('venue-or-person');
    expect(urlKindOf('/media/ab/cover.jpg?w=640&fm=webp')).toBe('media');
    expect(urlKindOf('/favicon.svg')).toBe('other-file');
    expect(urlKindOf('/en/hub/about')).toBe('other-page');
  });
});
