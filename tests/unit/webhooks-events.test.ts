/**
 * Which content changes reach webhook receivers (public state only), the subscription grid
 * derived from the collection declarations, and the retry schedule fitting the 24-hour window.
 */
import { describe, expect, it } from 'vitest';
import { collectionNames } from '../../src/lib/collections/index.ts';
import type { EntitySpec, EntityState } from '../../src/server/engine/entity-spec.ts';
import { retryDelayMs } from '../../src/server/mail/backoff.ts';
import { contentEventKind } from '../../src/server/engine/content-webhooks.ts';
import { contentEventGrid, subscribableEventTypes } from '../../src/server/outbox/webhook-events.ts';
import { RETRY_WINDOW_MS } from '../../src/server/outbox/webhooks.ts';

const withStatus = { entity: 'event', publication: {} } as unknown as EntitySpec;
const withoutStatus = { entity: 'tag' } as unknown as EntitySpec;
const state = (status?: string): EntityState => ({ id: 1, values: status ? { status } : {}, translations: {}, links: {} });

describe('contentEventKind', () => {
  it('follows the public side of items with a publication status', () => {
    expect(contentEventKind(withStatus, { before: undefined, after: state('draft') })).toBeUndefined();
    expect(contentEventKind(withStatus, { before: undefined, after: state('published') })).toBe('published');
    expect(contentEventKind(withStatus, { before: state('draft'), after: state('published') })).toBe('published');
    expect(contentEventKind(withStatus, { before: state('published'), after: state('published'), changed: ['slug'] })).toBe('updated');
    expect(contentEventKind(withStatus, { before: state('published'), after: state('published'), changed: [] })).toBeUndefined();
    expect(contentEventKind(withStatus, { before: state('draft'), after: state('draft'), changed: ['slug'] })).toBeUndefined();
    expect(contentEventKind(withStatus, { before: state('published'), after: state('draft') })).toBe('unpublished');
    expect(contentEventKind(withStatus, { before: state('published'), after: state('archived') })).toBe('unpublished');
    expect(contentEventKind(withStatus, { before: state('published'), after: undefined })).toBe('deleted');
    expect(contentEventKind(withStatus, { before: state('draft'), after: undefined })).toBeUndefined();
  });

  it('judges a scheduled item public only inside its publishAt–unpublishAt window at the save', () => {
    const now = new Date('2031-03-01T12:00:00Z');
    const scheduled = (values: Record<string, unknown>): EntityState => ({ id: 1, values: { status: 'published', ...values }, translations: {}, links: {} });
    const later = new Date('2031-03-02T00:00:00Z');
    const earlier = new Date('2031-02-01T00:00:00Z');
    // Scheduled for later: nothing now (announced when the time comes), nothing for its edits.
    expect(contentEventKind(withStatus, { before: undefined, after: scheduled({ publishAt: later }) }, now)).toBeUndefined();
    expect(
      contentEventKind(withStatus, { before: scheduled({ publishAt: later }), after: scheduled({ publishAt: later }), changed: ['slug'] }, now),
    ).toBeUndefined();
    // The time already passed (as an ISO string from the API): public at once.
    expect(contentEventKind(withStatus, { before: undefined, after: scheduled({ publishAt: earlier.toISOString() }) }, now)).toBe('published');
    // Bringing the date forward publishes; an unpublication already passed hides.
    expect(contentEventKind(withStatus, { before: scheduled({ publishAt: later }), after: scheduled({ publishAt: null }) }, now)).toBe('published');
    expect(contentEventKind(withStatus, { before: scheduled({}), after: scheduled({ unpublishAt: earlier }) }, now)).toBe('unpublished');
    expect(contentEventKind(withStatus, { before: scheduled({ unpublishAt: earlier }), after: undefined }, now)).toBeUndefined();
  });

  it('treats items without a status as public from their creation', () => {
    expect(contentEventKind(withoutStatus, { before: undefined, after: state() })).toBe('published');
    expect(contentEventKind(withoutStatus, { before: state(), after: state(), changed: ['translations.en.label'] })).toBe('updated');
    expect(contentEventKind(withoutStatus, { before: state(), after: undefined })).toBe('deleted');
  });
});

describe('event types', () => {
  it('offers four events per declared collection and the contact form', () => {
    expect(contentEventGrid.map((row) => row.collection)).toEqual([...collectionNames]);
    expect(subscribableEventTypes).toHaveLength(collectionNames.length * 4 + 1);
    expect(subscribableEventTypes).toEqual(
      expect.arrayContaining(['event.published', 'edition.unpublished', 'media.deleted', 'tag.updated', 'contact.received']),
    );
  });
});

describe('retry schedule', () => {
  it('keeps trying for 24 hours with the default base, about a dozen attempts', () => {
    for (const random of [() => 0, () => 0.5, () => 0.999]) {
      let elapsed = 0;
      let attempts = 1;
      for (;;) {
        const next = elapsed + retryDelayMs(attempts, { baseMs: 60_000, random });
        if (next > RETRY_WINDOW_MS) break;
        elapsed = next;
        attempts += 1;
      }
      expect(attempts).toBeGreaterThanOrEqual(10);
      expect(attempts).toBeLessThanOrEqual(15);
      // The last attempt comes late in the day: the window is used, not cut short.
      expect(elapsed).toBeGreaterThan(RETRY_WINDOW_MS - 8 * 3_600_000);
    }
  });
});
