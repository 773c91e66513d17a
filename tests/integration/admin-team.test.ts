/**
 * The team screen and its API through the built server with real sessions: pending sign-ups
 * approved or refused, roles granted and revoked (never the last administrator), accounts
 * disabled (signed out at once, refused at sign-in) and re-enabled, sessions ended, each change
 * in the audit log, and only administrators allowed.
 */
import { describe, expect, it } from 'vitest';
import { adminClient, useAdminServer, type AdminClient } from '../helpers/admin-client.ts';
import { PASSWORD, get, postForm, signIn, signUp } from '../helpers/auth.ts';
import { uniqueName } from '../helpers/factories.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { tPlural } from '../../src/lib/plural.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

const newEmail = (prefix: string) => `${uniqueName(prefix).replace(' ', '-')}@team-tests.example`;

async function userId(email: string): Promise<string> {
  const [row] = await running.app.server.query<{ id: string }>('SELECT id FROM auth_users WHERE email = ?', [email]);
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
}

async function auditRows(entityId: string) {
  return running.app.server.query<{ action: string; actor_label: string; title: string; changes: string }>(
    "SELECT action, actor_label, title, changes FROM audit_log WHERE entity = 'user' AND entity_id = ? ORDER BY id",
    [entityId],
  );
}

function act(client: AdminClient, id: string, action: string, body: unknown = {}) {
  return client.call('POST', `/api/admin/team/${encodeURIComponent(id)}/${action}`, body);
}

/** Whether `cookie` still opens the admin (200 for a role, 403 for none; 302 to sign-in when signed out). */
async function adminStatus(cookie: string): Promise<number> {
  return (await get(running.app.server.origin, '/en/admin', cookie)).status;
}

describe('the team screen', () => {
  it('lists pending sign-ups first with their actions, and the accounts with role, last sign-in, 2FA and state', async () => {
    const email = newEmail('pending');
    await signUp(running.app.server.origin, email, 'Pending Person');
    expect((await get(running.app.server.origin, '/en/admin/team')).status).toBe(302); // anonymous: to sign-in
    const page = await running.app.admin.request('GET', '/en/admin/team');
    expect(page.status).toBe(200);
    const html = await page.text();
    const pendingSection = html.slice(html.indexOf('data-testid="team-pending"'), html.indexOf('data-testid="team-accounts"'));
    expect(pendingSection).toContain(email);
    expect(pendingSection).toContain('Approve as editor');
    expect(pendingSection).toContain('Approve as administrator');
    expect(pendingSection).toContain('Refuse');
    const accounts = html.slice(html.indexOf('data-testid="team-accounts"'));
    expect(accounts).toContain('admin@admin-tests.example');
    expect(accounts).not.toContain(email);
    expect(html).toContain('href="/en/admin/team/invitations"');
    expect(html).toContain('Last sign-in');
    expect(html).toContain('Two-factor');

    const fr = await running.app.admin.request('GET', '/fr/admin/team');
    expect(await fr.text()).toContain('Approuver comme éditeur');
  });

  it('tells the administrators of a sign-up waiting for a role: a mail to each, in their language, and a count beside Team', async () => {
    const pendingCount = async () => {
      const html = await (await running.app.admin.request('GET', '/en/admin')).text();
      const at = html.indexOf('data-testid="nav-team-count"');
      return at < 0 ? undefined : /<span aria-hidden="true">(\d+)<\/span>/.exec(html.slice(at, html.indexOf('</a>', at)))?.[1];
    };
    const before = Number((await pendingCount()) ?? 0);
    const email = newEmail('waiting');
    await signUp(running.app.server.origin, email, 'Waiting Person');
    const id = await userId(email);
    const mails = await running.app.server.query<{ recipient: string; kind: string; subject: string; text: string }>(
      'SELECT recipient, kind, subject, text FROM mail_outbox WHERE cause LIKE ? ORDER BY id',
      [`sign-up-pending:${id}:%`],
    );
    expect(mails.map((mail) => mail.recipient)).toContain('admin@admin-tests.example');
    expect(mails.map((mail) => mail.recipient)).not.toContain(email);
    const en = getTranslator('en');
    expect(mails[0]).toMatchObject({ kind: 'sign-up-pending', subject: expect.stringContaining(en('mail.account.pending.subject')) });
    expect(mails[0]!.text).toContain(email);
    expect(mails[0]!.text).toContain('/en/admin/team');
    expect(await pendingCount()).toBe(String(before + 1));
    const html = await (await running.app.admin.request('GET', '/en/admin')).text();
    expect(html).toContain(tPlural(en, 'admin.team.navPending', before + 1));
    // Approved, it waits no more.
    expect((await act(running.app.admin, id, 'role', { role: 'editor' })).status).toBe(200);
    expect(Number((await pendingCount()) ?? 0)).toBe(before);
  });

  it('answers 403 to an editor, on the page and the API', async () => {
    expect((await running.app.editor.request('GET', '/en/admin/team')).status).toBe(403);
    const id = await userId('visitor@admin-tests.example');
    const { status, body } = await act(running.app.editor, id, 'approve', { role: 'editor' });
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'users.manage' });
    expect((await running.app.editor.call('GET', '/api/admin/team')).status).toBe(403);
  });
});

describe('approving and refusing sign-ups', () => {
  it('approves a pending sign-up from the HTML form: the account gets its role, the audit log says approve none → editor', async () => {
    const email = newEmail('approve');
    const cookie = await signUp(running.app.server.origin, email, 'New Editor');
    expect(await adminStatus(cookie)).toBe(403);
    const id = await userId(email);
    const response = await postForm(
      running.app.server.origin,
      `/api/admin/team/${id}/approve`,
      { role: 'editor', locale: 'fr' },
      { cookie: running.app.admin.cookie },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/fr/admin/team?done=approve&user=${id}`);
    // The same session now opens the admin: roles are read on every request.
    expect(await adminStatus(cookie)).toBe(200);
    const flash = await (await running.app.admin.request('GET', response.headers.get('location')!)).text();
    expect(flash).toContain('New Editor est approuvé·e.');
    const [row] = await auditRows(id);
    expect(row).toMatchObject({ action: 'approve', actor_label: 'admin@admin-tests.example', title: `New Editor <${email}>` });
    expect(JSON.parse(row!.changes)).toEqual([{ kind: 'value', field: 'role', from: null, to: 'editor' }]);
    // Approving again: it is not pending any more.
    const again = await act(running.app.admin, id, 'approve', { role: 'admin' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'NOT_PENDING' });
  });

  it('refuses a pending sign-up: the account and its sessions are gone, it cannot sign in, the refusal is logged', async () => {
    const email = newEmail('refuse');
    const cookie = await signUp(running.app.server.origin, email, 'Stranger');
    const id = await userId(email);
    const { status } = await act(running.app.admin, id, 'refuse');
    expect(status).toBe(200);
    expect(await running.app.server.query('SELECT id FROM auth_users WHERE id = ?', [id])).toEqual([]);
    expect(await running.app.server.query('SELECT id FROM auth_sessions WHERE user_id = ?', [id])).toEqual([]);
    expect(await running.app.server.query('SELECT id FROM auth_accounts WHERE user_id = ?', [id])).toEqual([]);
    expect(await adminStatus(cookie)).toBe(302);
    await expect(signIn(running.app.server.origin, email)).rejects.toThrow(/401/);
    const [row] = await auditRows(id);
    expect(row).toMatchObject({ action: 'refuse', title: `Stranger <${email}>` });
  });

  it('refuses to refuse an account that has a role', async () => {
    const { status, body } = await act(running.app.admin, await userId('editor@admin-tests.example'), 'refuse');
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'NOT_PENDING' });
  });

  it('answers 400 for a missing role and 404 for an unknown account, as problem+json', async () => {
    const email = newEmail('bad-input');
    await signUp(running.app.server.origin, email);
    const missing = await running.app.admin.request('POST', `/api/admin/team/${await userId(email)}/approve`, {});
    expect(missing.status).toBe(400);
    expect(missing.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(await missing.json()).toMatchObject({ code: 'INVALID_INPUT', errors: { role: ['ROLE_REQUIRED'] } });
    const unknown = await act(running.app.admin, 'no-such-account', 'disable');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'USER_NOT_FOUND' });
    const action = await act(running.app.admin, await userId(email), 'promote');
    expect(action.status).toBe(400);
  });
});

describe('roles', () => {
  it('grants, changes and revokes a role, each logged old → new (a demotion is a demotion, not a grant)', async () => {
    const email = newEmail('roles');
    const cookie = await signUp(running.app.server.origin, email);
    const id = await userId(email);
    expect((await act(running.app.admin, id, 'role', { role: 'admin' })).status).toBe(200);
    expect((await get(running.app.server.origin, '/en/admin/team', cookie)).status).toBe(200);
    expect((await act(running.app.admin, id, 'role', { role: 'editor' })).status).toBe(200);
    expect((await act(running.app.admin, id, 'role', { role: 'none' })).status).toBe(200);
    expect(await adminStatus(cookie)).toBe(403);
    const rows = await auditRows(id);
    expect(rows.map((row) => [row.action, JSON.parse(row.changes)[0]])).toEqual([
      ['grant', { kind: 'value', field: 'role', from: null, to: 'admin' }],
      ['demote', { kind: 'value', field: 'role', from: 'admin', to: 'editor' }],
      ['revoke', { kind: 'value', field: 'role', from: 'editor', to: null }],
    ]);
  });

  it('never leaves the team without an administrator: 409 with a localized reason, nothing written', async () => {
    const adminId = await userId('admin@admin-tests.example');
    const before = (await auditRows(adminId)).length;
    const response = await running.app.admin.request('POST', `/api/admin/team/${adminId}/role`, { role: 'editor' }, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'LAST_ADMIN', title: expect.stringContaining('Abgelehnt') });
    const form = await postForm(
      running.app.server.origin,
      `/api/admin/team/${adminId}/role`,
      { role: 'none', locale: 'en' },
      { cookie: running.app.admin.cookie },
    );
    expect(form.headers.get('location')).toBe(`/en/admin/team?error=LAST_ADMIN&user=${adminId}`);
    const page = await (await running.app.admin.request('GET', form.headers.get('location')!)).text();
    expect(page).toContain('this would leave the team without an administrator');
    const [account] = await running.app.server.query<{ role: string }>('SELECT role FROM auth_users WHERE id = ?', [adminId]);
    expect(account?.role).toBe('admin');
    expect((await auditRows(adminId)).length).toBe(before);
  });
});

describe('disabling accounts and ending sessions', () => {
  it('disabling ends the sessions at once and blocks sign-in; re-enabling lets the account sign in again', async () => {
    const email = newEmail('disable');
    const first = await signUp(running.app.server.origin, email, 'Soon Disabled');
    const id = await userId(email);
    await act(running.app.admin, id, 'role', { role: 'editor' });
    const second = await signIn(running.app.server.origin, email);
    expect(await adminStatus(first)).toBe(200);
    expect(await adminStatus(second)).toBe(200);

    const { status } = await act(running.app.admin, id, 'disable');
    expect(status).toBe(200);
    expect(await adminStatus(first)).toBe(302);
    expect(await adminStatus(second)).toBe(302);
    expect(await running.app.server.query('SELECT id FROM auth_sessions WHERE user_id = ?', [id])).toEqual([]);

    // The right password no longer opens a session, by the JSON API or the sign-in form.
    const json = await fetch(`${running.app.server.origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: running.app.server.origin },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(json.status).toBe(403);
    expect(json.headers.getSetCookie().filter((cookie) => !/max-age=0/i.test(cookie))).toEqual([]);
    const form = await postForm(running.app.server.origin, '/en/admin/sign-in', { email, password: PASSWORD });
    expect(form.status).toBe(403);
    expect(await form.text()).toContain('This account is disabled');

    const team = await (await running.app.admin.request('GET', '/en/admin/team')).text();
    expect(team).toMatch(new RegExp(`data-email="${email}" data-pending="false" data-disabled="true"`));

    expect((await act(running.app.admin, id, 'enable')).status).toBe(200);
    expect(await adminStatus(await signIn(running.app.server.origin, email))).toBe(200);
    const rows = await auditRows(id);
    expect(rows.map((row) => row.action)).toEqual(['grant', 'disable', 'enable']);
    expect(JSON.parse(rows[1]!.changes)).toEqual([
      { kind: 'value', field: 'disabled', from: false, to: true },
      { kind: 'value', field: 'sessions', from: null, to: 2 },
    ]);
  });

  it('an administrator cannot disable their own account, nor the last administrator be disabled', async () => {
    const adminId = await userId('admin@admin-tests.example');
    const self = await act(running.app.admin, adminId, 'disable');
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ code: 'SELF' });
    // A second admin cannot disable the only other one either... once they are the last one.
    const email = newEmail('second-admin');
    const cookie = await signUp(running.app.server.origin, email);
    const secondId = await userId(email);
    await act(running.app.admin, secondId, 'role', { role: 'admin' });
    const second = adminClient(running.app.server.origin, cookie);
    expect((await act(second, adminId, 'disable')).status).toBe(200);
    const last = await act(second, adminId, 'role', { role: 'none' });
    expect(last.status).toBe(200); // revoking a disabled admin's role leaves the second admin
    // The second admin is now the only working administrator: revoking them is refused.
    const refusedToo = await act(second, secondId, 'role', { role: 'editor' });
    expect(refusedToo.status).toBe(409);
    expect(refusedToo.body).toMatchObject({ code: 'LAST_ADMIN' });
    // Restore the first admin for the other tests.
    await act(second, adminId, 'enable');
    await act(second, adminId, 'role', { role: 'admin' });
    running.app.admin = adminClient(running.app.server.origin, await signIn(running.app.server.origin, 'admin@admin-tests.example'));
  });

  it('ends every session of an account at once and logs how many', async () => {
    const email = newEmail('sessions');
    const first = await signUp(running.app.server.origin, email);
    const id = await userId(email);
    await act(running.app.admin, id, 'role', { role: 'editor' });
    const second = await signIn(running.app.server.origin, email);
    const { body } = await running.app.admin.call('GET', '/api/admin/team');
    expect(body.members.find((m: { email: string }) => m.email === email).activeSessions).toBe(2);
    const response = await postForm(running.app.server.origin, `/api/admin/team/${id}/end-sessions`, { locale: 'en' }, { cookie: running.app.admin.cookie });
    expect(response.status).toBe(303);
    expect(await adminStatus(first)).toBe(302);
    expect(await adminStatus(second)).toBe(302);
    // The account itself still works: a new sign-in opens the admin.
    expect(await adminStatus(await signIn(running.app.server.origin, email))).toBe(200);
    const rows = await auditRows(id);
    expect(rows.at(-1)?.action).toBe('end-sessions');
    expect(JSON.parse(rows.at(-1)!.changes)).toEqual([{ kind: 'value', field: 'sessions', from: null, to: 2 }]);
  });

  it('records the last sign-in, which outlives signing out', async () => {
    const email = newEmail('last-sign-in');
    await signUp(running.app.server.origin, email);
    const before = Date.now();
    const cookie = await signIn(running.app.server.origin, email);
    await postForm(running.app.server.origin, '/en/admin/sign-out', {}, { cookie });
    const [row] = await running.app.server.query<{ last_sign_in_at: number }>('SELECT last_sign_in_at FROM auth_users WHERE email = ?', [email]);
    expect(row!.last_sign_in_at).toBeGreaterThanOrEqual(before - 1000);
    const { body } = await running.app.admin.call('GET', '/api/admin/team');
    const member = body.members.find((m: { email: string }) => m.email === email);
    // `signUp` signed in once more; that session is still open.
    expect(member).toMatchObject({ pending: true, disabled: false, twoFactorEnabled: false, activeSessions: 1 });
    expect(Date.parse(member.lastSignInAt)).toBeGreaterThanOrEqual(before - 1000);
    // Pending sign-ups come first in the list.
    expect(body.members[0].pending).toBe(true);
  });
});
