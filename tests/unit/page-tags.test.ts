import { describe, expect, it } from 'vitest';
import type { EditionSummary } from '../../src/server/editions/queries.ts';
import type { EventListItem } from '../../src/server/events/queries.ts';
import { homePageTags, otherEventsTags } from '../../src/server/hub/page-tags.ts';

const withCover = (id: number, coverId: number | null) => ({ id, cover: coverId === null ? null : { id: coverId } });

describe('homePageTags', () => {
  it('tags the home with the hero image, the featured edition and its cover, the listed events and their covers', () => {
    const featured = withCover(3, 21) as unknown as EditionSummary;
    const items = [withCover(7, 22), withCover(8, null), withCover(9, 21)] as unknown as EventListItem[];
    expect(homePageTags({ heroMediaId: 40, featured, items }).sort()).toEqual(
      ['edition:3', 'event:7', 'event:8', 'event:9', 'hub', 'media:21', 'media:22', 'media:40'].sort(),
    );
  });

  it('tags only the listings when nothing is featured and no hero is set', () => {
    expect(homePageTags({ heroMediaId: null, featured: undefined, items: [] })).toEqual(['hub']);
  });
});

describe('otherEventsTags', () => {
  it("tags an edition's list of other events with which events come first, the listed events and what their cards show", () => {
    const cards = [
      { id: 1, cover: { id: 40 }, tags: [], venueId: null },
      { id: 2, cover: null, tags: [{ id: 50 }, { id: 51 }], venueId: 60 },
    ] as unknown as EventListItem[];
    expect(otherEventsTags(7, cards).sort()).toEqual(['edition-list:7', 'event:1', 'event:2', 'media:40', 'tag:50', 'tag:51', 'venue:60'].sort());
    // An empty list still goes when an event joins the edition's first ones.
    expect(otherEventsTags(7, [])).toEqual(['edition-list:7']);
  });
});
