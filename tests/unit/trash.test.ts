/** The pure pieces of the trash (decision 053): snapshot → row, days left, and the screen's notices. */
import { describe, expect, it } from 'vitest';
import { events, tags } from '../../db/schema.ts';
import { parseEnv } from '../../src/server/config/env.ts';
import { noticeLocation, readTrashNotice, type TrashNotice } from '../../src/server/trash/notice.ts';
import { daysLeft, expiresAt, purgeCutoff, rowFromSnapshot, wasEverPublished } from '../../src/server/trash/snapshot.ts';

const DAY = 24 * 60 * 60_000;

describe('rowFromSnapshot', () => {
  it('turns the ISO strings of timestamp columns back into dates and keeps other values as they are', () => {
    const row = rowFromSnapshot(events, {
      id: 7,
      slug: 'night-walk',
      startsAt: '2031-03-05T17:30:00.000Z',
      publishedAt: null,
      recurrence: { rule: 'FREQ=WEEKLY;COUNT=3' },
      status: 'published',
    });
    expect(row['startsAt']).toEqual(new Date('2031-03-05T17:30:00.000Z'));
    expect(row['publishedAt']).toBeNull();
    expect(row['recurrence']).toEqual({ rule: 'FREQ=WEEKLY;COUNT=3' });
    expect(row).toMatchObject({ id: 7, slug: 'night-walk', status: 'published' });
  });

  it('leaves out keys the table no longer has', () => {
    expect(rowFromSnapshot(tags, { id: 3, slug: 'jazz', droppedColumn: 'x' })).toEqual({ id: 3, slug: 'jazz' });
  });
});

describe('wasEverPublished', () => {
  it('is true for a published item and for one published once (publishedAt kept, as a date or its JSON string)', () => {
    expect(wasEverPublished({ status: 'published' })).toBe(true);
    expect(wasEverPublished({ status: 'archived', publishedAt: '2030-01-01T00:00:00.000Z' })).toBe(true);
    expect(wasEverPublished({ status: 'draft', publishedAt: new Date() })).toBe(true);
    expect(wasEverPublished({ status: 'draft', publishedAt: null })).toBe(false);
    expect(wasEverPublished({ slug: 'a-tag' })).toBe(false);
  });
});

describe('days left', () => {
  const deletedAt = new Date('2030-05-01T10:00:00Z');
  it('counts a started day as one, down to 0 once due', () => {
    expect(daysLeft(deletedAt, 30, deletedAt)).toBe(30);
    expect(daysLeft(deletedAt, 30, new Date(deletedAt.getTime() + 29.5 * DAY))).toBe(1);
    expect(daysLeft(deletedAt, 30, new Date(deletedAt.getTime() + 30 * DAY))).toBe(0);
    expect(daysLeft(deletedAt, 30, new Date(deletedAt.getTime() + 45 * DAY))).toBe(0);
  });
  it('expires after the configured days, and the purge cut-off is that many days back', () => {
    expect(expiresAt(deletedAt, 7)).toEqual(new Date('2030-05-08T10:00:00Z'));
    expect(purgeCutoff(new Date('2030-05-08T10:00:00Z'), 7)).toEqual(deletedAt);
  });
});

describe('the screen’s notices', () => {
  it('survive the redirect: a restore with dropped links and a new slug, keeping the filter', () => {
    const notice: TrashNotice = {
      kind: 'restored',
      collection: 'events',
      id: 12,
      dropped: [
        { field: 'tagIds', collection: 'tags', id: 5 },
        { field: 'venueId', collection: 'venues', id: 9 },
      ],
      slug: 'night-walk-2',
      unlinked: [
        { collection: 'events', id: 4, reason: 'gone' },
        { collection: 'editions', id: 2, reason: 'replaced' },
      ],
    };
    const location = noticeLocation('fr', notice, 'events');
    expect(location.startsWith('/fr/admin/trash?collection=events&done=restored')).toBe(true);
    expect(readTrashNotice(new URL(location, 'http://x').searchParams)).toEqual(notice);
  });

  it('read the other outcomes back, and nothing from a tampered query', () => {
    const read = (notice: TrashNotice) => readTrashNotice(new URL(noticeLocation('en', notice, 'nope'), 'http://x').searchParams);
    expect(read({ kind: 'purged' })).toEqual({ kind: 'purged' });
    expect(read({ kind: 'emptied', count: 4 })).toEqual({ kind: 'emptied', count: 4 });
    expect(read({ kind: 'problem', code: 'GUID_TAKEN' })).toEqual({ kind: 'problem', code: 'GUID_TAKEN' });
    expect(noticeLocation('en', { kind: 'purged' }, 'nope')).toBe('/en/admin/trash?done=purged');
    expect(readTrashNotice(new URLSearchParams('done=problem&code=<script>'))).toEqual({ kind: 'problem', code: 'UNKNOWN' });
    expect(readTrashNotice(new URLSearchParams('done=restored&item=users.1'))).toBeUndefined();
    expect(readTrashNotice(new URLSearchParams('done=restored&item=events.3&dropped=tagIds.nope.1 x.y'))).toEqual({
      kind: 'restored',
      collection: 'events',
      id: 3,
      dropped: [],
    });
    expect(readTrashNotice(new URLSearchParams('done=restored&item=events.3&unlinked=events.4.lost users.2.gone'))).toEqual({
      kind: 'restored',
      collection: 'events',
      id: 3,
      dropped: [],
    });
    expect(readTrashNotice(new URLSearchParams('done=whatever'))).toBeUndefined();
  });
});

describe('HUB_TRASH_DAYS', () => {
  it('defaults to 30 and takes 1–3650 whole days', () => {
    expect(parseEnv({}).HUB_TRASH_DAYS).toBe(30);
    expect(parseEnv({ HUB_TRASH_DAYS: '7' }).HUB_TRASH_DAYS).toBe(7);
    for (const value of ['0', '3651', '1.5', 'soon']) expect(() => parseEnv({ HUB_TRASH_DAYS: value })).toThrow(/HUB_TRASH_DAYS/);
  });
});
