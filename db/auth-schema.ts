/**
 * Tables of the built-in local accounts (better-auth core schema), kept apart from the content
 * model in `schema.ts`. The property names are better-auth's field names (its Drizzle adapter
 * looks columns up by them); the SQL names follow this project's snake_case and `auth_` prefix.
 * Used only by the local-accounts adapter; with Clerk they stay empty.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Roles a local account can hold (`null` = signed in, but not allowed into the admin). */
/** Ranked low to high: a contributor writes but never publishes (docs/decisions/059). */
export const authRoles = ['contributor', 'editor', 'admin'] as const;

const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });
const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const authUsers = sqliteTable(
  'auth_users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** better-auth lowercases it before every insert and lookup. */
    email: text('email').notNull(),
    emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
    image: text('image'),
    /** Granted role; the e-mail allow-lists (HUB_ADMIN_EMAILS, HUB_EDITOR_EMAILS) can raise it. */
    role: text('role', { enum: authRoles }),
    /**
     * The editions this account may write (a JSON array of edition ids, see
     * `src/server/auth/edition-scope.ts`); `null` = every edition.
     * Ids, not slugs: a renamed edition keeps its people; a deleted one drops out of no list
     * (docs/decisions/059).
     */
    editions: text('editions'),
    /** better-auth `admin` plugin: a disabled account (its sessions are ended when set). */
    banned: integer('banned', { mode: 'boolean' }).default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires'),
    /** better-auth `twoFactor` plugin: TOTP is required at sign-in. */
    twoFactorEnabled: integer('two_factor_enabled', { mode: 'boolean' }).default(false),
    /** When the account last got a session (sign-in, sign-up, second factor); kept after sign-out. */
    lastSignInAt: timestamp('last_sign_in_at'),
    /**
     * The language of the mail this account gets (`en`, `fr`, `de`): the page it signed up or last
     * signed in through, or the one it chose on its account page. Null until known.
     */
    locale: text('locale'),
    createdAt: timestamp('created_at').notNull().default(now),
    updatedAt: timestamp('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('auth_users_email_unique').on(t.email),
    check('auth_users_role_check', sql`${t.role} IS NULL OR ${t.role} IN ('admin', 'editor', 'contributor')`),
  ],
);

export const authSessions = sqliteTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    /** The opaque value behind the session cookie. */
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** better-auth `admin` plugin (impersonation is not offered; the column is its schema's). */
    impersonatedBy: text('impersonated_by'),
    createdAt: timestamp('created_at').notNull().default(now),
    updatedAt: timestamp('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('auth_sessions_token_unique').on(t.token), index('auth_sessions_user_idx').on(t.userId)],
);

export const authAccounts = sqliteTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    /** For e-mail + password accounts, the user id; for OAuth, the provider's account id. */
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at'),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at'),
    scope: text('scope'),
    /** scrypt hash (better-auth format); never leaves the server. */
    password: text('password'),
    createdAt: timestamp('created_at').notNull().default(now),
    updatedAt: timestamp('updated_at').notNull().default(now),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

export const authVerifications = sqliteTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: timestamp('created_at').notNull().default(now),
    updatedAt: timestamp('updated_at').notNull().default(now),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

/** better-auth `twoFactor` plugin: an account's TOTP secret and recovery codes (both encrypted by better-auth). */
export const authTwoFactors = sqliteTable(
  'auth_two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    verified: integer('verified', { mode: 'boolean' }).default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until'),
  },
  (t) => [index('auth_two_factors_user_idx').on(t.userId), index('auth_two_factors_secret_idx').on(t.secret)],
);

/** The tables keyed by better-auth's model names, as its Drizzle adapter expects. */
export const betterAuthSchema = {
  user: authUsers,
  session: authSessions,
  account: authAccounts,
  verification: authVerifications,
  twoFactor: authTwoFactors,
};

// ── Invitations (local accounts) ────────────────────────────────────────────────────────────

/**
 * An administrator's invitation of an e-mail address with a role. Only a hash of the one-time
 * token is kept: a leaked database cannot be turned into working invitation links.
 */
export const authInvitations = sqliteTable(
  'auth_invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Lowercased. */
    email: text('email').notNull(),
    role: text('role', { enum: authRoles }).notNull(),
    /** The editions the invited account will be limited to (JSON array of ids); `null` = every edition. */
    editions: text('editions'),
    /** SHA-256 (hex) of the token in the link; replaced when the invitation is resent. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => authUsers.id, { onDelete: 'set null' }),
    /** Kept for the list when the inviting account is gone. */
    invitedByLabel: text('invited_by_label').notNull(),
    /** Locale of the mail (the inviter's page). */
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at').notNull().default(now),
    expiresAt: timestamp('expires_at').notNull(),
    acceptedAt: timestamp('accepted_at'),
    /**
     * The account it created. No foreign key: it is written in the same statement sequence that
     * creates the account, before the account's row exists.
     */
    acceptedBy: text('accepted_by'),
    revokedAt: timestamp('revoked_at'),
    lastSentAt: timestamp('last_sent_at').notNull().default(now),
    sendCount: integer('send_count').notNull().default(1),
  },
  (t) => [
    uniqueIndex('auth_invitations_token_hash_unique').on(t.tokenHash),
    index('auth_invitations_email_idx').on(t.email),
    check('auth_invitations_role_check', sql`${t.role} IN ('admin', 'editor', 'contributor')`),
  ],
);
