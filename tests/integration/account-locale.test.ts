/**
 * The language of an account's mail, through the built server and a real SMTP server: set from
 * the page an account signs up or signs in through (an invitation's language when it accepts
 * one), chosen on "Your account", and used for every mail to the account: contact
 * notifications (a French admin reads French, a German one German), password resets, resent
 * invitations (the invitation's language, not the resender's page), and the security notices
 * when two-factor sign-in is turned on or off — by the account itself or by an administrator
 * from the team screen (audited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { FAST_MAIL, mailTo } from '../helpers/account-mail.ts';
import { PASSWORD, get, postForm, sessionCookie, signIn } from '../helpers/auth.ts';
import { decodeEntities } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp-server.ts';
import { totp } from '../helpers/totp.ts';

const FR = 'camille@example.test';
const DE = 'dora@example.test';
const fr = getTranslator('fr');
const de = getTranslator('de');

let smtp: TestSmtp;
let server: TestServer;
const cookies = { fr: '', de: '' };

const localeOf = async (email: string) => (await server.query<{ locale: string | null }>('SELECT locale FROM auth_users WHERE email = ?', [email]))[0]?.locale;
const idOf = async (email: string) => (await server.query<{ id: string }>('SELECT id FROM auth_users WHERE email = ?', [email]))[0]!.id;

/** Signs in through the HTML form of `/{locale}/admin/sign-in`; returns the session cookie. */
async function signInThrough(locale: string, email: string): Promise<string> {
  const response = await postForm(server.origin, `/${locale}/admin/sign-in`, { email, password: PASSWORD });
  expect(response.status).toBe(303);
  return sessionCookie(response);
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ HUB_DEMO: '0', HUB_ADMIN_EMAILS: `${FR}, ${DE}`, CONTACT_RATE_LIMIT: '0', ...FAST_MAIL, ...smtp.env });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

describe('the language of an account', () => {
  it('is the page’s it signed up through, then the page’s of each sign-in; a JSON sign-in without a localized page changes nothing', async () => {
    for (const [locale, email, name] of [
      ['fr', FR, 'Camille'],
      ['en', DE, 'Dora'],
    ] as const) {
      const response = await postForm(server.origin, `/${locale}/admin/sign-up`, { name, email, password: PASSWORD });
      expect(response.status).toBeLessThan(400);
    }
    expect(await localeOf(FR)).toBe('fr');
    expect(await localeOf(DE)).toBe('en');

    cookies.fr = await signInThrough('fr', FR);
    cookies.de = await signInThrough('de', DE);
    expect(await localeOf(DE)).toBe('de');
    await signIn(server.origin, DE);
    expect(await localeOf(DE)).toBe('de');
  });

  it('tells a French admin of a new contact message in French and a German admin in German', async () => {
    const mark = smtp.received.length;
    const posted = await postForm(server.origin, '/en/hub/contact?_action=contact', {
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      subject: 'Wheelchair access',
      message: 'Is the main hall step-free?',
      consent: 'true',
    });
    expect(posted.status).toBe(303);
    const [{ id }] = (await server.query<{ id: number }>("SELECT id FROM contact_messages WHERE subject = 'Wheelchair access'")) as [{ id: number }];

    const toFr = await mailTo(smtp, FR, fr('mail.contact.notification.subject', { subject: 'Wheelchair access' }), mark);
    expect(toFr.text).toContain(fr('mail.contact.notification.action'));
    expect(toFr.text).toContain(`${server.origin}/fr/admin/inbox/${id}`);
    const toDe = await mailTo(smtp, DE, de('mail.contact.notification.subject', { subject: 'Wheelchair access' }), mark);
    expect(toDe.text).toContain(de('mail.contact.notification.action'));
    expect(toDe.text).toContain(`${server.origin}/de/admin/inbox/${id}`);
    expect(await server.query('SELECT recipient, locale FROM mail_outbox WHERE kind = ? ORDER BY recipient', ['contact-notification'])).toEqual([
      { recipient: FR, locale: 'fr' },
      { recipient: DE, locale: 'de' },
    ]);
  });

  it('is chosen on the account page (a plain form), and a password reset asked for from another language’s page uses it', async () => {
    const page = decodeEntities(await (await get(server.origin, '/en/admin/account', cookies.fr)).text());
    expect(page).toContain(getTranslator('en')('admin.account.language.title'));
    expect(page).toMatch(/<option value="fr" lang="fr" selected/);

    const invalid = await postForm(server.origin, '/en/admin/account', { intent: 'set-locale', locale: 'xx' }, { cookie: cookies.fr });
    expect(invalid.status).toBe(400);
    expect(await localeOf(FR)).toBe('fr');

    const chosen = await postForm(server.origin, '/fr/admin/account', { intent: 'set-locale', locale: 'de' }, { cookie: cookies.fr });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('location')).toBe('/fr/admin/account?done=localeChanged');
    expect(await localeOf(FR)).toBe('de');

    const mark = smtp.received.length;
    expect((await postForm(server.origin, '/en/admin/sign-in/forgot-password', { email: FR })).status).toBe(200);
    const reset = await mailTo(smtp, FR, de('mail.account.reset.subject'), mark);
    expect(reset.text).toContain(`${server.origin}/de/admin/sign-in/reset-password?token=`);

    expect((await postForm(server.origin, '/fr/admin/account', { intent: 'set-locale', locale: 'fr' }, { cookie: cookies.fr })).status).toBe(303);
  });

  it('of an invitation is kept when an admin resends it from a page in another language, and becomes the new account’s', async () => {
    const mark = smtp.received.length;
    const invited = await postForm(
      server.origin,
      '/fr/admin/team/invitations',
      { intent: 'invite', email: 'lea@example.test', role: 'editor' },
      { cookie: cookies.de },
    );
    expect(invited.status).toBe(303);
    await mailTo(smtp, 'lea@example.test', fr('mail.account.invitation.subject'), mark);
    const [row] = await server.query<{ id: number }>('SELECT id FROM auth_invitations WHERE email = ?', ['lea@example.test']);

    const again = smtp.received.length;
    const resent = await postForm(server.origin, '/en/admin/team/invitations', { intent: 'resend', id: String(row!.id) }, { cookie: cookies.de });
    expect(resent.status).toBe(303);
    const mail = await mailTo(smtp, 'lea@example.test', fr('mail.account.invitation.subject'), again);
    const link = mail.text.match(/https?:\/\/\S+\/fr\/admin\/sign-up\/invitation\?token=\S+/)?.[0];
    expect(link).toBeDefined();

    // Accepting from a page in English: the account still speaks the invitation's language.
    const token = new URL(link!).searchParams.get('token')!;
    const accepted = await postForm(server.origin, `/en/admin/sign-up/invitation?token=${encodeURIComponent(token)}`, { name: 'Léa', password: PASSWORD });
    expect(accepted.status).toBe(303);
    expect(await localeOf('lea@example.test')).toBe('fr');
  });
});

describe('two-factor security notices', () => {
  const account = (fields: Record<string, string>, cookie = cookies.de) => postForm(server.origin, '/en/admin/account', fields, { cookie });
  const secretIn = (html: string) => /data-testid="totp-secret"[^>]*>\s*([A-Z2-7 ]+?)\s*</.exec(html)?.[1]?.replace(/ /g, '');

  async function turnOn(): Promise<void> {
    const started = await account({ intent: 'enable-two-factor', password: PASSWORD });
    expect(started.status).toBe(200);
    const secret = secretIn(await started.text());
    expect(secret).toBeDefined();
    const confirmed = await account({ intent: 'confirm-two-factor', code: totp(secret!) });
    expect(confirmed.status).toBe(200);
    // Confirming renews the session: keep the new cookie.
    const renewed = sessionCookie(confirmed);
    if (renewed) cookies.de = renewed;
  }

  it('mails the account in its language when it turns two-factor on, and when an admin turns it off from the team screen (audited)', async () => {
    const mark = smtp.received.length;
    await turnOn();
    const on = await mailTo(smtp, DE, de('mail.account.twoFactorOn.subject'), mark);
    expect(on.text).toContain(de('mail.account.twoFactorOn.body'));
    expect(on.text).toContain(`${server.origin}/de/admin/account`);

    const team = decodeEntities(await (await get(server.origin, '/fr/admin/team', cookies.fr)).text());
    const id = await idOf(DE);
    expect(team).toContain(`/api/admin/team/${id}/disable-two-factor`);
    expect(team).toContain(fr('admin.team.disableTwoFactor'));

    const before = smtp.received.length;
    const off = await postForm(server.origin, `/api/admin/team/${id}/disable-two-factor`, { locale: 'fr' }, { cookie: cookies.fr });
    expect(off.status).toBe(303);
    expect(off.headers.get('location')).toBe(`/fr/admin/team?done=disable-two-factor&user=${id}`);
    expect(await server.query('SELECT two_factor_enabled AS on_ FROM auth_users WHERE id = ?', [id])).toEqual([{ on_: 0 }]);
    expect(await server.query('SELECT id FROM auth_two_factors WHERE user_id = ?', [id])).toEqual([]);
    const notice = await mailTo(smtp, DE, de('mail.account.twoFactorReset.subject'), before);
    expect(notice.text).toContain(de('mail.account.twoFactorReset.body'));
    const [audit] = await server.query<{ action: string; changes: string }>(
      'SELECT action, changes FROM audit_log WHERE entity = ? AND entity_id = ? ORDER BY id DESC',
      ['user', id],
    );
    expect(audit!.action).toBe('disable-two-factor');
    expect(JSON.parse(audit!.changes)).toEqual([{ kind: 'value', field: 'twoFactor', from: true, to: false }]);
    const activity = decodeEntities(await (await get(server.origin, '/fr/admin/activity?collection=team', cookies.fr)).text());
    expect(activity).toContain(fr('admin.activity.action.disable-two-factor'));

    // The account signs in with its password alone now.
    expect((await postForm(server.origin, '/de/admin/sign-in', { email: DE, password: PASSWORD })).headers.get('location')).not.toContain('two-factor');

    // Again: nothing to change, nothing sent.
    const json = (userId: string, cookie: string, language = 'en') =>
      fetch(`${server.origin}/api/admin/team/${userId}/disable-two-factor`, {
        method: 'POST',
        headers: { cookie, origin: server.origin, 'content-type': 'application/json', 'accept-language': language },
        body: '{}',
      });
    const repeated = await json(id, cookies.fr);
    expect(await repeated.json()).toMatchObject({ action: 'disable-two-factor', changed: false });
    expect(await server.query("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'two-factor-off'")).toEqual([{ n: 1 }]);
  });

  it('tells an administrator who turns off their own second factor from the team screen to use their account page, in their language', async () => {
    const self = await idOf(FR);
    for (const locale of ['en', 'fr', 'de'] as const) {
      const refused = await fetch(`${server.origin}/api/admin/team/${self}/disable-two-factor`, {
        method: 'POST',
        headers: { cookie: cookies.fr, origin: server.origin, 'content-type': 'application/json', 'accept-language': locale },
        body: '{}',
      });
      expect(refused.status).toBe(409);
      const title = getTranslator(locale)('admin.team.error.SELF_TWO_FACTOR');
      expect(await refused.json()).toMatchObject({ code: 'SELF_TWO_FACTOR', title });
      // Not the refusal to disable one's own account, which talks about something else.
      expect(title).not.toBe(getTranslator(locale)('admin.team.error.SELF'));
    }
    const form = await postForm(server.origin, `/api/admin/team/${self}/disable-two-factor`, { locale: 'fr' }, { cookie: cookies.fr });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/fr/admin/team?error=SELF_TWO_FACTOR&user=${self}`);
    const page = decodeEntities(await (await get(server.origin, form.headers.get('location')!, cookies.fr)).text());
    expect(page).toContain(fr('admin.team.error.SELF_TWO_FACTOR'));
    expect(page).not.toContain(fr('admin.team.error.SELF'));
  });

  it('mails the account when it turns two-factor off itself', async () => {
    cookies.de = await signInThrough('de', DE);
    await turnOn();
    const mark = smtp.received.length;
    // A wrong password says so, in the page's language, and changes nothing.
    for (const locale of ['en', 'fr', 'de'] as const) {
      const t = getTranslator(locale);
      const wrong = await postForm(
        server.origin,
        `/${locale}/admin/account`,
        { intent: 'disable-two-factor', password: 'not-my-password' },
        { cookie: cookies.de },
      );
      expect(wrong.status).toBe(400);
      const html = decodeEntities(await wrong.text());
      expect(html).toContain(t('admin.account.field.PASSWORD_WRONG'));
      expect(html).toContain(t('admin.account.twoFactor.on'));
    }
    const off = await postForm(server.origin, '/de/admin/account', { intent: 'disable-two-factor', password: PASSWORD }, { cookie: cookies.de });
    expect(off.status).toBe(303);
    expect(off.headers.get('location')).toBe('/de/admin/account?done=twoFactorDisabled');
    const done = decodeEntities(await (await get(server.origin, off.headers.get('location')!, sessionCookie(off))).text());
    expect(done).toContain(de('admin.account.notice.twoFactorDisabled'));
    const mail = await mailTo(smtp, DE, de('mail.account.twoFactorOff.subject'), mark);
    expect(mail.text).toContain(de('mail.account.twoFactorOff.body'));
  });
});
