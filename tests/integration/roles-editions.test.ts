/**
 * Contributors and edition scopes (docs/decisions/059), against the built server: a contributor
 * writes drafts and working copies but never changes what the public sees; a person limited to
 * some editions writes those editions and their events on every write path, reads the rest, and
 * of the shared collections changes only what they created. The team API sets both.
 */
import { describe, expect, it } from 'vitest';
import { adminClient, useAdminServer, type AdminClient } from '../helpers/admin-client.ts';
import { createEdition, createEvent, createTag, createUser, createVenue, uniqueName, type Created } from '../helpers/factories.ts';
import { signUp } from '../helpers/auth.ts';
import { publishDueWorkingCopies } from '../../src/server/admin/working-copy-schedule.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

const outOfScope = { code: 'OUT_OF_EDITION_SCOPE' };

async function limitedEditor(editions: number[]): Promise<AdminClient> {
  return createUser(running.app.server, 'editor', undefined, editions);
}

async function eventStatus(id: number): Promise<string | undefined> {
  const [row] = await running.app.server.query<{ status: string }>('SELECT status FROM events WHERE id = ?', [id]);
  return row?.status;
}

describe('a contributor', () => {
  it('creates and edits drafts, and is refused every publication path with 403', async () => {
    const contributor = await createUser(running.app.server, 'contributor');
    const me = await contributor.call('GET', '/api/admin/me');
    expect(me.body).toMatchObject({ role: 'contributor', editions: null });
    expect(me.body['permissions']).not.toContain('content.publish');

    const draft = await createEvent(contributor);
    const edited = await contributor.call('PATCH', `/api/admin/events/${draft.id}`, { version: draft.version, venueAddress: '2 rue Neuve' });
    expect(edited.status).toBe(200);

    const publish = await contributor.call('PATCH', `/api/admin/events/${draft.id}`, { version: edited.body['version'], status: 'published' });
    expect(publish.status).toBe(403);
    expect(publish.body).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'content.publish' });
    const bulk = await contributor.call('POST', '/api/admin/events/bulk', { action: 'publish', ids: [draft.id] });
    expect(bulk.status).toBe(403);
    const matching = await contributor.call('POST', '/api/admin/events/bulk', { action: 'publish', matching: { status: 'draft' } });
    expect(matching.status).toBe(403);
    expect(await eventStatus(draft.id)).toBe('draft');

    // A published item: changed only through a working copy, which it may not publish or schedule.
    const live = await createEvent(running.app.admin, { status: 'published' });
    expect((await contributor.call('PATCH', `/api/admin/events/${live.id}`, { version: live.version, venueAddress: '3 rue Neuve' })).status).toBe(403);
    const copy = await contributor.call('PUT', `/api/admin/events/${live.id}/draft`, { version: live.version, venueAddress: '3 rue Neuve' });
    expect(copy.status).toBe(200);
    expect((await contributor.call('POST', `/api/admin/events/${live.id}/draft/publish`, { version: live.version })).status).toBe(403);
    const schedule = await contributor.call('PUT', `/api/admin/events/${live.id}/draft/schedule`, { at: '2031-01-01T10:00:00Z' });
    expect(schedule.status).toBe(403);
    expect((await contributor.call('POST', '/api/admin/events/bulk', { action: 'unpublish', ids: [live.id] })).status).toBe(403);
    expect((await contributor.call('DELETE', `/api/admin/events/${live.id}`)).status).toBe(403);
    expect(await eventStatus(live.id)).toBe('published');

    // A draft nobody ever saw can go.
    expect((await contributor.request('DELETE', `/api/admin/events/${draft.id}`)).status).toBeLessThan(300);
    expect(await eventStatus(draft.id)).toBeUndefined();
  });
});

describe('an editor limited to one edition', () => {
  let own: Created;
  let other: Created;
  let otherEvent: Created;

  async function setUp(): Promise<AdminClient> {
    own = await createEdition(running.app.admin);
    other = await createEdition(running.app.admin);
    otherEvent = await createEvent(running.app.admin, { editionId: other.id });
    return limitedEditor([own.id]);
  }

  it('writes its edition and the events in it, and nothing of another edition', async () => {
    const editor = await setUp();
    expect((await editor.call('GET', '/api/admin/me')).body['editions']).toEqual([own.id]);

    const mine = await createEvent(editor, { editionId: own.id });
    expect(mine.id).toBeGreaterThan(0);
    const elsewhere = await editor.call('POST', '/api/admin/events', { ...eventBody(), editionId: other.id });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toMatchObject(outOfScope);
    // A stand-alone event belongs to no edition of theirs either.
    expect((await editor.call('POST', '/api/admin/events', eventBody())).status).toBe(403);
    // Moving their event out of their edition is taking it away from it.
    expect((await editor.call('PATCH', `/api/admin/events/${mine.id}`, { version: mine.version, editionId: other.id })).body).toMatchObject(outOfScope);

    expect((await editor.call('PATCH', `/api/admin/editions/${own.id}`, { version: own.version, timeZone: 'Europe/Berlin' })).status).toBe(200);
    expect((await editor.call('PATCH', `/api/admin/editions/${other.id}`, { version: other.version, timeZone: 'Europe/Berlin' })).status).toBe(403);
    expect(
      (
        await editor.call('POST', '/api/admin/editions', {
          startsAt: '2031-03-01T00:00:00Z',
          endsAt: '2031-03-02T00:00:00Z',
          translations: { en: { title: 'Mine' } },
        })
      ).status,
    ).toBe(403);
  });

  it('is refused another edition’s event on bulk, duplicate, working copy, revision and trash paths', async () => {
    const editor = await setUp();
    const mine = await createEvent(editor, { editionId: own.id });

    const bulk = await editor.call('POST', '/api/admin/events/bulk', { action: 'publish', ids: [mine.id, otherEvent.id] });
    expect(bulk.status).toBe(403);
    expect(bulk.body).toMatchObject(outOfScope);
    expect(await eventStatus(mine.id)).toBe('draft');
    // "All matching" acts on the matching items they may change: here none.
    const matching = await editor.call('POST', '/api/admin/events/bulk', { action: 'delete', matching: { edition: String(other.id) } });
    expect(matching.status).toBe(200);
    expect(matching.body).toMatchObject({ matched: 0, ids: [] });
    expect(await eventStatus(otherEvent.id)).toBe('draft');
    // Their own edition's items, selected by filter, are theirs to act on.
    expect((await editor.call('POST', '/api/admin/events/bulk', { action: 'publish', matching: { edition: String(own.id) } })).status).toBe(200);
    expect(await eventStatus(mine.id)).toBe('published');

    expect((await editor.call('POST', `/api/admin/events/${otherEvent.id}/duplicate`)).body).toMatchObject(outOfScope);
    const [revision] = await running.app.server.query<{ id: number }>(
      "SELECT id FROM revisions WHERE entity = 'event' AND entity_id = ? ORDER BY number LIMIT 1",
      [otherEvent.id],
    );
    const restore = await editor.call('POST', `/api/admin/events/${otherEvent.id}/revisions/${revision!.id}/restore`, { version: otherEvent.version });
    expect(restore.body).toMatchObject(outOfScope);

    const published = await createEvent(running.app.admin, { editionId: other.id, status: 'published' });
    expect((await editor.call('PUT', `/api/admin/events/${published.id}/draft`, { version: published.version, venueAddress: 'Elsewhere' })).body).toMatchObject(
      outOfScope,
    );

    expect((await running.app.admin.request('DELETE', `/api/admin/events/${otherEvent.id}`)).status).toBeLessThan(300);
    expect((await editor.call('POST', `/api/admin/trash/events/${otherEvent.id}/restore`)).body).toMatchObject(outOfScope);
    expect(await eventStatus(otherEvent.id)).toBeUndefined();
  });

  it('creates shared items and changes only the ones it created', async () => {
    const editor = await setUp();
    const theirs = await createVenue(running.app.admin);
    const created = await createVenue(editor);
    expect((await editor.call('PATCH', `/api/admin/venues/${created.id}`, { version: created.version, name: 'Renamed hall' })).status).toBe(200);
    const refused = await editor.call('PATCH', `/api/admin/venues/${theirs.id}`, { version: theirs.version, name: 'Renamed hall' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject(outOfScope);
    expect((await editor.call('GET', `/api/admin/venues/${theirs.id}`)).status).toBe(200);
  });
});

describe('the lists of a person limited to one edition', () => {
  it('mark what they may only read, count what they may change, and act on that only', async () => {
    const own = await createEdition(running.app.admin);
    const other = await createEdition(running.app.admin);
    const tag = await createTag(running.app.admin);
    const tagged = { tagIds: [tag.id] };
    const others = [
      await createEvent(running.app.admin, { editionId: other.id, ...tagged }),
      await createEvent(running.app.admin, { editionId: other.id, ...tagged }),
    ];
    const editor = await limitedEditor([own.id]);
    const mine = [await createEvent(editor, { editionId: own.id, ...tagged }), await createEvent(editor, { editionId: own.id, ...tagged })];
    const query = `tag=${String(tag.id)}&limit=10`;

    const list = await editor.call('GET', `/api/admin/events?${query}`);
    expect(list.body).toMatchObject({ total: 4, changeableTotal: 2 });
    const readOnly = (body: Record<string, unknown>) =>
      Object.fromEntries((body['items'] as { id: number; readOnly?: boolean }[]).map((item) => [item.id, item.readOnly === true]));
    expect(readOnly(list.body)).toEqual({ [mine[0]!.id]: false, [mine[1]!.id]: false, [others[0]!.id]: true, [others[1]!.id]: true });
    const editions = await editor.call('GET', `/api/admin/editions?limit=100`);
    expect(readOnly(editions.body)).toMatchObject({ [own.id]: false, [other.id]: true });

    // "Select all 2 you may change": the server picks those two, and the count it was shown holds.
    const all = await editor.call('POST', '/api/admin/events/bulk', { action: 'publish', matching: { tag: String(tag.id) }, shown: 2 });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ matched: 2, countChanged: false });
    expect(await Promise.all([...mine, ...others].map((event) => eventStatus(event.id)))).toEqual(['published', 'published', 'draft', 'draft']);

    // Shared collections: read-only unless they created it.
    const theirs = await createVenue(running.app.admin);
    const created = await createVenue(editor);
    const venues = await editor.call('GET', '/api/admin/venues?limit=100&sort=-createdAt');
    expect(readOnly(venues.body)).toMatchObject({ [theirs.id]: true, [created.id]: false });

    // Someone unlimited sees the list as before.
    const unlimited = await running.app.admin.call('GET', `/api/admin/events?${query}`);
    expect(unlimited.body).not.toHaveProperty('changeableTotal');
    expect(Object.values(readOnly(unlimited.body))).toEqual([false, false, false, false]);
  });
});

describe('a scheduled publication', () => {
  /** An editor of `editions` with a published event of the first one whose changes wait, scheduled an hour ahead. */
  async function scheduledByLimitedEditor(editions: Created[]) {
    const email = `${uniqueName('scheduler').replace(' ', '-')}@roles.example`;
    const editor = await createUser(
      running.app.server,
      'editor',
      email,
      editions.map((edition) => edition.id),
    );
    const [account] = await running.app.server.query<{ id: string }>('SELECT id FROM auth_users WHERE email = ?', [email]);
    const title = uniqueName('Dockside reading');
    const event = await createEvent(editor, { editionId: editions[0]!.id, status: 'published', translations: { en: { title } } });
    const draft = await editor.call('PUT', `/api/admin/events/${event.id}/draft`, { version: event.version, translations: { en: { title: `${title}, new` } } });
    expect(draft.status).toBe(200);
    // An hour ahead: the server's own round leaves it alone; the test runs the round at that instant.
    const at = new Date(Date.now() + 3_600_000);
    expect((await editor.call('PUT', `/api/admin/events/${event.id}/draft/schedule`, { version: event.version, scheduledAt: at.toISOString() })).status).toBe(
      200,
    );
    return { event, title, at, rolePath: `/api/admin/team/${account!.id}/role` };
  }

  async function runRoundAt(at: Date): Promise<number> {
    return publishDueWorkingCopies(running.db, async () => {}, new Date(at.getTime() + 1_000));
  }

  async function failure(eventId: number) {
    const [copy] = await running.app.server.query<{ scheduled_at: number | null; schedule_problem: string | null }>(
      "SELECT scheduled_at, schedule_problem FROM working_copies WHERE entity = 'event' AND entity_id = ?",
      [eventId],
    );
    const log = await running.app.server.query<{ action: string; changes: string }>(
      "SELECT action, changes FROM audit_log WHERE entity = 'event' AND entity_id = ? AND action LIKE 'schedule%' ORDER BY id",
      [String(eventId)],
    );
    return {
      copy,
      log: log.map((entry) => [entry.action, JSON.parse(entry.changes ?? '[]').find((change: { field: string }) => change.field === 'scheduleProblem')?.to]),
    };
  }

  it('is not applied once its edition left the scheduler’s scope: it stays, failed, with the reason, and is not tried again', async () => {
    const own = await createEdition(running.app.admin);
    const other = await createEdition(running.app.admin);
    const { event, title, at, rolePath } = await scheduledByLimitedEditor([own, other]);
    expect((await running.app.admin.call('POST', rolePath, { role: 'editor', editions: [other.id] })).status).toBe(200);

    expect(await runRoundAt(at)).toBe(0);
    expect((await running.app.admin.call('GET', `/api/admin/events/${event.id}`)).body['translations']).toMatchObject({ en: { title } });
    const failed = await failure(event.id);
    expect(failed.copy).toEqual({ scheduled_at: null, schedule_problem: 'SCHEDULER_OUT_OF_SCOPE' });
    expect(failed.log).toEqual([
      ['schedule', undefined],
      ['schedule-failed', 'SCHEDULER_OUT_OF_SCOPE'],
    ]);
    const item = await running.app.admin.call('GET', `/api/admin/events/${event.id}`);
    expect(item.body['draft']).toMatchObject({ scheduledAt: null, scheduleProblem: 'SCHEDULER_OUT_OF_SCOPE' });
    // The activity log says why, in the reader's language.
    const history = await (await running.app.admin.request('GET', `/fr/admin/events/${event.id}`)).text();
    expect(history).toContain('ne travaille plus sur l’édition de cet élément');

    // Not tried again.
    expect(await runRoundAt(new Date(at.getTime() + 60_000))).toBe(0);
    expect((await failure(event.id)).log).toHaveLength(2);
  });

  it('is not applied once its author may no longer publish, even inside their editions', async () => {
    const own = await createEdition(running.app.admin);
    const { event, title, at, rolePath } = await scheduledByLimitedEditor([own]);
    expect((await running.app.admin.call('POST', rolePath, { role: 'contributor' })).status).toBe(200);

    expect(await runRoundAt(at)).toBe(0);
    expect((await running.app.admin.call('GET', `/api/admin/events/${event.id}`)).body['translations']).toMatchObject({ en: { title } });
    expect((await failure(event.id)).copy).toEqual({ scheduled_at: null, schedule_problem: 'SCHEDULER_NOT_ALLOWED' });
  });

  it('is applied while its author still publishes that edition', async () => {
    const own = await createEdition(running.app.admin);
    const { event, title, at } = await scheduledByLimitedEditor([own]);
    expect(await runRoundAt(at)).toBe(1);
    expect((await running.app.admin.call('GET', `/api/admin/events/${event.id}`)).body['translations']).toMatchObject({ en: { title: `${title}, new` } });
  });
});

describe('the team API', () => {
  it('limits an account to editions and says which way a role moved in the activity log', async () => {
    const edition = await createEdition(running.app.admin);
    const email = `scoped-${Date.now()}@roles.example`;
    const cookie = await signUp(running.app.server.origin, email);
    const [account] = await running.app.server.query<{ id: string }>('SELECT id FROM auth_users WHERE email = ?', [email]);
    const path = `/api/admin/team/${account!.id}/role`;
    const admin = running.app.admin;

    expect((await admin.call('POST', path, { role: 'editor' })).status).toBe(200);
    const demoted = await admin.call('POST', path, { role: 'contributor', editions: [edition.id] });
    expect(demoted.status).toBe(200);
    expect((await adminClient(running.app.server.origin, cookie).call('GET', '/api/admin/me')).body).toMatchObject({
      role: 'contributor',
      editions: [edition.id],
    });
    expect((await admin.call('POST', path, { role: 'admin', editions: 'all' })).status).toBe(200);

    const empty = await admin.call('POST', path, { role: 'editor', editions: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'EDITIONS_REQUIRED' });
    const unknown = await admin.call('POST', path, { role: 'editor', editions: [999_999] });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'EDITION_NOT_FOUND' });

    const log = await running.app.server.query<{ action: string }>("SELECT action FROM audit_log WHERE entity = 'user' AND entity_id = ? ORDER BY id", [
      account!.id,
    ]);
    expect(log.map((row) => row.action)).toEqual(['grant', 'demote', 'change-editions', 'promote', 'change-editions']);
  });

  it('sets both from the team screen’s form, refusing "only these editions" with none ticked', async () => {
    const edition = await createEdition(running.app.admin);
    const email = `form-${Date.now()}@roles.example`;
    await signUp(running.app.server.origin, email);
    const [account] = await running.app.server.query<{ id: string }>('SELECT id FROM auth_users WHERE email = ?', [email]);
    const post = (fields: [string, string][]) => {
      const form = new URLSearchParams(fields);
      return running.app.admin.request('POST', `/api/admin/team/${account!.id}/role`, form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    };
    const none = await post([
      ['locale', 'fr'],
      ['role', 'contributor'],
      ['scope', 'some'],
    ]);
    expect(none.status).toBe(303);
    expect(none.headers.get('location')).toContain('error=EDITIONS_REQUIRED');
    const saved = await post([
      ['locale', 'fr'],
      ['role', 'contributor'],
      ['scope', 'some'],
      ['editions', String(edition.id)],
    ]);
    expect(saved.headers.get('location')).toContain('done=role');
    const [row] = await running.app.server.query<{ role: string; editions: string }>('SELECT role, editions FROM auth_users WHERE id = ?', [account!.id]);
    expect(row).toEqual({ role: 'contributor', editions: JSON.stringify([edition.id]) });

    const screen = await running.app.admin.request('GET', '/fr/admin/team');
    const html = await screen.text();
    expect(html).toContain('Contributeur ou contributrice');
    expect(html).toContain('Seulement ces éditions');
    // The saved editions are named in full under the box, which cuts long titles on a phone.
    expect(html).toMatch(/data-testid="edition-scope-chosen"[^>]*><span[^>]*>Éditions enregistrées\s*:<\/span>/);
  });
});

function eventBody() {
  return {
    startsAt: '2031-03-05T18:30:00+01:00',
    endsAt: '2031-03-05T21:00:00+01:00',
    timeZone: 'Europe/Paris',
    venueAddress: '1 rue de la Paix, Paris',
    translations: { en: { title: 'Somewhere else' } },
  };
}
