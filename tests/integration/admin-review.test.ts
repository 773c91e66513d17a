/**
 * "Submit for review" against the built server (docs/decisions/064): a contributor submits a
 * draft; the publishers whose editions cover it see the nav badge and get one mail each in their
 * language; one requests changes with a comment, which the contributor gets by mail and on the
 * form; the contributor resubmits; approving publishes it (a working copy: applies it). Only
 * publishers decide, only on a waiting request; problems are localized; every step is logged;
 * trashing an item closes its request; the lists filter by "waiting for review".
 */
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { formatAdminDate } from '../../src/lib/dates.ts';
import { EDITOR_EMAIL, useAdminServer, type AdminClient } from '../helpers/admin-client.ts';
import { createEdition, createEvent, createTag, createUser, createVenue, uniqueName } from '../helpers/factories.ts';
import { readMailFile } from '../helpers/mail-files.ts';

const running = useAdminServer({ HUB_DEMO: '0', HUB_MAIL_POLL_MS: '200' });
const ADMIN_EMAIL = 'admin@admin-tests.example';

interface OutboxRow {
  id: number;
  recipient: string;
  locale: string;
  subject: string;
  text: string;
  kind: string;
}

const reviewMails = () =>
  running.app.server.query<OutboxRow>("SELECT id, recipient, locale, subject, text, kind FROM mail_outbox WHERE kind LIKE 'review-%' ORDER BY id");
const mailsTo = async (recipient: string) => (await reviewMails()).filter((row) => row.recipient === recipient);

const reviewPath = (collection: string, id: number, action: string) => `/api/admin/review/${collection}/${id}/${action}`;

async function statusOf(id: number): Promise<string | undefined> {
  const [row] = await running.app.server.query<{ status: string }>('SELECT status FROM events WHERE id = ?', [id]);
  return row?.status;
}

async function versionOf(client: AdminClient, collection: string, id: number): Promise<number> {
  return (await client.call<{ version: number }>('GET', `/api/admin/${collection}/${id}`)).body.version;
}

/** The nav's spoken review count on a page of the admin, or undefined without a badge. */
async function badgeOf(client: AdminClient, locale = 'en'): Promise<string | undefined> {
  const html = await (await client.request('GET', `/${locale}/admin`)).text();
  const match = /data-testid="nav-review-count"[^>]*>.*?<span class="admin-visually-hidden">([^<]*)<\/span>/s.exec(html);
  return match?.[1];
}

interface HistoryEntry {
  action: string;
  headline: string;
  by: string;
  said: string | null;
  compare: boolean;
}

const unescape = (html: string) =>
  html
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The entries of the history panel on an item's edit page, newest first, as its reader sees them. */
async function historyOf(client: AdminClient, locale: string, collection: string, id: number, page = 1): Promise<HistoryEntry[]> {
  const html = await (await client.request('GET', `/${locale}/admin/${collection}/${id}${page > 1 ? `?revisionsPage=${page}` : ''}`)).text();
  const panel = html.slice(html.indexOf('data-testid="item-history"'));
  return panel
    .split('<li class="activity-entry"')
    .slice(1)
    .map((entry) => ({
      action: /data-action="([^"]+)"/.exec(entry)![1]!,
      headline: unescape(/class="activity-entry__action"[^>]*>([^<]*)</.exec(entry)![1]!),
      by: unescape(/<\/strong>\s*<span[^>]*>([^<]*)</.exec(entry)![1]!),
      said: /class="activity-entry__said"[^>]*>([^<]*)</.exec(entry)?.[1] ?? null,
      compare: entry.includes('class="activity-entry__link"'),
    }));
}

describe('a review request', () => {
  it('goes from a contributor to the publishers of its edition and back, and approving publishes it', async () => {
    const { admin, editor, server } = running.app;
    const t = { en: getTranslator('en'), fr: getTranslator('fr'), de: getTranslator('de') };
    const own = await createEdition(admin);
    const other = await createEdition(admin);
    const contributorEmail = `${uniqueName('contributor').replace(' ', '-')}@review.example`;
    const contributor = await createUser(server, 'contributor', contributorEmail);
    const insideEmail = `${uniqueName('inside').replace(' ', '-')}@review.example`;
    const outsideEmail = `${uniqueName('outside').replace(' ', '-')}@review.example`;
    const inside = await createUser(server, 'editor', insideEmail, [own.id]);
    const outside = await createUser(server, 'editor', outsideEmail, [other.id]);
    await server.query("UPDATE auth_users SET locale = 'de' WHERE email = ?", [insideEmail]);
    await server.query("UPDATE auth_users SET locale = 'fr' WHERE email = ?", [contributorEmail]);
    const title = uniqueName('Reviewed event');
    const event = await createEvent(contributor, { editionId: own.id, translations: { en: { title } } });

    // Nothing waits yet: approving is a 409, titled in the caller's language.
    const early = await editor.request('POST', reviewPath('events', event.id, 'approve'), { version: event.version }, { 'Accept-Language': 'de' });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'REVIEW_NOT_WAITING', title: t.de('admin.error.REVIEW_NOT_WAITING') });
    // Bad input: 400 with the field, localized; nothing recorded.
    const bad = await contributor.request('POST', reviewPath('events', event.id, 'submit'), { version: 'one', extra: 1 }, { 'Accept-Language': 'fr' });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { title: string; errors: Record<string, string[]> };
    expect(badBody.title).toBe(t.fr('admin.error.VALIDATION_FAILED'));
    expect(Object.keys(badBody.errors)).toContain('version');
    // A stale version is the usual conflict.
    expect((await contributor.call('POST', reviewPath('events', event.id, 'submit'), { version: event.version + 5 })).status).toBe(409);

    const message = 'Please check the\nopening hours';
    const submitted = await contributor.call('POST', reviewPath('events', event.id, 'submit'), { version: event.version, message: ` ${message}\r\n` });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    expect(submitted.body).toMatchObject({ status: 'waiting', message, submittedBy: { label: contributorEmail } });
    expect((await contributor.call('POST', reviewPath('events', event.id, 'submit'), { version: event.version })).body).toMatchObject({
      status: 409,
      code: 'REVIEW_ALREADY_WAITING',
    });

    // The badge: publishers whose editions cover it; not the one limited to another edition, nor the contributor.
    expect(await badgeOf(editor)).toBe(t.en('admin.review.navWaiting_one', { count: 1 }));
    expect(await badgeOf(inside, 'de')).toBe(t.de('admin.review.navWaiting_one', { count: 1 }));
    expect(await badgeOf(outside)).toBeUndefined();
    expect(await badgeOf(contributor)).toBeUndefined();
    const queue = await inside.call<{ entries: { itemId: number; title: string; message: string }[]; total: number }>('GET', '/api/admin/review');
    expect(queue.body.entries.map((entry) => [entry.itemId, entry.title, entry.message])).toEqual([[event.id, title, message]]);
    expect((await outside.call<{ total: number }>('GET', '/api/admin/review')).body.total).toBe(0);
    expect((await contributor.request('GET', '/api/admin/review')).status).toBe(403);
    const screen = await (await inside.request('GET', '/de/admin/review')).text();
    expect(screen).toContain(title);
    expect(screen).toContain(t.de('admin.review.title'));

    // One mail to each such publisher, in their language, with a link; none to the others.
    const toInside = await mailsTo(insideEmail);
    expect(toInside).toHaveLength(1);
    expect(toInside[0]).toMatchObject({ locale: 'de', kind: 'review-request' });
    expect(toInside[0]!.subject).toContain(t.de('review.mail.submitted.subject', { who: contributorEmail, title }));
    expect(toInside[0]!.text).toContain(`/de/admin/events/${event.id}#review`);
    expect(await mailsTo(EDITOR_EMAIL)).toHaveLength(1);
    expect(await mailsTo(ADMIN_EMAIL)).toHaveLength(1);
    expect(await mailsTo(outsideEmail)).toEqual([]);
    expect(await mailsTo(contributorEmail)).toEqual([]);
    const parsed = await readMailFile(server.dir, toInside[0]!.id);
    expect(parsed.text).toContain(`/de/admin/events/${event.id}#review`);
    expect(parsed.text).toContain('opening hours');

    // Only publishers decide, and only inside their editions.
    const denied = await contributor.call('POST', reviewPath('events', event.id, 'approve'), { version: event.version });
    expect(denied.status).toBe(403);
    expect((await outside.call('POST', reviewPath('events', event.id, 'approve'), { version: event.version })).body).toMatchObject({
      status: 403,
      code: 'OUT_OF_EDITION_SCOPE',
    });
    // Requesting changes needs a comment.
    const blank = await inside.call('POST', reviewPath('events', event.id, 'request-changes'), { comment: '   ' });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body['errors'] as object)).toContain('comment');
    const comment = 'The venue is missing';
    const sentBack = await inside.call('POST', reviewPath('events', event.id, 'request-changes'), { comment });
    expect(sentBack.status).toBe(200);
    expect(sentBack.body).toMatchObject({ status: 'changes-requested', comment, decidedBy: { label: insideEmail } });
    const back = await mailsTo(contributorEmail);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ locale: 'fr', kind: 'review-decision' });
    expect(back[0]!.subject).toContain(t.fr('review.mail.changes.subject', { who: insideEmail, title }));
    expect(back[0]!.text).toContain(comment);
    expect(await badgeOf(editor)).toBeUndefined();
    // The contributor's form shows it.
    const form = await (await contributor.request('GET', `/fr/admin/events/${event.id}`)).text();
    expect(form).toContain(comment);
    expect(form).toContain(t.fr('admin.review.resubmit'));

    // Fixed and submitted again; a stale approval is a conflict, then approving publishes it.
    const edited = await contributor.call('PATCH', `/api/admin/events/${event.id}`, { version: event.version, venueAddress: '1 Hall Road' });
    expect(edited.status).toBe(200);
    const version = Number(edited.body['version']);
    expect((await contributor.call('POST', reviewPath('events', event.id, 'submit'), { version })).status).toBe(201);
    expect(await badgeOf(editor)).toBe(t.en('admin.review.navWaiting_one', { count: 1 }));
    expect((await editor.call('POST', reviewPath('events', event.id, 'approve'), { version: version - 1 })).body).toMatchObject({
      status: 409,
      code: 'VERSION_CONFLICT',
    });
    const approved = await editor.call<{ item: { status: string }; review: { status: string } }>('POST', reviewPath('events', event.id, 'approve'), {
      version,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.item.status).toBe('published');
    expect(approved.body.review.status).toBe('approved');
    expect(await statusOf(event.id)).toBe('published');
    expect(await badgeOf(editor)).toBeUndefined();
    const decisions = await mailsTo(contributorEmail);
    expect(decisions).toHaveLength(2);
    expect(decisions[1]!.subject).toContain(t.fr('review.mail.approved.subject', { who: EDITOR_EMAIL, title }));
    expect((await editor.call('POST', reviewPath('events', event.id, 'approve'), { version: version + 1 })).body).toMatchObject({
      code: 'REVIEW_NOT_WAITING',
    });

    // Every step is in the item's activity, labelled.
    const actions = await server.query<{ action: string }>("SELECT action FROM audit_log WHERE entity = 'event' AND entity_id = ? ORDER BY id", [
      String(event.id),
    ]);
    expect(actions.map((row) => row.action).filter((action) => action.startsWith('review-') || action === 'publish')).toEqual([
      'review-submit',
      'review-request-changes',
      'review-submit',
      'publish',
      'review-approve',
    ]);
    const activity = await (await admin.request('GET', `/de/admin/activity?collection=events&item=${event.id}`)).text();
    for (const action of ['review-submit', 'review-request-changes', 'review-approve']) {
      expect(activity).toContain(t.de(`admin.activity.action.${action}` as never));
      expect(activity).not.toContain(`admin.activity.action.${action}`);
    }
    // And in the item's own history, between its saves, with what was said; only saves offer a comparison.
    const history = await historyOf(contributor, 'de', 'events', event.id);
    const by = (name: string) => t.de('admin.activity.by', { name });
    expect(history.map(({ action, headline, by: who, said, compare }) => ({ action, headline, by: who, said: said && unescape(said), compare }))).toEqual([
      { action: 'review-approve', headline: t.de('admin.activity.review.approvedPublished'), by: by(EDITOR_EMAIL), said: null, compare: false },
      { action: 'publish', headline: t.de('admin.activity.action.publish'), by: by(EDITOR_EMAIL), said: null, compare: true },
      { action: 'review-submit', headline: t.de('admin.activity.action.review-submit'), by: by(contributorEmail), said: null, compare: false },
      { action: 'update', headline: t.de('admin.activity.action.update'), by: by(contributorEmail), said: null, compare: true },
      { action: 'review-request-changes', headline: t.de('admin.activity.action.review-request-changes'), by: by(insideEmail), said: comment, compare: false },
      { action: 'review-submit', headline: t.de('admin.activity.action.review-submit'), by: by(contributorEmail), said: message, compare: false },
      { action: 'create', headline: t.de('admin.activity.action.create'), by: by(contributorEmail), said: null, compare: true },
    ]);
    // The activity screen reads the steps the same way.
    expect(activity).toContain(t.de('admin.activity.review.approvedPublished'));
    expect(activity).toContain(comment);

    // Nothing of the exchange on the public page.
    const [row] = await server.query<{ slug: string }>('SELECT slug FROM events WHERE id = ?', [event.id]);
    const page = await (await fetch(`${server.origin}/en/hub/event/${row!.slug}`)).text();
    expect(page).toContain(title);
    expect(page).not.toContain('opening hours');
    expect(page).not.toContain(comment);
  });

  it('applies a working copy of a published item on approval, and the submitter may withdraw', async () => {
    const { admin, editor, server } = running.app;
    const contributor = await createUser(server, 'contributor');
    const live = await createEvent(admin, { status: 'published' });
    // A published item with no unpublished changes has nothing to review.
    expect((await contributor.call('POST', reviewPath('events', live.id, 'submit'), { version: live.version })).body).toMatchObject({
      status: 409,
      code: 'REVIEW_NOTHING_TO_PUBLISH',
    });
    const copy = await contributor.call('PUT', `/api/admin/events/${live.id}/draft`, { version: live.version, venueAddress: '9 Copy Street' });
    expect(copy.status).toBe(200);
    expect((await contributor.call('POST', reviewPath('events', live.id, 'submit'), { version: live.version })).status).toBe(201);
    // Someone else may not withdraw it; its submitter may.
    const stranger = await createUser(server, 'contributor');
    expect((await stranger.call('POST', reviewPath('events', live.id, 'withdraw'), {})).body).toMatchObject({ status: 403, code: 'REVIEW_NOT_YOURS' });
    expect((await contributor.call('POST', reviewPath('events', live.id, 'withdraw'), {})).body).toMatchObject({ status: 'withdrawn' });
    expect((await contributor.call('POST', reviewPath('events', live.id, 'submit'), { version: live.version })).status).toBe(201);

    const approved = await editor.call<{ item: { venueAddress: string; draft: unknown } }>('POST', reviewPath('events', live.id, 'approve'), {
      version: live.version,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.item.venueAddress).toBe('9 Copy Street');
    expect(approved.body.item.draft).toBeNull();
    expect(await statusOf(live.id)).toBe('published');
    // The withdrawal is in the item's history, in French too, between the saves.
    const history = await historyOf(contributor, 'fr', 'events', live.id);
    const fr = getTranslator('fr');
    expect(history.map((entry) => [entry.action, entry.headline, entry.compare])).toEqual([
      ['review-approve', fr('admin.activity.review.approvedPublished'), false],
      ['update', fr('admin.activity.action.update'), true],
      ['review-submit', fr('admin.activity.action.review-submit'), false],
      ['review-withdraw', fr('admin.activity.action.review-withdraw'), false],
      ['review-submit', fr('admin.activity.action.review-submit'), false],
      ['create', fr('admin.activity.action.create'), true],
    ]);
  });

  it('approves and schedules: a draft is published from that instant, a working copy is put on the schedule', async () => {
    const { admin, editor, server } = running.app;
    const contributor = await createUser(server, 'contributor');
    const at = new Date(Date.now() + 7 * 24 * 3_600_000);
    at.setUTCSeconds(0, 0);

    // A draft event: approved now, public from `at` (its own "Publish at").
    const draft = await createEvent(contributor);
    expect((await contributor.call('POST', reviewPath('events', draft.id, 'submit'), { version: draft.version })).status).toBe(201);
    // A time already past is refused on its field, localized, and the request still waits.
    const past = await editor.request(
      'POST',
      reviewPath('events', draft.id, 'approve'),
      { version: draft.version, publishAt: '2020-01-01T10:00:00Z' },
      { 'Accept-Language': 'fr' },
    );
    expect(past.status).toBe(422);
    expect(((await past.json()) as { errors: Record<string, string[]> }).errors).toEqual({ publishAt: ['NOT_IN_FUTURE'] });
    const scheduled = await editor.call<{ item: { status: string; publishAt: string }; review: { status: string } }>(
      'POST',
      reviewPath('events', draft.id, 'approve'),
      {
        version: draft.version,
        publishAt: at.toISOString(),
      },
    );
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.review.status).toBe('approved');
    expect(scheduled.body.item).toMatchObject({ status: 'published', publishAt: at.toISOString() });
    expect((await server.get(`/en/hub/event/${draft.slug}`)).status).toBe(404);

    // A published event's working copy: approved now, published by the schedule at `at`.
    const live = await createEvent(admin, { status: 'published' });
    expect((await contributor.call('PUT', `/api/admin/events/${live.id}/draft`, { version: live.version, venueAddress: '3 Later Street' })).status).toBe(200);
    expect((await contributor.call('POST', reviewPath('events', live.id, 'submit'), { version: live.version })).status).toBe(201);
    const copy = await editor.call<{ item: { venueAddress: string; draft: { scheduledAt: string | null; scheduledBy: { label: string } | null } } }>(
      'POST',
      reviewPath('events', live.id, 'approve'),
      { version: live.version, publishAt: at.toISOString() },
    );
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.item.venueAddress).not.toBe('3 Later Street');
    const [row] = await server.query<{ scheduled_at: number; scheduled_by: string }>(
      "SELECT scheduled_at, scheduled_by FROM working_copies WHERE entity = 'event' AND entity_id = ?",
      [live.id],
    );
    expect(row?.scheduled_at).toBe(at.getTime());
    const [approver] = await server.query<{ id: string }>('SELECT id FROM auth_users WHERE email = ?', [EDITOR_EMAIL]);
    expect(row?.scheduled_by).toBe(approver?.id);
    // Both items' histories say when they go public, in the reader's language and the admin's zone.
    const en = getTranslator('en');
    const scheduledFor = en('admin.activity.review.approvedScheduled', { time: formatAdminDate('en', 'UTC', at) });
    for (const id of [draft.id, live.id]) {
      const [step] = await historyOf(contributor, 'en', 'events', id);
      expect(step).toMatchObject({ action: 'review-approve', headline: scheduledFor, by: en('admin.activity.by', { name: EDITOR_EMAIL }), compare: false });
    }

    // A venue has no "Publish at" of its own: a draft venue cannot be approved for later.
    const venue = await createVenue(contributor, { address: '12 rue des Lilas, Paris' });
    expect((await contributor.call('POST', reviewPath('venues', venue.id, 'submit'), { version: venue.version })).status).toBe(201);
    const refused = await editor.call('POST', reviewPath('venues', venue.id, 'approve'), { version: venue.version, publishAt: at.toISOString() });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ publishAt: ['NOT_SCHEDULABLE'] });
    const approved = await editor.call<{ review: { status: string } }>('POST', reviewPath('venues', venue.id, 'approve'), { version: venue.version });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.review.status).toBe('approved');
    expect((await historyOf(contributor, 'en', 'venues', venue.id))[0]).toMatchObject({
      action: 'review-approve',
      headline: getTranslator('en')('admin.activity.review.approvedPublished'),
    });
  });

  it("pages the item's history over saves and review steps together, 20 entries a page", async () => {
    const { admin, server } = running.app;
    const contributor = await createUser(server, 'contributor');
    const tag = await createTag(contributor);
    // One save (the creation) and 22 steps: eleven requests, each withdrawn.
    for (let round = 0; round < 11; round++) {
      expect((await contributor.call('POST', reviewPath('tags', tag.id, 'submit'), { version: tag.version, message: `Round ${round}` })).status).toBe(201);
      expect((await contributor.call('POST', reviewPath('tags', tag.id, 'withdraw'), {})).status).toBe(200);
    }
    const first = await historyOf(admin, 'en', 'tags', tag.id);
    expect(first).toHaveLength(20);
    expect(first[0]).toMatchObject({ action: 'review-withdraw', compare: false });
    expect(first[1]).toMatchObject({ action: 'review-submit', said: 'Round 10' });
    const html = await (await admin.request('GET', `/en/admin/tags/${tag.id}`)).text();
    expect(html).toContain(`href="/en/admin/tags/${tag.id}?revisionsPage=2#revisions"`);
    const second = await historyOf(admin, 'en', `tags`, tag.id, 2);
    expect(second.map((entry) => [entry.action, entry.said, entry.compare])).toEqual([
      ['review-withdraw', null, false],
      ['review-submit', 'Round 0', false],
      ['create', null, true],
    ]);
  });

  it('is closed by the trash, and the lists filter by it', async () => {
    const { admin, server } = running.app;
    const contributor = await createUser(server, 'contributor');
    const tag = await createTag(contributor);
    const kept = await createTag(contributor);
    for (const item of [tag, kept]) {
      expect((await contributor.call('POST', reviewPath('tags', item.id, 'submit'), { version: await versionOf(contributor, 'tags', item.id) })).status).toBe(
        201,
      );
    }
    const waiting = await admin.call<{ items: { id: number }[] }>('GET', '/api/admin/tags?review=waiting');
    expect(waiting.body.items.map((item) => item.id).sort()).toEqual([tag.id, kept.id].sort());
    expect((await admin.call('GET', '/api/admin/tags?review=soon')).status).toBe(400);
    // The filter survives in a saved view.
    const view = await admin.call<{ query: Record<string, string> }>('POST', '/api/admin/views/tags', {
      name: uniqueName('Waiting'),
      query: { review: 'waiting' },
    });
    expect(view.status, JSON.stringify(view.body)).toBe(201);
    expect(view.body.query).toEqual({ review: 'waiting' });

    expect((await admin.request('DELETE', `/api/admin/tags/${tag.id}`)).status).toBe(204);
    const [closed] = await server.query<{ status: string }>("SELECT status FROM review_requests WHERE collection = 'tags' AND item_id = ?", [tag.id]);
    expect(closed!.status).toBe('closed');
    expect((await admin.call<{ items: { id: number }[] }>('GET', '/api/admin/tags?review=waiting')).body.items.map((item) => item.id)).toEqual([kept.id]);
    // A collection without publication: approving approves it as it is.
    const approved = await admin.call('POST', reviewPath('tags', kept.id, 'approve'), { version: await versionOf(admin, 'tags', kept.id) });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await admin.call<{ items: unknown[] }>('GET', '/api/admin/tags?review=waiting')).body.items).toEqual([]);
    // Approving what has no publication state says "approved", not "published".
    const [step] = await historyOf(admin, 'en', 'tags', kept.id);
    expect(step).toMatchObject({ action: 'review-approve', headline: getTranslator('en')('admin.activity.action.review-approve') });
  });
});
