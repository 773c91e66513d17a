/**
 * The edition's list of other events as one process keeps it (other-events-cache.ts): which
 * pages may reuse it, when it is not kept, how long it lasts, and that purges reach it.
 */
import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../src/server/events/detail.ts';
import { keepsEditionLists } from '../../src/server/collections/events.ts';
import { sharedOtherEventsFor } from '../../src/server/events/other-events-cache.ts';
import { PAGE_MAX_AGE } from '../../src/server/page-cache/decision.ts';
import { ProcessPageCache } from '../../src/server/page-cache/process-cache.ts';

const now = new Date('2031-03-01T12:00:00Z');
const hour = 3_600_000;

/** An event page's data with what the list needs: an edition, the events picked from, the listed ones. */
function page(id: number, from: number[], startsInHours = 48): EventDetail {
  const listed = from.filter((other) => other !== id).slice(0, 12);
  return {
    id,
    edition: { id: 7 },
    otherEventsFrom: from,
    otherEventsShared: null,
    otherEvents: listed.map((other) => ({
      id: other,
      startsAt: new Date(now.getTime() + (startsInHours + other) * hour),
      endsAt: new Date(now.getTime() + (startsInHours + other + 2) * hour),
      cover: other === 2 ? { id: 40 } : null,
      tags: other === 3 ? [{ id: 50 }] : [],
      venueId: other === 4 ? 60 : null,
    })),
  } as unknown as EventDetail;
}

const lead = Array.from({ length: 13 }, (_, i) => i + 1);
const setup = (maxBytes = 8_000_000) => {
  const cache = new ProcessPageCache({ maxBytes });
  return { cache, locals: { pageCache: cache.handleFor() } };
};

describe('the shared list of other events', () => {
  it('is reused by the pages of the edition outside it, per locale and zone', () => {
    const { locals } = setup();
    const shared = sharedOtherEventsFor(locals, 'en', null)!;
    shared.keeperFor(page(20, lead), now, null)!('<ul>twelve cards</ul>');
    expect(shared.find(7, 21)?.body.toString()).toBe('<ul>twelve cards</ul>');
    // An event among the first ones lists another selection; another edition has none yet.
    expect(shared.find(7, 5)).toBeUndefined();
    expect(shared.find(8, 21)).toBeUndefined();
    expect(sharedOtherEventsFor(locals, 'fr', null)!.find(7, 21)).toBeUndefined();
    expect(sharedOtherEventsFor(locals, 'en', 'Asia/Tokyo')!.find(7, 21)).toBeUndefined();
  });

  it('is kept for each of the first events on its own: its list leaves it out', () => {
    const { locals } = setup();
    const shared = sharedOtherEventsFor(locals, 'en', null)!;
    shared.keeperFor(page(5, lead), now, null)!('<ul>without 5</ul>');
    expect(shared.find(7, 5)?.body.toString()).toBe('<ul>without 5</ul>');
    expect(shared.find(7, 6)).toBeUndefined();
    expect(shared.find(7, 21)).toBeUndefined();
    expect(shared.keeperFor(page(20, []), now, null)).toBeUndefined();
  });

  it('is purged with the pages by the edition, a listed event and what the cards show', () => {
    for (const tag of ['edition-list:7', 'event:12', 'event:1', 'media:40', 'tag:50', 'venue:60', 'all']) {
      const { cache, locals } = setup();
      const shared = sharedOtherEventsFor(locals, 'en', null)!;
      shared.keeperFor(page(20, lead), now, null)!('<ul></ul>');
      shared.keeperFor(page(5, lead), now, null)!('<ul>without 5</ul>');
      expect(shared.find(7, 21), tag).toBeDefined();
      expect(shared.find(7, 5), tag).toBeDefined();
      cache.apply([tag]);
      expect(shared.find(7, 21), tag).toBeUndefined();
      expect(shared.find(7, 5), tag).toBeUndefined();
    }
  });

  it('is kept through a write to an event it does not show', () => {
    const { cache, locals } = setup();
    const shared = sharedOtherEventsFor(locals, 'en', null)!;
    shared.keeperFor(page(20, lead), now, null)!('<ul></ul>');
    shared.keeperFor(page(5, lead), now, null)!('<ul>without 5</ul>');
    cache.apply(['event:21', 'edition:7']);
    expect(shared.find(7, 21)).toBeDefined();
    expect(shared.find(7, 5)).toBeDefined();
    // The thirteenth first event shows only on the lists of the first twelve.
    cache.apply(['event:13']);
    expect(shared.find(7, 21)).toBeDefined();
    expect(shared.find(7, 5)).toBeUndefined();
    // The fifth does not show on its own list.
    sharedOtherEventsFor(locals, 'en', null)!.keeperFor(page(5, lead), now, null)!('<ul>without 5</ul>');
    cache.apply(['event:5']);
    expect(shared.find(7, 5)?.body.toString()).toBe('<ul>without 5</ul>');
    expect(shared.find(7, 21)).toBeUndefined();
  });

  it('is not kept when a purge of what it shows came while it was rendered', () => {
    const { cache, locals } = setup();
    const shared = sharedOtherEventsFor(locals, 'en', null)!;
    const keep = shared.keeperFor(page(20, lead), now, null)!;
    cache.apply(['event:3']);
    keep('<ul>from before the write</ul>');
    expect(shared.find(7, 21)).toBeUndefined();
    // A request starting after the purge keeps what it renders.
    const later = sharedOtherEventsFor(locals, 'en', null)!;
    later.keeperFor(page(20, lead), now, null)!('<ul>after</ul>');
    expect(later.find(7, 21)?.body.toString()).toBe('<ul>after</ul>');
  });

  it('lasts until a listed event starts or ends, a scheduled publication, or the page lifetime', () => {
    const { locals } = setup();
    const shared = sharedOtherEventsFor(locals, 'en', null)!;
    // The first listed event (id 1) starts 49 hours from now: the page lifetime comes first.
    shared.keeperFor(page(20, lead), now, null)!('<ul></ul>');
    expect(shared.find(7, 21)!.expiresAt).toBe(now.getTime() + PAGE_MAX_AGE * 1000);
    // Listed events starting within minutes, and a scheduled publication sooner still.
    shared.keeperFor(page(20, lead, -0.9), now, null)!('<ul></ul>');
    expect(shared.find(7, 21)!.expiresAt).toBe(now.getTime() + 0.1 * hour);
    const publication = new Date(now.getTime() + 60_000);
    shared.keeperFor(page(20, lead, -0.9), now, publication)!('<ul></ul>');
    expect(shared.find(7, 21)!.expiresAt).toBe(publication.getTime());
  });

  it('is not kept where no page cache runs, and fits in its share of the budget', () => {
    expect(sharedOtherEventsFor({}, 'en', null)).toBeUndefined();
    expect(sharedOtherEventsFor(setup(0).locals, 'en', null)).toBeUndefined();
    const { cache, locals } = setup(400_000);
    expect(cache.fragments.maxBytes + cache.store.maxBytes).toBe(400_000);
    const shared = sharedOtherEventsFor(locals, 'en', null)!;
    for (let edition = 1; edition <= 100; edition += 1) {
      shared.keeperFor({ ...page(20, lead), edition: { id: edition } } as unknown as EventDetail, now, null)!('x'.repeat(5_000));
    }
    expect(cache.fragments.bytes).toBeLessThanOrEqual(cache.fragments.maxBytes);
    expect(shared.find(100, 21)).toBeDefined();
    expect(shared.find(1, 21)).toBeUndefined();
  });
});

describe('which event writes keep the lists of first events', () => {
  const state = (id: number, values: Record<string, unknown>) => ({ id, values, translations: {}, links: {} });
  const before = state(1, { status: 'published', publishAt: null, unpublishAt: null, startsAt: new Date(1_000), editionId: 7, room: 'A' });

  it('keeps them for one event whose publication, start and edition are unchanged', () => {
    expect(keepsEditionLists([before, { ...before, values: { ...before.values, room: 'B', startsAt: new Date(1_000) } }])).toBe(true);
  });

  it('purges them for a new event, a move, a publication change, several events', () => {
    for (const [field, value] of [
      ['status', 'draft'],
      ['publishAt', new Date(5_000)],
      ['unpublishAt', new Date(5_000)],
      ['startsAt', new Date(2_000)],
      ['editionId', 8],
    ] as const) {
      expect(keepsEditionLists([before, { ...before, values: { ...before.values, [field]: value } }]), field).toBe(false);
    }
    expect(keepsEditionLists([before])).toBe(false);
    expect(keepsEditionLists([before, { ...before, id: 2 }])).toBe(false);
    expect(keepsEditionLists([before, before, before])).toBe(false);
  });
});
