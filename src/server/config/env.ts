/**
 * The process environment, validated once. Every variable the product reads is declared here
 * with its default; docs/operators.md lists the same variables, grouped by concern.
 */
import { availableParallelism } from 'node:os';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { isKnownTimeZone } from '../../lib/time-zone-names.ts';
import { parseDsn } from './sentry-dsn.ts';
import { checkEdgePurge, edgePurgeEnvShape } from './edge-purge-env.ts';
import { checkMachineTranslation, machineTranslationEnvShape, machineTranslationOf } from './machine-translation-env.ts';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
    error: 'must be one of 1, 0, true, false, on, off, yes, no',
  })
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const databaseUrl = z
  .string()
  .trim()
  .min(1)
  .refine((value) => /^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/.test(value), {
    message: 'must start with file:, libsql://, http(s):// or ws(s)://',
  });

/** A comma-separated list of e-mail addresses, normalised to lowercase (empty = nobody). */
const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })));

/** An S3 bucket name as every S3-compatible store accepts it (AWS's rules: 3–63 characters). */
const bucketName = z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens');

/** A Sentry DSN (`https://<key>@<host>/<project id>`). */
const sentryDsn = z.string().refine((value) => parseDsn(value) !== undefined, {
  message: 'must be a Sentry DSN like https://<public key>@<host>/<project id>',
});

type S3Settings = {
  [name in 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'HUB_MEDIA_BASE_URL']?: string | undefined;
} & {
  S3_FORCE_PATH_STYLE?: boolean | undefined;
};

/**
 * A bucket needs its region, and keys come in pairs (neither: the AWS SDK's own credential chain,
 * e.g. an instance role). S3 settings without a bucket would silently keep uploads on local disk.
 */
function checkS3(env: S3Settings, ctx: z.RefinementCtx): void {
  const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!env.S3_BUCKET) {
    const stray = (['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'HUB_MEDIA_BASE_URL'] as const).filter(
      (name) => env[name] !== undefined,
    );
    if (stray.length > 0) add('S3_BUCKET', `is required when ${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set (uploads would stay on local disk)`);
    return;
  }
  if (!env.S3_REGION) add('S3_REGION', 'is required with S3_BUCKET (e.g. us-east-1; auto for Cloudflare R2)');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    add(missing, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset to use the AWS credential chain)');
  }
}
/** Which reverse proxies may tell us the client's address: a hop count, or their addresses. */
export type TrustedProxies = { hops: number } | { addresses: string[] };

/** HUB_TRUST_PROXY: `1` (hops in front of the server) or `10.0.0.0/8, loopback` (proxy addresses). */
const trustedProxies = z
  .string()
  .trim()
  .transform((value, ctx): TrustedProxies => {
    if (/^\d+$/.test(value)) return { hops: Number(value) };
    const addresses = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    try {
      proxyAddr.compile(addresses);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a number of proxies (e.g. 1) or a comma-separated list of their addresses or CIDR ranges (e.g. 10.0.0.0/8, ::1, loopback)',
      });
      return z.NEVER;
    }
    return { addresses };
  });

/**
 * HUB_EMBED_ORIGINS: `*` (any site), or the origins allowed to frame the embeds, separated by
 * commas or spaces (`https://festival.example, https://partner.example:8443`). Each becomes a
 * `frame-ancestors` source, so anything but a bare http(s) origin is refused.
 */
const embedOrigins = z
  .string()
  .trim()
  .transform((value, ctx): string[] => {
    const items = value.split(/[\s,]+/).filter(Boolean);
    if (items.length === 1 && items[0] === '*') return ['*'];
    const origins: string[] = [];
    for (const item of items) {
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {
        url = undefined;
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
        ctx.addIssue({ code: 'custom', message: `must be * or a list of origins such as https://festival.example (not ${JSON.stringify(item)})` });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    if (origins.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'must be * or a list of origins such as https://festival.example' });
      return z.NEVER;
    }
    return origins;
  });

/**
 * HUB_MAP_TILE_URL: an http(s) URL template of map tiles with `{z}`, `{x}` and `{y}`
 * (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`). Its origin is the only one the venues map
 * may load images from, so the host must be written out: no `{s}` subdomains.
 */
const mapTileUrl = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const placeholders: string[] = value.match(/\{[^}]*\}/g) ?? [];
    const sample = value.replace(/\{[zxy]\}/g, '0');
    let url: URL | undefined;
    try {
      url = new URL(sample);
    } catch {
      url = undefined;
    }
    const complete = ['{z}', '{x}', '{y}'].every((name) => placeholders.includes(name));
    const known = placeholders.every((name) => ['{z}', '{x}', '{y}'].includes(name));
    if (!url || !/^https?:$/.test(url.protocol) || !complete || !known) {
      ctx.addIssue({ code: 'custom', message: 'must be an http(s) URL template with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png' });
    }
  });

export const envSchema = z
  .object({
    DATABASE_URL: databaseUrl.default('file:./data/hub.db'),
    DATABASE_AUTH_TOKEN: z.string().min(1).optional(),
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 (any free port) and 65535')
      .max(65535, 'must be between 0 (any free port) and 65535')
      .default(4321),
    PUBLIC_SITE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /** Reverse proxies whose X-Forwarded-For is believed (unset: none, the TCP peer is the client). */
    HUB_TRUST_PROXY: trustedProxies.optional(),
    HUB_DEMO: booleanFlag.optional(),
    /** Sites allowed to frame /{locale}/embed/… pages (decision 027); every other page refuses framing. */
    HUB_EMBED_ORIGINS: embedOrigins.default(['*']),
    /** Map tiles for the venues index's map (unset: no map, no request to any tile host). */
    HUB_MAP_TILE_URL: mapTileUrl.optional(),
    /** The tiles' attribution, shown on the map (plain text). */
    HUB_MAP_ATTRIBUTION: z.string().trim().min(1).max(300).default('© OpenStreetMap contributors'),
    UPLOADS_DIR: z.string().min(1).default('./data/uploads'),
    // Uploads in an S3-compatible bucket instead of UPLOADS_DIR (docs/decisions/008).
    S3_BUCKET: bucketName.optional(),
    S3_REGION: z.string().trim().min(1).optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.optional(),
    /** Public base URL of the bucket (a CDN); medias are then redirected there instead of streamed. */
    HUB_MEDIA_BASE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    /** Memory budget of each worker's page cache of public pages, in MiB (0 turns it off). */
    /** Adds `X-Cache: HIT|MISS` to cached pages: for tests and diagnosis only (it tells anyone what others read). */
    HUB_DEBUG_CACHE_HEADER: booleanFlag.optional(),
    HUB_FRONT_CACHE_MB: z.coerce.number({ error: 'must be a number of MiB' }).int().min(0).max(4096).default(24),
    /**
     * Folder where public pages are also written as files for nginx (deploy/nginx/hub.conf), each
     * with its .gz and .br, deleted by the same purges (decision 051). Unset: no files.
     */
    HUB_STATIC_DIR: z
      .string()
      .trim()
      .refine((value) => value.startsWith('/'), 'must be an absolute path (the folder nginx serves)')
      .optional(),
    /** Worker processes `npm start` runs (node:cluster); 1 = a single process. See docs/decisions/012. */
    HUB_WORKERS: z.coerce
      .number({ error: 'must be a number of workers' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 64')
      .max(64, 'must be between 1 and 64')
      .default(() => Math.min(64, availableParallelism())),
    /** How often this node applies the cache purges other nodes wrote, in ms (0: single node, off). See docs/decisions/010. */
    HUB_PURGE_POLL_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .refine((value) => value === 0 || (value >= 10 && value <= 60_000), 'must be 0 (off) or between 10 and 60000 milliseconds')
      .default(1000),
    // Shared caches (Varnish, Fastly, Cloudflare) purged by tag: docs/decisions/050.
    ...edgePurgeEnvShape,
    // Translation suggestions from DeepL or LibreTranslate: docs/decisions/056.
    ...machineTranslationEnvShape,
    // Contact form: accepted messages per client per 10 minutes (0 = no limit). See docs/decisions/004.
    CONTACT_RATE_LIMIT: z.coerce
      .number({ error: 'must be a number of messages' })
      .int('must be a whole number')
      .min(0, 'must be 0 (no limit) or more')
      .default(5),
    // Monitoring (docs/decisions/006-errors-and-monitoring.md). DSNs must also be set at build time.
    SENTRY_DSN: sentryDsn.optional(),
    PUBLIC_SENTRY_DSN: sentryDsn.optional(),
    SENTRY_AUTH_TOKEN: z.string().min(1).optional(),
    MONITORING_RATE_LIMIT: z.coerce
      .number({ error: 'must be a number of envelopes per minute' })
      .int('must be a whole number')
      .min(0, 'must be 0 (no limit) or more')
      .default(120),
    // Authentication (docs/decisions/002-two-auth-adapters.md, 003-roles-and-permissions.md).
    PUBLIC_CLERK_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9+/=_-]+$/, 'must be a Clerk publishable key (pk_test_… or pk_live_…)')
      .optional(),
    CLERK_SECRET_KEY: z
      .string()
      .regex(/^sk_(test|live)_\S+$/, 'must be a Clerk secret key (sk_test_… or sk_live_…)')
      .optional(),
    CLERK_JWT_KEY: z
      .string()
      .regex(/-----BEGIN PUBLIC KEY-----/, 'must be the PEM public key from the Clerk dashboard (API keys → JWT public key)')
      .optional(),
    /**
     * Clerk's Backend API (the team screen lists users and changes their role through it);
     * Clerk's own default when unset. Read by @clerk/astro too.
     */
    CLERK_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://api.clerk.com' }).optional(),
    HUB_ADMIN_EMAILS: emailList.default([]),
    HUB_EDITOR_EMAILS: emailList.default([]),
    HUB_SIGN_UP: z.enum(['open', 'closed', 'invite-only'], { error: 'must be open, closed or invite-only' }).default('open'),
    /** Accounts one client may try to create per hour (0: no limit, e.g. a test server or an event's kiosk). */
    HUB_SIGN_UP_LIMIT: z.coerce
      .number({ error: 'must be a number of sign-ups' })
      .int('must be a whole number')
      .min(0, 'must be 0 (no limit) or more')
      .default(20),
    /** A searched admin list counts matches up to this many, then says "more than" (docs/decisions/007). */
    HUB_ADMIN_LIST_COUNT_CAP: z.coerce.number({ error: 'must be a number of items' }).int('must be a whole number').min(1, 'must be 1 or more').default(1000),
    /** Revisions kept per content item, newest first (unset: all of them; docs/decisions/030). */
    /** The zone of every instant the admin shows (sent mail, activity, inbox…), named beside it. */
    HUB_ADMIN_TIME_ZONE: z
      .string()
      .trim()
      .refine(isKnownTimeZone, { message: 'must be an IANA time zone such as Europe/Paris or UTC' })
      .transform((zone) => new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone)
      .default('UTC'),
    HUB_REVISIONS_KEEP: z.coerce
      .number({ error: 'must be a number of revisions' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more (unset keeps every revision)')
      .optional(),
    /** `1`: no role is granted to an address until it is verified by mail. */
    HUB_VERIFY_EMAIL: booleanFlag.optional(),
    // Mail (docs/decisions/017): SMTP when set, `.eml` files under MAIL_DIR otherwise.
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().trim().min(3, 'must be a sender address, e.g. "Edition Hub <hub@example.org>"').optional(),
    MAIL_DIR: z.string().min(1).default('./data/mail'),
    /** Wait before the first retry of a message that could not be delivered, in ms (doubles per attempt). */
    HUB_MAIL_RETRY_BASE_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(10, 'must be between 10 and 3600000 milliseconds')
      .max(3_600_000, 'must be between 10 and 3600000 milliseconds')
      .default(60_000),
    /** How often each process looks for mail other processes queued, in ms. */
    HUB_MAIL_POLL_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(50, 'must be between 50 and 60000 milliseconds')
      .max(60_000, 'must be between 50 and 60000 milliseconds')
      .default(5_000),
    // Outgoing webhooks (docs/decisions/028).
    /** Wait before the first retry of a webhook delivery that failed, in ms (doubles per attempt; retries stop 24 h on). */
    HUB_WEBHOOK_RETRY_BASE_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(10, 'must be between 10 and 3600000 milliseconds')
      .max(3_600_000, 'must be between 10 and 3600000 milliseconds')
      .default(60_000),
    /** How often each process looks for webhook deliveries other processes queued, in ms. */
    HUB_WEBHOOK_POLL_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(50, 'must be between 50 and 60000 milliseconds')
      .max(60_000, 'must be between 50 and 60000 milliseconds')
      .default(5_000),
    /** How often each process looks for working copies scheduled to be published ("Publish changes at"), in ms. */
    HUB_SCHEDULE_POLL_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(50, 'must be between 50 and 60000 milliseconds')
      .max(60_000, 'must be between 50 and 60000 milliseconds')
      .default(5_000),
    /** How long one webhook request may take before it counts as failed, in ms. */
    HUB_WEBHOOK_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be between 100 and 60000 milliseconds')
      .max(60_000, 'must be between 100 and 60000 milliseconds')
      .default(10_000),
    /**
     * `1`: webhook endpoints may be loopback, link-local, unspecified or cloud metadata addresses
     * (refused by default, when saved and when sent; docs/decisions/028). For a receiver on the same machine.
     */
    HUB_WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
    /** Days delivered and failed webhook deliveries (and their attempts) are kept before the daily job deletes them. */
    HUB_CONTACT_RETENTION_MONTHS: z.coerce
      .number({ error: 'must be a number of months' })
      .int('must be a whole number of months')
      .min(1, 'must be between 1 and 120 months')
      .max(120, 'must be between 1 and 120 months')
      .default(12),
    HUB_WEBHOOK_RETENTION_DAYS: z.coerce
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be between 1 and 3650 days')
      .max(3650, 'must be between 1 and 3650 days')
      .default(30),
    /** Days a deleted item stays in the trash, restorable, before the daily job purges it (decision 053). */
    HUB_TRASH_DAYS: z.coerce
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be between 1 and 3650 days')
      .max(3650, 'must be between 1 and 3650 days')
      .default(30),
    /** Who is told about new contact messages; every admin when empty. */
    HUB_CONTACT_TO: emailList.default([]),
    BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
    HUB_SESSION_MAX_AGE: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(300, 'must be between 300 (5 minutes) and 31536000 (a year) seconds')
      .max(31_536_000, 'must be between 300 (5 minutes) and 31536000 (a year) seconds')
      .default(604_800),
  })
  .superRefine((env, ctx) => {
    const clerkKeys = [env.PUBLIC_CLERK_PUBLISHABLE_KEY, env.CLERK_SECRET_KEY].filter(Boolean).length;
    if (clerkKeys === 1) {
      const missing = env.PUBLIC_CLERK_PUBLISHABLE_KEY ? 'CLERK_SECRET_KEY' : 'PUBLIC_CLERK_PUBLISHABLE_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'Clerk needs both PUBLIC_CLERK_PUBLISHABLE_KEY and CLERK_SECRET_KEY (or neither, for local accounts)',
      });
    }
    // An embedded database keeps a generated secret beside its file; a shared database is used by
    // several processes that must agree on one secret, so it has to be given.
    if (clerkKeys === 0 && !env.BETTER_AUTH_SECRET && !env.DATABASE_URL.startsWith('file:')) {
      ctx.addIssue({ code: 'custom', path: ['BETTER_AUTH_SECRET'], message: 'is required for local accounts on a remote database' });
    }
    checkS3(env, ctx);
    checkEdgePurge(env, ctx);
    checkMachineTranslation(env, ctx);
  })
  .transform((env) => ({
    ...env,
    /** Which auth adapter serves the admin: Clerk when both keys are set, local accounts otherwise. */
    AUTH_PROVIDER: env.PUBLIC_CLERK_PUBLISHABLE_KEY && env.CLERK_SECRET_KEY ? ('clerk' as const) : ('local' as const),
    /** The machine translation service behind "Suggest", or null (decision 056). */
    MACHINE_TRANSLATION: machineTranslationOf(env),
    // Demo content goes into the embedded default database unless switched off; never by
    // default into a remote database, which is somebody's real data.
    HUB_DEMO: env.HUB_DEMO ?? env.DATABASE_URL.startsWith('file:'),
  }));

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses an environment record; throws `EnvError` naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
}

let cached: Env | undefined;

/** The validated `process.env`, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
