/**
 * The security trail (ASVS V7): creating, editing, rotating the secret of and deleting a webhook
 * endpoint each leave one activity entry, shown with its label and never holding the secret; and
 * every failed or refused sign-in step (wrong password, limiter lockout, wrong second factor and
 * its lock, a refused reset mail) writes one structured server log line with the normalised
 * address, the client address and a reason code.
 */
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { EDITOR_EMAIL, useAdminServer } from '../helpers/admin-client.ts';
import { PASSWORD, postForm, sessionCookie, signUp } from '../helpers/auth.ts';
import { totp } from '../helpers/totp.ts';

// The second-factor account is an editor: only team members reach their account page.
const running = useAdminServer({ HUB_DEMO: '0', HUB_EDITOR_EMAILS: `${EDITOR_EMAIL},second@security.test` });

interface AuditRow {
  action: string;
  entity: string;
  entity_id: string;
  title: string | null;
  changed_fields: string;
  changes: string | null;
}

describe('webhook endpoints in the activity log', () => {
  it('records create, update, secret rotation and delete, without the secret', async () => {
    const { admin, server } = running.app;
    const created = await admin.call('POST', '/api/admin/webhooks', { url: 'https://203.0.113.9/hook', events: ['tag.deleted'], enabled: false });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const secrets = [created.body.secret as string];
    expect(
      (await admin.call('PATCH', `/api/admin/webhooks/${id}`, { description: 'Newsletter', enabled: false, events: ['tag.deleted', 'tag.published'] })).status,
    ).toBe(200);
    const rotated = await admin.call('POST', `/api/admin/webhooks/${id}/secret`);
    secrets.push(rotated.body.secret);
    const formRotate = await admin.request('POST', `/en/admin/webhooks/${id}`, 'intent=rotate', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(formRotate.status).toBe(303);
    secrets.push((await admin.call('GET', `/api/admin/webhooks/${id}`)).body.secret);
    expect((await admin.request('DELETE', `/api/admin/webhooks/${id}`)).status).toBe(204);

    const rows = await server.query<AuditRow>(
      "SELECT action, entity, entity_id, title, changed_fields, changes FROM audit_log WHERE entity = 'webhook_endpoint' ORDER BY id",
    );
    expect(rows.map((row) => [row.action, row.entity_id, row.title])).toEqual([
      ['create', String(id), 'https://203.0.113.9/hook'],
      ['update', String(id), 'https://203.0.113.9/hook'],
      ['rotate-secret', String(id), 'https://203.0.113.9/hook'],
      ['rotate-secret', String(id), 'https://203.0.113.9/hook'],
      ['delete', String(id), 'https://203.0.113.9/hook'],
    ]);
    expect(JSON.parse(rows[1]!.changed_fields)).toEqual(['description', 'events']);
    expect(JSON.parse(rows[1]!.changes!)).toContainEqual({ kind: 'value', field: 'events', from: 'tag.deleted', to: 'tag.deleted, tag.published' });
    const stored = JSON.stringify(await server.query('SELECT * FROM audit_log'));
    for (const secret of secrets) expect(stored).not.toContain(secret.slice(6, 26));

    const activity = await (await admin.request('GET', '/fr/admin/activity')).text();
    const t = getTranslator('fr');
    expect(activity).toContain(t('admin.activity.entity.webhook_endpoint'));
    expect(activity).toContain(t('admin.activity.action.rotate-secret'));
  });
});

interface RefusalLine {
  msg: string;
  event: string;
  reason: string;
  email: string;
  client: string;
}

/** The server's `auth.refused` lines for `email`, in order. */
function refusalsOf(email: string): RefusalLine[] {
  return running.app.server
    .logs()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"auth.refused"'))
    .map((line) => JSON.parse(line) as RefusalLine)
    .filter((line) => line.email === email);
}

describe('failed and refused sign-in steps in the server log', () => {
  it('logs each wrong password, then the lockout, with the normalised address and the client', async () => {
    const email = 'lockout@security.test';
    await signUp(running.app.server.origin, email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await postForm(running.app.server.origin, '/en/admin/sign-in', { email: '  LockOut@Security.TEST ', password: `wrong-${i}-password` })).status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    const lines = refusalsOf(email);
    expect(lines.map((line) => line.reason)).toEqual([
      'BAD_CREDENTIALS',
      'BAD_CREDENTIALS',
      'BAD_CREDENTIALS',
      'BAD_CREDENTIALS',
      'BAD_CREDENTIALS',
      'LOCKED_OUT',
    ]);
    for (const line of lines) expect(line).toMatchObject({ msg: 'sign-in refused', client: '127.0.0.1' });
    expect(running.app.server.logs()).not.toContain('wrong-0-password');
  });

  it('logs wrong second-factor codes and the lock that follows', async () => {
    const { origin } = running.app.server;
    const email = 'second@security.test';
    const cookie = await signUp(origin, email);
    const setup = await (await postForm(origin, '/en/admin/account', { intent: 'enable-two-factor', password: PASSWORD }, { cookie })).text();
    const secret = /data-testid="totp-secret"[^>]*>\s*([A-Z2-7 ]+?)\s*</.exec(setup)![1]!.replace(/ /g, '');
    expect((await postForm(origin, '/en/admin/account', { intent: 'confirm-two-factor', code: totp(secret) }, { cookie })).status).toBe(200);
    const wrong = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, '0');

    const statuses: number[] = [];
    // 5 wrong codes per pending sign-in, 10 in a row lock the second factor.
    for (let challenge = 0; challenge < 3 && statuses.at(-1) !== 429; challenge++) {
      const pending = sessionCookie(await postForm(origin, '/en/admin/sign-in', { email, password: PASSWORD }));
      for (let i = 0; i < 5 && statuses.at(-1) !== 429; i++) {
        statuses.push((await postForm(origin, '/en/admin/sign-in/two-factor', { method: 'totp', code: wrong }, { cookie: pending })).status);
      }
    }
    expect(statuses.at(-1)).toBe(429);
    const reasons = refusalsOf(email).map((line) => line.reason);
    expect(reasons.filter((reason) => reason === 'TWO_FACTOR_WRONG').length).toBeGreaterThanOrEqual(9);
    expect(reasons.at(-1)).toBe('TWO_FACTOR_LOCKED');
    expect(reasons).not.toContain('BAD_CREDENTIALS');
  });

  it('logs a refused password-reset request', async () => {
    const email = 'reset@security.test';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await postForm(running.app.server.origin, '/en/admin/sign-in/forgot-password', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(refusalsOf(email)).toEqual([expect.objectContaining({ reason: 'RESET_LIMITED', client: '127.0.0.1' })]);
  });
});
