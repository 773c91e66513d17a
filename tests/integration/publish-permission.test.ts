/**
 * `content.publish` guards every change of a published item, not only publishing: a PATCH or a
 * restored revision of a published item changes the public site at once. No role lacks the
 * permission today (editors and admins hold it), so these tests build actors with a chosen set of
 * permissions and call the admin services on a real migrated libSQL file, as the routes do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../src/server/auth/actor.ts';
import { AdminError } from '../../src/server/errors/domain-errors.ts';
import { adminResources } from '../../src/server/collections/registry.ts';
import { listRevisions, restoreRevision } from '../../src/server/engine/revisions.ts';
import { createItem, getItem, updateItem } from '../../src/server/engine/service.ts';
import { parseInput } from '../../src/server/engine/validation.ts';
import type { Permission } from '../../src/server/auth/permissions.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const venues = adminResources.venues;

function actorWith(id: string, held: (permission: Permission) => boolean): Actor {
  return { id, label: `${id}@example.test`, can: held };
}

/** Everything: sets the scene. */
const publisher = actorWith('publisher', () => true);
/** May write content but not publish it (a contributor, as a later role will be). */
const writer = actorWith('writer', (permission) => permission !== 'content.publish');

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test?.close());

let sequence = 0;
async function createVenue(status: 'draft' | 'published'): Promise<{ id: number; version: number }> {
  sequence += 1;
  const body = parseInput(venues.createSchema!, { name: `Hall ${sequence}`, address: '1 Quay Street', status });
  const { body: created } = await createItem(db, publisher, venues, body);
  return created as { id: number; version: number };
}

const patch = (actor: Actor, id: number, version: number, name: string) => updateItem(db, actor, venues, id, parseInput(venues.patchSchema, { version, name }));

async function refusal(write: Promise<unknown>): Promise<AdminError> {
  const error = await write.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AdminError);
  return error as AdminError;
}

/** What a refused write must leave untouched: the row, its history, the audit log, the purges. */
async function footprint(id: number) {
  const count = async (sql: string, args: (string | number)[]) => (await db.$client.execute({ sql, args })).rows[0]![0];
  return {
    item: await getItem(db, venues, id),
    revisions: await count('SELECT count(*) FROM revisions WHERE entity = ? AND entity_id = ?', ['venue', id]),
    audit: await count('SELECT count(*) FROM audit_log WHERE entity = ? AND entity_id = ?', ['venue', String(id)]),
    purges: await count('SELECT count(*) FROM cache_purges', []),
  };
}

describe('changing a published item needs content.publish', () => {
  it('refuses a PATCH of a published item with 403 PERMISSION_DENIED naming content.publish, and writes nothing', async () => {
    const { id, version } = await createVenue('published');
    const before = await footprint(id);
    const error = await refusal(patch(writer, id, version, 'Renamed without the right'));
    expect(error.status).toBe(403);
    expect(error.code).toBe('PERMISSION_DENIED');
    expect(error.details?.extensions).toEqual({ permission: 'content.publish' });
    expect(await footprint(id)).toEqual(before);
    // Someone who may publish makes the same change.
    const { body } = await patch(publisher, id, version, 'Renamed by a publisher');
    expect(body).toMatchObject({ name: 'Renamed by a publisher', status: 'published', version: version + 1 });
  });

  it('refuses restoring a revision of a published item, and writes nothing', async () => {
    const { id, version } = await createVenue('published');
    await patch(publisher, id, version, 'Second name');
    const { items } = await listRevisions(db, venues.spec, id, 1, 10);
    const first = items.find((revision) => revision.number === 1)!;
    const before = await footprint(id);
    const error = await refusal(restoreRevision(db, writer, venues, id, first.id, version + 1));
    expect(error.status).toBe(403);
    expect(error.code).toBe('PERMISSION_DENIED');
    expect(await footprint(id)).toEqual(before);
    const restored = await restoreRevision(db, publisher, venues, id, first.id, version + 1);
    expect(restored.body.item).toMatchObject({ name: `Hall ${sequence}`, status: 'published' });
  });

  it('lets the same actor PATCH and restore a draft', async () => {
    const { id, version } = await createVenue('draft');
    const { body } = await patch(writer, id, version, 'Draft renamed');
    expect(body).toMatchObject({ name: 'Draft renamed', status: 'draft', version: version + 1 });
    const { items } = await listRevisions(db, venues.spec, id, 1, 10);
    const first = items.find((revision) => revision.number === 1)!;
    const restored = await restoreRevision(db, writer, venues, id, first.id, version + 1);
    expect(restored.body.item).toMatchObject({ name: `Hall ${sequence}`, status: 'draft', version: version + 2 });
  });
});
