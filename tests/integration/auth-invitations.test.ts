/**
 * Invitations of local accounts through the built server and a real SMTP server: admins invite
 * an address with a role (API and the no-JavaScript page), the mail's one-time link (7 days)
 * creates the account with that role and a verified address and signs it in, links can be
 * resent and revoked, every action is audited, and HUB_SIGN_UP=invite-only leaves invitations
 * as the way in.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_MAIL, linkIn, mailTo, pathOf } from '../helpers/account-mail.ts';
import { PASSWORD, get, postForm, sessionCookie, signUp } from '../helpers/auth.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import type { Role } from '../../src/server/auth/roles.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp-server.ts';

let smtp: TestSmtp;
let server: TestServer;
let admin: string;
let editor: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ HUB_DEMO: '0', HUB_EDITOR_EMAILS: 'eddie@example.test', ...smtp.env, ...FAST_MAIL });
  admin = await signUp(server.origin, 'ada@example.test', 'Ada');
  editor = await signUp(server.origin, 'eddie@example.test', 'Eddie');
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

function api(method: string, path: string, cookie: string, body?: unknown): Promise<Response> {
  return fetch(`${server.origin}${path}`, {
    method,
    headers: { cookie, origin: server.origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

async function invite(email: string, role: Role, locale = 'en', editions?: number[]) {
  const mark = smtp.received.length;
  const response = await api('POST', '/api/admin/invitations', admin, { email, role, locale, ...(editions ? { editions } : {}) });
  expect(response.status, await response.clone().text()).toBe(201);
  const { invitation } = await response.json();
  const subject = { en: 'You are invited', fr: 'Vous êtes invité', de: 'Sie sind in das Programmteam eingeladen' }[locale]!;
  const mail = await mailTo(smtp, email.toLowerCase(), subject, mark);
  return { invitation, mail, link: linkIn(mail, `/${locale}/admin/sign-up/invitation`) };
}

const auditOf = (id: number) =>
  server.query<{ action: string; actor_label: string }>("SELECT action, actor_label FROM audit_log WHERE entity = 'invitation' AND entity_id = ? ORDER BY id", [
    String(id),
  ]);

describe('inviting', () => {
  it('invites a contributor limited to editions, and the account arrives with both (decision 059)', async () => {
    const created = await api('POST', '/api/admin/editions', admin, {
      startsAt: '2031-03-01T00:00:00Z',
      endsAt: '2031-03-31T00:00:00Z',
      translations: { en: { title: 'Guest edition' } },
    });
    const edition = (await created.json()) as { id: number };
    expect((await api('POST', '/api/admin/invitations', admin, { email: 'nope@example.test', role: 'contributor', editions: [] })).status).toBe(400);
    const unknown = await api('POST', '/api/admin/invitations', admin, { email: 'nope@example.test', role: 'contributor', editions: [999_999] });
    expect(unknown.status).toBe(422);

    const { invitation, link } = await invite('Gus@Example.test', 'contributor', 'en', [edition.id]);
    expect(invitation).toMatchObject({ role: 'contributor', editions: JSON.stringify([edition.id]) });
    const accepted = await postForm(server.origin, pathOf(link), { name: 'Gus', password: PASSWORD });
    expect(accepted.status).toBe(303);
    expect(await (await get(server.origin, '/api/admin/me', sessionCookie(accepted))).json()).toMatchObject({ role: 'contributor', editions: [edition.id] });
  });

  it('is for admins only', async () => {
    const response = await api('POST', '/api/admin/invitations', editor, { email: 'x@example.test', role: 'editor' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'users.manage' });
    expect((await get(server.origin, '/en/admin/team/invitations', editor)).status).toBe(403);
  });

  it('mails a one-time link in the chosen language and stores only its hash', async () => {
    const { invitation, mail, link } = await invite('Ivy@Example.test', 'editor', 'de');
    expect(invitation).toMatchObject({ email: 'ivy@example.test', role: 'editor', status: 'pending', sendCount: 1, invitedByLabel: 'ada@example.test' });
    expect(invitation).not.toHaveProperty('tokenHash');
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * 24 * 3600_000);
    expect(mail.text).toContain('ada@example.test lädt Sie als Redaktion');
    expect(link.origin).toBe(server.origin);
    const token = link.searchParams.get('token')!;
    const [row] = await server.query<{ token_hash: string }>('SELECT token_hash FROM auth_invitations WHERE id = ?', [invitation.id]);
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(await auditOf(invitation.id)).toEqual([{ action: 'create', actor_label: 'ada@example.test' }]);
  });

  it('refuses an address that already has an account, or a pending invitation (409)', async () => {
    const taken = await api('POST', '/api/admin/invitations', admin, { email: 'eddie@example.test', role: 'admin' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
    const again = await api('POST', '/api/admin/invitations', admin, { email: 'ivy@example.test', role: 'admin' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'ALREADY_INVITED' });
    const bad = await api('POST', '/api/admin/invitations', admin, { email: 'nope', role: 'owner' });
    expect(bad.status).toBe(400);
    const page = await postForm(
      server.origin,
      '/fr/admin/team/invitations',
      { intent: 'invite', email: 'eddie@example.test', role: 'editor' },
      { cookie: admin },
    );
    expect(page.status).toBe(409);
    expect(await page.text()).toContain('Cette adresse a déjà un compte.');
  });
});

describe('accepting', () => {
  it('shows the invited address read-only, creates the account with its role, verified, and signs it in', async () => {
    const { invitation, link } = await invite('june@example.test', 'admin', 'fr');
    const page = await get(server.origin, pathOf(link));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="june@example.test"[^>]*readonly|<input[^>]*readonly[^>]*value="june@example.test"/);
    expect(html).toContain('en tant que Administrateur');

    const weak = await postForm(server.origin, pathOf(link), { name: 'June', password: 'short' });
    expect(weak.status).toBe(400);

    // The e-mail field cannot redirect the invitation to another address.
    const accepted = await postForm(server.origin, pathOf(link), { name: '  June  ', email: 'mallory@example.test', password: PASSWORD });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe('/fr/admin');
    const cookie = sessionCookie(accepted);
    expect(await (await get(server.origin, '/api/admin/me', cookie)).json()).toMatchObject({
      role: 'admin',
      user: { email: 'june@example.test', name: 'June' },
    });
    const [user] = await server.query<{ id: string; email_verified: number }>('SELECT id, email_verified FROM auth_users WHERE email = ?', [
      'june@example.test',
    ]);
    expect(user!.email_verified).toBe(1);
    expect(await server.query('SELECT id FROM auth_users WHERE email = ?', ['mallory@example.test'])).toEqual([]);
    const [row] = await server.query<{ accepted_by: string; accepted_at: number }>('SELECT accepted_by, accepted_at FROM auth_invitations WHERE id = ?', [
      invitation.id,
    ]);
    expect(row!.accepted_by).toBe(user!.id);
    expect((await auditOf(invitation.id)).map((entry) => entry.action)).toEqual(['create', 'accept']);

    // Once only.
    const reused = await get(server.origin, pathOf(link));
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain('Cette invitation ne fonctionne plus');
    expect((await postForm(server.origin, pathOf(link), { name: 'June 2', password: PASSWORD })).status).toBe(410);
  });

  it('answers 404 for an unknown token and 410 for an expired invitation', async () => {
    expect((await get(server.origin, '/en/admin/sign-up/invitation?token=made-up')).status).toBe(404);
    const { invitation, link } = await invite('late@example.test', 'editor');
    await server.query('UPDATE auth_invitations SET expires_at = ? WHERE id = ?', [Date.now() - 1000, invitation.id]);
    expect((await get(server.origin, pathOf(link))).status).toBe(410);
    expect((await postForm(server.origin, pathOf(link), { name: 'Late', password: PASSWORD })).status).toBe(410);
    expect(await server.query('SELECT id FROM auth_users WHERE email = ?', ['late@example.test'])).toEqual([]);
    const list = await (await api('GET', '/api/admin/invitations', admin)).json();
    expect(list.invitations.find((entry: { email: string }) => entry.email === 'late@example.test')).toMatchObject({ status: 'expired' });
  });
});

describe('resending and revoking', () => {
  it('resend sends a new link (the old one stops working) and 7 more days', async () => {
    const { invitation, link: first } = await invite('kim@example.test', 'editor');
    const mark = smtp.received.length;
    const resent = await api('POST', `/api/admin/invitations/${invitation.id}/resend`, admin);
    expect(resent.status).toBe(200);
    expect((await resent.json()).invitation).toMatchObject({ sendCount: 2, status: 'pending' });
    const second = linkIn(await mailTo(smtp, 'kim@example.test', 'You are invited', mark), '/en/admin/sign-up/invitation');
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    expect((await get(server.origin, pathOf(first))).status).toBe(404);
    expect((await get(server.origin, pathOf(second))).status).toBe(200);
    expect((await auditOf(invitation.id)).map((entry) => entry.action)).toEqual(['create', 'resend']);
  });

  it('revoke ends the link; a revoked invitation cannot be revoked or resent again', async () => {
    const { invitation, link } = await invite('leo@example.test', 'editor');
    const revoked = await api('DELETE', `/api/admin/invitations/${invitation.id}`, admin);
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).invitation).toMatchObject({ status: 'revoked' });
    expect((await get(server.origin, pathOf(link))).status).toBe(410);
    expect((await api('DELETE', `/api/admin/invitations/${invitation.id}`, admin)).status).toBe(409);
    expect((await api('POST', `/api/admin/invitations/${invitation.id}/resend`, admin)).status).toBe(409);
    expect((await api('DELETE', '/api/admin/invitations/99999', admin)).status).toBe(404);
    expect((await auditOf(invitation.id)).map((entry) => entry.action)).toEqual(['create', 'revoke']);
  });
});

describe('the invitations page (no JavaScript)', () => {
  it('lists invitations by status and invites, resends and revokes with plain form posts', async () => {
    const page = await get(server.origin, '/de/admin/team/invitations', admin);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Einladungen');
    for (const status of ['Offen', 'Abgelaufen', 'Angenommen', 'Widerrufen']) expect(html).toContain(status);

    const mark = smtp.received.length;
    const invited = await postForm(
      server.origin,
      '/de/admin/team/invitations',
      { intent: 'invite', email: 'mia@example.test', role: 'editor' },
      { cookie: admin },
    );
    expect(invited.status).toBe(303);
    expect(invited.headers.get('location')).toBe('/de/admin/team/invitations?done=invited');
    await mailTo(smtp, 'mia@example.test', 'Sie sind in das Programmteam eingeladen', mark);
    const [row] = await server.query<{ id: number }>('SELECT id FROM auth_invitations WHERE email = ?', ['mia@example.test']);

    const resent = await postForm(server.origin, '/de/admin/team/invitations', { intent: 'resend', id: String(row!.id) }, { cookie: admin });
    expect(resent.headers.get('location')).toBe('/de/admin/team/invitations?done=resent');
    const revoked = await postForm(server.origin, '/de/admin/team/invitations', { intent: 'revoke', id: String(row!.id) }, { cookie: admin });
    expect(revoked.headers.get('location')).toBe('/de/admin/team/invitations?done=revoked');
    expect(await (await get(server.origin, '/de/admin/team/invitations?done=revoked', admin)).text()).toContain('Die Einladung wurde widerrufen');
    const closed = await postForm(server.origin, '/de/admin/team/invitations', { intent: 'revoke', id: String(row!.id) }, { cookie: admin });
    expect(closed.status).toBe(409);
    const invalid = await postForm(server.origin, '/de/admin/team/invitations', { intent: 'invite', email: 'nope', role: 'editor' }, { cookie: admin });
    expect(invalid.status).toBe(400);
  });
});

describe('HUB_SIGN_UP=invite-only', () => {
  it('refuses sign-up without an invitation, on the form and the JSON API, and accepts invitations', async () => {
    const closed = await startTestServer({ HUB_DEMO: '0', HUB_SIGN_UP: 'invite-only', ...smtp.env, ...FAST_MAIL });
    try {
      // A fresh database's first account may still join: it is the admin who invites.
      const boss = await signUp(closed.origin, 'boss@example.test', 'Boss');
      expect(await (await get(closed.origin, '/api/admin/me', boss)).json()).toMatchObject({ role: 'admin' });

      const form = await postForm(closed.origin, '/fr/admin/sign-up', { name: 'Zed', email: 'zed@example.test', password: PASSWORD });
      expect(form.status).toBe(403);
      expect(await form.text()).toContain('Les nouveaux comptes se créent uniquement sur invitation');
      const json = await fetch(`${closed.origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: closed.origin, referer: `${closed.origin}/de/admin/sign-up` },
        body: JSON.stringify({ name: 'Zed', email: 'zed@example.test', password: PASSWORD }),
      });
      expect(json.status).toBe(403);
      expect(await json.json()).toMatchObject({ code: 'SIGN_UP_INVITE_ONLY', message: expect.stringContaining('Neue Konten gibt es nur auf Einladung') });
      expect(await closed.query('SELECT id FROM auth_users WHERE email = ?', ['zed@example.test'])).toEqual([]);

      const mark = smtp.received.length;
      const created = await fetch(`${closed.origin}/api/admin/invitations`, {
        method: 'POST',
        headers: { cookie: boss, origin: closed.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'zed@example.test', role: 'editor' }),
      });
      expect(created.status).toBe(201);
      const link = linkIn(await mailTo(smtp, 'zed@example.test', 'You are invited', mark), '/en/admin/sign-up/invitation');
      const accepted = await postForm(closed.origin, pathOf(link), { name: 'Zed', password: PASSWORD });
      expect(accepted.status).toBe(303);
      expect(await (await get(closed.origin, '/api/admin/me', sessionCookie(accepted))).json()).toMatchObject({ role: 'editor' });
    } finally {
      await closed.stop();
    }
  });
});
