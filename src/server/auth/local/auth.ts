/**
 * The better-auth instance behind local accounts: e-mail + password on our libSQL database,
 * sessions in the `auth_sessions` table (so signing out really ends them), the first account
 * becomes admin, password guesses go through our limiter (limit-hooks.ts), and any account may
 * add a second factor (TOTP with recovery codes, better-auth's twoFactor plugin).
 */
import { betterAuth, getCurrentAdapter } from 'better-auth';
import { admin, twoFactor } from 'better-auth/plugins';
import type { Database } from '../../../../db/client.ts';
import { accountGuardPlugin, emailAndPasswordOptions, emailVerificationOptions, prepareInvitedOrNewUser } from './account-hooks.ts';
import { recordSignIn } from './last-sign-in.ts';
import { currentLocale, rememberedLocale } from './account-context.ts';
import { accountLocale, enqueueSignUpPendingMail, enqueueTwoFactorChangedMail } from './account-mail.ts';
import { createSerialisedAdapter, runInAuthWrite } from './database.ts';
import { CLIENT_ADDRESS_HEADER, limitHooks } from './limit-hooks.ts';
import { deviceTrustPlugin, revokeDeviceTrust } from './device-trust.ts';
import { signInLogPlugin } from './sign-in-log.ts';

export { CLIENT_ADDRESS_HEADER };

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

export interface LocalAuthOptions {
  db: Database;
  secret: string;
  /** Public origin (PUBLIC_SITE_URL) when known; otherwise derived from each request. */
  baseURL: string | undefined;
  /** Secure (HTTPS-only, `__Secure-` prefixed) cookies. */
  secure: boolean;
  /** Who may sign up without an invitation (account-hooks.ts, decision 018). */
  signUp: 'open' | 'closed' | 'invite-only';
  /** HUB_VERIFY_EMAIL (account-hooks.ts). */
  verifyEmail: boolean;
  /** HUB_ADMIN_EMAILS + HUB_EDITOR_EMAILS: may sign up under invite-only (account-hooks.ts). */
  standingInvitations: readonly string[];
  /** Session lifetime in seconds. */
  sessionMaxAge: number;
  /**
   * True when HUB_ADMIN_EMAILS names the administrators: then the first account is not made
   * admin, so a stranger who signs up first on a fresh deployment gains nothing.
   */
  adminsFromEnv: boolean;
  /** HUB_ADMIN_EMAILS: told, with the administrators' accounts, of a sign-up waiting for a role. */
  adminEmails: readonly string[];
  /** The name authenticator apps show next to the account (the site's name). */
  issuer: string;
}

/**
 * better-auth's admin plugin, for one thing: it refuses a new session to a disabled (`banned`)
 * account, on every path that creates one. Its own endpoints authorize by the stored role alone
 * (not our allow-lists and permission map), write outside our audit transaction and offer
 * impersonation: they are switched off (`disabledPaths`); the team screen writes the same
 * columns itself (src/server/team/service.ts). Decision 020.
 */
const accountsPlugin = admin({ adminRoles: ['admin'] });
const accountsPluginPaths = Object.values(accountsPlugin.endpoints).map((endpoint) => endpoint.path);

/** Builds one better-auth instance (one per cookie security flavour, see `getLocalAuth`). */
export function createLocalAuth(options: LocalAuthOptions) {
  return betterAuth({
    disabledPaths: accountsPluginPaths,
    appName: 'Edition Hub',
    baseURL: options.baseURL,
    basePath: '/api/auth',
    secret: options.secret,
    database: createSerialisedAdapter(options.db),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      // Invitations create accounts in every mode; `guardAccountRequest` refuses the others.
      disableSignUp: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      ...emailAndPasswordOptions(options),
    },
    emailVerification: emailVerificationOptions(options),
    // Reset tokens are looked up by a hash: a copy of the database opens no account.
    verification: { storeIdentifier: 'hashed' },
    session: {
      expiresIn: options.sessionMaxAge,
      // Sliding expiry: an active session is extended at most once per this many seconds.
      updateAge: Math.min(24 * 3600, Math.floor(options.sessionMaxAge / 4)),
      // Always read the session row: revoking a role or signing out must take effect at once.
      cookieCache: { enabled: false },
    },
    user: {
      additionalFields: {
        // `input: false`: nobody can pick a role when signing up.
        role: { type: 'string', required: false, input: false },
        // The editions the account may write (docs/decisions/059): a JSON array, set by administrators.
        editions: { type: 'string', required: false, input: false },
        // Set by the server from the page's language (account-context.ts), or on the account page.
        locale: { type: 'string', required: false, input: false },
      },
    },
    // Our own limiter counts failures per account and per client; better-auth's only per path.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: options.secure,
      cookiePrefix: 'hub',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          // Runs inside the sign-up's write transaction (BEGIN IMMEDIATE, queued), so two
          // simultaneous first sign-ups are serialised and only one sees an empty table.
          before: async (user, context) => {
            const locale = rememberedLocale() ?? null;
            const invited = await prepareInvitedOrNewUser(user, options);
            if (invited) return { data: { ...user, locale, ...invited } };
            if (options.adminsFromEnv || !context) return { data: { ...user, locale, role: null } };
            const adapter = await getCurrentAdapter(context.context.adapter);
            const existing = await adapter.count({ model: 'user' });
            return { data: { ...user, locale, role: existing === 0 ? 'admin' : null } };
          },
          // A sign-up that got no role waits for an administrator: they are told by mail (the
          // team screen and the admin's navigation show it too). An address on an allow-list is
          // not waiting: the list gives its role.
          after: async (user) => {
            const role = (user as { role?: string | null }).role ?? null;
            if (role !== null || options.standingInvitations.includes(user.email.toLowerCase())) return;
            await runInAuthWrite(options.db, (tx) => enqueueSignUpPendingMail(tx, user, options.adminEmails));
          },
        },
        update: {
          // After better-auth's twoFactor plugin turned the second factor on (first confirmed
          // code) or off: a security notice to the account. Only its endpoints write this column
          // through better-auth; the team screen writes its own notice (team/service.ts).
          after: async (user, context) => {
            if (!context?.path.startsWith('/two-factor/') || typeof user.twoFactorEnabled !== 'boolean') return;
            const enabled = user.twoFactorEnabled;
            await runInAuthWrite(options.db, async (tx) => {
              // No device stays trusted across a change of the second factor (device-trust.ts).
              await revokeDeviceTrust(tx, user.id);
              await enqueueTwoFactorChangedMail(tx, user, { enabled, by: 'self', at: new Date() }, await accountLocale(tx, user.id, currentLocale()));
            });
          },
        },
      },
      session: {
        create: {
          // After the session's transaction commits: every way of signing in (password, sign-up,
          // a second factor) ends here, and the time outlives the session (sign-out deletes it).
          after: async (session) => {
            await recordSignIn(options.db, session.userId, session.createdAt, rememberedLocale());
          },
        },
      },
    },
    hooks: limitHooks,
    // Issuer = the site's name, as authenticator apps list it; wrong codes are limited by the
    // plugin (5 per challenge, then 10 in a row lock the second factor for 15 minutes).
    // The account guard: sign-up, reset and verification requests (account-hooks.ts); no "trust
    // this device", and trust records go on every security change (device-trust.ts); a log line
    // per failed or refused sign-in step (sign-in-log.ts).
    plugins: [twoFactor({ issuer: options.issuer }), accountsPlugin, accountGuardPlugin(options), deviceTrustPlugin(options.db), signInLogPlugin],
  });
}

export type LocalAuth = ReturnType<typeof createLocalAuth>;
