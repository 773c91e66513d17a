/**
 * Bulk actions on "all items matching the list's filters" (decision 057), on a server without demo
 * content and with data the test makes: the server picks the items from the list query inside the
 * action, says how many matched and whether that differs from what the list showed, refuses more
 * than its cap and bad filters with a 4xx, and applies the same per-item rules as a bulk on ids.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/auth/actor.ts';
import { adminResources } from '../../src/server/collections/registry.ts';
import { matchingIdSource } from '../../src/server/engine/bulk-matching.ts';
import { bulkItems } from '../../src/server/engine/service.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEdition, createEvent } from '../helpers/factories.ts';

const shared = useAdminServer({ HUB_DEMO: '0' });
const EVENTS = 60;
/** The edition whose events the actions match, and one whose events they must leave alone. */
let edition: number;
let other: number;
let otherIds: number[];

async function statusesIn(editionId: number): Promise<string[]> {
  const rows = await shared.db.all<{ status: string }>(sql`SELECT status FROM events WHERE edition_id = ${editionId} ORDER BY id`);
  return rows.map((row) => row.status);
}

beforeAll(async () => {
  const { admin } = shared.app;
  edition = (await createEdition(admin)).id;
  other = (await createEdition(admin)).id;
  for (let i = 0; i < EVENTS; i++) await createEvent(admin, { editionId: edition });
  otherIds = [];
  for (let i = 0; i < 3; i++) otherIds.push((await createEvent(admin, { editionId: other })).id);
}, 120_000);

describe('bulk on all matching items', () => {
  it('publishes every draft the filters match, and nothing else, saying when the count changed', async () => {
    const { status, body } = await shared.app.admin.call('POST', '/api/admin/events/bulk', {
      action: 'publish',
      matching: { edition: String(edition), status: 'draft', sort: '-updatedAt', page: '1', limit: '25' },
      shown: EVENTS - 2,
    });
    expect(status).toBe(200);
    expect(body['changed']).toHaveLength(EVENTS);
    expect(body['matched']).toBe(EVENTS);
    expect(body['shown']).toBe(EVENTS - 2);
    expect(body['countChanged']).toBe(true);
    expect(await statusesIn(edition)).toEqual(Array(EVENTS).fill('published'));
    expect(await statusesIn(other)).toEqual(['draft', 'draft', 'draft']);
  });

  it('answers countChanged false when the list showed what matched, and an empty match changes nothing', async () => {
    const same = await shared.app.admin.call('POST', '/api/admin/events/bulk', {
      action: 'publish',
      matching: { edition: String(edition) },
      shown: EVENTS,
    });
    expect(same.status).toBe(200);
    expect(same.body['countChanged']).toBe(false);
    expect(same.body['changed']).toEqual([]);
    const none = await shared.app.admin.call('POST', '/api/admin/events/bulk', { action: 'publish', matching: { edition: String(edition), status: 'draft' } });
    expect(none.status).toBe(200);
    expect(none.body['matched']).toBe(0);
  });

  it('refuses an editor deleting published items exactly as it refuses the same ids', async () => {
    const byIds = await shared.app.editor.call('POST', '/api/admin/events/bulk', { action: 'delete', ids: [await firstIdIn(edition)] });
    const byFilter = await shared.app.editor.call('POST', '/api/admin/events/bulk', { action: 'delete', matching: { edition: String(edition) } });
    expect(byIds.status).toBe(403);
    expect(byFilter.status).toBe(byIds.status);
    expect(byFilter.body['code']).toBe(byIds.body['code']);
    expect(await statusesIn(edition)).toHaveLength(EVENTS);
  });

  it('refuses a bad filter with 400 and its field errors, and both ids and matching', async () => {
    const bad = await shared.app.admin.call('POST', '/api/admin/events/bulk', { action: 'publish', matching: { status: 'gone', debug: '1' } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    expect(bad.body['code']).toBe('INVALID_QUERY');
    expect(Object.keys(bad.body['errors']).sort()).toEqual(['matching.debug', 'matching.status']);
    expect(bad.body['errors']['matching.debug']).toEqual(['UNKNOWN_FIELD']);
    const both = await shared.app.admin.call('POST', '/api/admin/events/bulk', { action: 'publish', ids: otherIds, matching: {} });
    expect(both.status).toBe(400);
    expect(both.body['errors']).toHaveProperty('matching');
    const typed = await shared.app.admin.call('POST', '/api/admin/events/bulk', { action: 'publish', matching: { edition: 3 } });
    expect(typed.status).toBe(400);
    expect(await statusesIn(other)).toEqual(['draft', 'draft', 'draft']);
  });

  it('refuses more matching items than the cap with a 422, changing nothing', async () => {
    const everything: Actor = { id: 'cap-test', label: 'cap@example.test', can: () => true };
    const events = adminResources.events;
    const attempt = bulkItems(shared.db, everything, events, {
      action: 'unpublish',
      items: matchingIdSource(events, everything, { edition: String(edition) }, EVENTS - 1),
    });
    await expect(attempt).rejects.toMatchObject({ status: 422, code: 'TOO_MANY_MATCHING' });
    expect(await statusesIn(edition)).toEqual(Array(EVENTS).fill('published'));
    // At the cap it goes through: the cap counts items, not one more.
    const atCap = await bulkItems(shared.db, everything, events, {
      action: 'unpublish',
      items: matchingIdSource(events, everything, { edition: String(edition) }, EVENTS),
    });
    expect(atCap.body).toMatchObject({ matched: EVENTS });
    expect(await statusesIn(edition)).toEqual(Array(EVENTS).fill('draft'));
  });
});

async function firstIdIn(editionId: number): Promise<number> {
  const rows = await shared.db.all<{ id: number }>(sql`SELECT id FROM events WHERE edition_id = ${editionId} ORDER BY id LIMIT 1`);
  return rows[0]!.id;
}
