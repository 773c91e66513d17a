/**
 * The events each status holds, kept by triggers (migration 0045) so the admin list by status
 * reads its total instead of counting a million rows: after every kind of write the kept counts
 * equal a real count of the items (a repeating event's later dates are not items), and the list's
 * total is that count.
 */
import { describe, expect, it } from 'vitest';
import { publicationStatuses } from '../../db/schema.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEdition, createEvent } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

/** The kept counts equal a real count, and the list by each status (and unfiltered) answers them. */
async function expectCountsKept(): Promise<Record<string, number>> {
  const { server, admin } = running.app;
  const kept = await server.query<{ status: string; items: number }>('SELECT status, items FROM event_status_counts WHERE items <> 0 ORDER BY status');
  const real = await server.query<{ status: string; items: number }>(
    'SELECT status, count(*) AS items FROM events WHERE series_id IS NULL GROUP BY status ORDER BY status',
  );
  expect(kept).toEqual(real);
  const byStatus = Object.fromEntries(real.map((row) => [row.status, row.items]));
  for (const status of publicationStatuses) {
    const { status: code, body } = await admin.call<{ total: number }>('GET', `/api/admin/events?status=${status}&limit=1`);
    expect(code).toBe(200);
    expect(body.total, status).toBe(byStatus[status] ?? 0);
  }
  const all = await admin.call<{ total: number }>('GET', '/api/admin/events?limit=1');
  expect(all.body.total).toBe(real.reduce((sum, row) => sum + row.items, 0));
  return byStatus;
}

describe('the kept counts of events by status', () => {
  it('follow creates, publication, bulk actions, repeating events, trash and restore', async () => {
    const { admin } = running.app;
    const edition = await createEdition(admin);
    const before = await expectCountsKept();

    const draft = await createEvent(admin, { editionId: edition.id });
    const published = await createEvent(admin, { editionId: edition.id, status: 'published' });
    // A weekly series of five: one item, four later dates that the list does not count.
    const series = await createEvent(admin, {
      editionId: edition.id,
      status: 'published',
      startsAt: '2031-03-18T18:00:00+01:00',
      endsAt: '2031-03-18T20:00:00+01:00',
      recurrence: { rule: 'FREQ=WEEKLY;COUNT=5' },
    });
    let counts = await expectCountsKept();
    expect(counts['draft'] ?? 0).toBe((before['draft'] ?? 0) + 1);
    expect(counts['published'] ?? 0).toBe((before['published'] ?? 0) + 2);

    // Publishing and archiving in bulk (the series' dates follow it, and still do not count).
    expect((await admin.call('POST', '/api/admin/events/bulk', { action: 'publish', ids: [draft.id] })).status).toBe(200);
    expect((await admin.call('POST', '/api/admin/events/bulk', { action: 'archive', ids: [series.id, published.id] })).status).toBe(200);
    counts = await expectCountsKept();
    expect(counts['archived'] ?? 0).toBe((before['archived'] ?? 0) + 2);

    // The trash: deleting removes an item (and a series with its dates), restoring puts it back.
    expect((await admin.request('DELETE', `/api/admin/events/${series.id}`)).status).toBe(204);
    counts = await expectCountsKept();
    expect(counts['archived'] ?? 0).toBe((before['archived'] ?? 0) + 1);
    expect((await admin.call('POST', `/api/admin/trash/events/${series.id}/restore`)).status).toBe(200);
    counts = await expectCountsKept();
    expect(counts['archived'] ?? 0).toBe((before['archived'] ?? 0) + 2);
  });

  it('are read by the list by status alone; a list with another filter still counts', async () => {
    const { admin, server } = running.app;
    const edition = await createEdition(admin);
    await createEvent(admin, { editionId: edition.id, status: 'published' });
    // A count the triggers did not write shows through the list by status alone, and only there.
    await server.query("UPDATE event_status_counts SET items = items + 1000 WHERE status = 'published'");
    try {
      const kept = await admin.call<{ total: number }>('GET', '/api/admin/events?status=published&limit=1');
      const [{ items }] = (await server.query<{ items: number }>("SELECT count(*) AS items FROM events WHERE series_id IS NULL AND status = 'published'")) as [
        { items: number },
      ];
      expect(kept.body.total).toBe(items + 1000);
      const counted = await admin.call<{ total: number }>('GET', `/api/admin/events?status=published&edition=${edition.id}&limit=1`);
      expect(counted.body.total).toBe(1);
    } finally {
      await server.query("UPDATE event_status_counts SET items = items - 1000 WHERE status = 'published'");
    }
    await expectCountsKept();
  });
});
