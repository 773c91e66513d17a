/**
 * "Publish changes at" against the built server (decision 035's amendment): a working copy
 * scheduled a moment ahead reaches the public page by itself, as one save (revision, audit, copy
 * gone, cache purged), and cached pages do not outlive the instant; a copy the live item outgrew
 * stays, unscheduled, with its reason in the item, the list and the activity log; bad requests
 * get clear 4xx answers; a copy whose author lost the right to publish is not applied. Exactly
 * once across workers: workers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, adminClient, EDITOR_EMAIL, useAdminServer } from '../helpers/admin-client.ts';
import { signUp } from '../helpers/auth.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createEvent, uniqueName, type Created } from '../helpers/factories.ts';
import { anHourAhead, expectKeptNoLaterThan, scheduleSoon } from '../helpers/near-instant.ts';
import { publishDueWorkingCopies } from '../../src/server/admin/working-copy-schedule.ts';

const running = useAdminServer({ HUB_DEMO: '0', HUB_SCHEDULE_POLL_MS: '200' });

async function page(path: string): Promise<{ state: string | null; cacheControl: string; body: string }> {
  const response = await fetch(`${running.app.server.origin}${path}`, { redirect: 'manual' });
  expect(response.status, path).toBe(200);
  return { state: cacheState(response), cacheControl: response.headers.get('cache-control') ?? '', body: await response.text() };
}

/** Polls `probe` until it returns a value, or fails after `ms`. */
async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function publishedEventWithDraft(draftTitle: string): Promise<{ event: Created; title: string }> {
  const title = uniqueName('Quayside recital');
  const event = await createEvent(running.app.editor, { status: 'published', translations: { en: { title } } });
  const saved = await running.app.editor.call('PUT', `/api/admin/events/${event.id}/draft`, {
    version: event.version,
    translations: { en: { title: draftTitle } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { event, title };
}

const schedule = (id: number, version: number, at: Date | string) =>
  running.app.editor.call('PUT', `/api/admin/events/${id}/draft/schedule`, { version, scheduledAt: typeof at === 'string' ? at : at.toISOString() });

async function auditActions(id: number): Promise<{ action: string; actor_label: string }[]> {
  return running.app.server.query("SELECT action, actor_label FROM audit_log WHERE entity = 'event' AND entity_id = ? ORDER BY id", [String(id)]);
}

async function listRow(id: number, title: string): Promise<Record<string, unknown>> {
  const list = await running.app.editor.call('GET', `/api/admin/events?q=${encodeURIComponent(title)}`);
  const row = (list.body.items as Record<string, unknown>[]).find((item) => item['id'] === id);
  expect(row, 'listed').toBeDefined();
  return row!;
}

/**
 * The round the server runs by itself, run here as if the clock read a second past `at`: for
 * checks of what happens at an instant, which the test's own requests must surely precede.
 */
const runRoundAt = (at: Date): Promise<number> => publishDueWorkingCopies(running.db, async () => {}, new Date(at.getTime() + 1_000));

describe('publish changes at a time', () => {
  it('applies the copy at its time as one save: the hub page changes by itself, with a revision and an audit entry', async () => {
    const draftTitle = uniqueName('Quayside recital, new programme');
    const { event, title } = await publishedEventWithDraft(draftTitle);
    const path = `/en/hub/event/${event.slug}`;
    await page(path);
    expect((await page(path)).state).toBe('HIT');

    // An hour ahead first: what holds before the instant is checked while it is surely ahead.
    const later = anHourAhead();
    const scheduled = await schedule(event.id, event.version, later.toISOString().replace('Z', '+00:00'));
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.draft).toMatchObject({ scheduledAt: later.toISOString(), scheduledBy: { label: EDITOR_EMAIL }, scheduleProblem: null });
    expect(await listRow(event.id, title)).toMatchObject({ unpublishedChanges: true, changesScheduledAt: later.toISOString(), changesScheduleProblem: null });
    // Still the published text until the time comes.
    expect((await page(path)).body).toContain(title);

    // Then a moment ahead (the server's round wakes for it), and from here the test only waits.
    const { at, answer } = await scheduleSoon((soon) => schedule(event.id, event.version, soon));
    expect(answer.body.draft).toMatchObject({ scheduledAt: at.toISOString(), scheduledBy: { label: EDITOR_EMAIL } });
    // A page rendered before the instant is kept past it by neither this server nor a CDN; one
    // rendered after it (a slow machine) already shows the changes.
    const requestedAt = Date.now();
    const fresh = await page(`/de/hub/event/${event.slug}`);
    if (fresh.body.includes(title)) expectKeptNoLaterThan(fresh.cacheControl, at, requestedAt);
    else expect(fresh.body).toContain(draftTitle);

    const changed = await waitFor('the hub page to show the scheduled changes', async () => {
      const now = await page(path);
      return now.body.includes(draftTitle) ? now : undefined;
    });
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect(changed.body).not.toContain(title);

    const item = await running.app.editor.call('GET', `/api/admin/events/${event.id}`);
    expect(item.body).toMatchObject({ draft: null, version: event.version + 1, translations: { en: { title: draftTitle } } });
    const revisions = await running.app.server.query<{ action: string; item_version: number }>(
      "SELECT action, item_version FROM revisions WHERE entity = 'event' AND entity_id = ? ORDER BY number",
      [event.id],
    );
    expect(revisions.at(-1)).toEqual({ action: 'update', item_version: event.version + 1 });
    const actions = await auditActions(event.id);
    expect(actions.filter((entry) => entry.action === 'update')).toEqual([{ action: 'update', actor_label: EDITOR_EMAIL }]);
    expect(actions.map((entry) => entry.action)).toContain('schedule');
  });

  it('leaves a copy the live item outgrew, unscheduled, with the reason in the item, the list and the activity log', async () => {
    const draftTitle = uniqueName('Quayside recital, my draft');
    const { event, title } = await publishedEventWithDraft(draftTitle);
    // An hour ahead, so the live change surely comes first; then the round runs at that instant.
    // Scheduled by the admin, whose role is stored in the database: the editor's comes from the
    // server's allow-list, which this process's round does not read.
    const at = anHourAhead();
    const scheduled = await running.app.admin.call('PUT', `/api/admin/events/${event.id}/draft/schedule`, {
      version: event.version,
      scheduledAt: at.toISOString(),
    });
    expect(scheduled.status).toBe(200);
    const live = await running.app.admin.call('PATCH', `/api/admin/events/${event.id}`, { version: event.version, venueAddress: '4 rue du Môle' });
    expect(live.status).toBe(200);

    expect(await runRoundAt(at)).toBe(0);
    const failed = (await running.app.editor.call('GET', `/api/admin/events/${event.id}`)).body;
    expect(failed).toMatchObject({
      version: event.version + 1,
      translations: { en: { title } },
      draft: { scheduledAt: null, scheduleProblem: 'VERSION_CONFLICT', item: { translations: { en: { title: draftTitle } } } },
    });
    expect(await listRow(event.id, title)).toMatchObject({ unpublishedChanges: true, changesScheduledAt: null, changesScheduleProblem: 'VERSION_CONFLICT' });
    expect((await auditActions(event.id)).filter((entry) => entry.action === 'schedule-failed')).toEqual([
      { action: 'schedule-failed', actor_label: ADMIN_EMAIL },
    ]);
    expect((await page(`/en/hub/event/${event.slug}`)).body).toContain(title);
    const activity = await running.app.admin.request('GET', `/en/admin/activity?collection=events&item=${event.id}`);
    expect(await activity.text()).toContain('Scheduled publication failed');
  });

  it('takes a copy off the schedule, and answers bad requests with clear 4xx problems', async () => {
    const { event } = await publishedEventWithDraft(uniqueName('Quayside recital, later'));
    const later = new Date(Date.now() + 3_600_000);
    const past = await schedule(event.id, event.version, new Date(Date.now() - 60_000));
    expect(past).toMatchObject({ status: 422, body: { errors: { scheduledAt: ['NOT_IN_FUTURE'] } } });
    expect(await schedule(event.id, event.version, 'tomorrow')).toMatchObject({ status: 400, body: { errors: { scheduledAt: ['INVALID_DATETIME'] } } });
    expect(await schedule(event.id, event.version + 3, later)).toMatchObject({ status: 409, body: { code: 'WORKING_COPY_CHANGED' } });
    expect(await schedule(999_999, 1, later)).toMatchObject({ status: 404 });
    const plain = await createEvent(running.app.editor, { status: 'published' });
    expect(await schedule(plain.id, plain.version, later)).toMatchObject({ status: 404, body: { code: 'NO_WORKING_COPY' } });

    expect((await schedule(event.id, event.version, later)).body.draft).toMatchObject({ scheduledAt: later.toISOString() });
    const off = await running.app.editor.call('DELETE', `/api/admin/events/${event.id}/draft/schedule`);
    expect(off.status).toBe(200);
    expect(off.body.draft).toMatchObject({ scheduledAt: null, scheduledBy: null, baseVersion: event.version });
    expect((await auditActions(event.id)).map((entry) => entry.action)).toEqual(expect.arrayContaining(['schedule', 'unschedule']));
  });
});

describe('an author who may no longer publish', () => {
  it('does not apply the copy once their role is revoked and their account disabled: it stays, unscheduled, with the reason', async () => {
    const { admin, server } = running.app;
    const email = `${uniqueName('scheduler')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')}@schedule.test`;
    const cookie = await signUp(server.origin, email);
    const [user] = await server.query<{ id: string }>('SELECT id FROM auth_users WHERE email = ?', [email]);
    expect((await admin.call('POST', `/api/admin/team/${user!.id}/role`, { role: 'editor' })).status).toBe(200);
    const author = adminClient(server.origin, cookie);

    const title = uniqueName('Harbour lights');
    const draftTitle = uniqueName('Harbour lights, unapproved');
    const event = await createEvent(author, { status: 'published', translations: { en: { title } } });
    expect(
      (await author.call('PUT', `/api/admin/events/${event.id}/draft`, { version: event.version, translations: { en: { title: draftTitle } } })).status,
    ).toBe(200);
    // An hour ahead, so the revocation surely comes first; then the round runs at that instant.
    const at = anHourAhead();
    expect((await author.call('PUT', `/api/admin/events/${event.id}/draft/schedule`, { version: event.version, scheduledAt: at.toISOString() })).status).toBe(
      200,
    );

    expect((await admin.call('POST', `/api/admin/team/${user!.id}/role`, { role: 'none' })).status).toBe(200);
    expect((await admin.call('POST', `/api/admin/team/${user!.id}/disable`, {})).status).toBe(200);

    expect(await runRoundAt(at)).toBe(0);
    const [copy] = await server.query<{ scheduled_at: number | null; schedule_problem: string | null }>(
      "SELECT scheduled_at, schedule_problem FROM working_copies WHERE entity = 'event' AND entity_id = ?",
      [event.id],
    );
    expect(copy).toEqual({ scheduled_at: null, schedule_problem: 'SCHEDULER_NOT_ALLOWED' });
    const hub = await page(`/en/hub/event/${event.slug}`);
    expect(hub.body).toContain(title);
    expect(hub.body).not.toContain(draftTitle);
    expect((await auditActions(event.id)).map((entry) => entry.action)).toEqual(['create', 'draft-save', 'schedule', 'schedule-failed']);
    const item = await running.app.editor.call('GET', `/api/admin/events/${event.id}`);
    expect(item.body.draft).toMatchObject({ scheduledAt: null, scheduleProblem: 'SCHEDULER_NOT_ALLOWED' });
    expect(await listRow(event.id, title)).toMatchObject({ changesScheduledAt: null, changesScheduleProblem: 'SCHEDULER_NOT_ALLOWED' });
  });
});
