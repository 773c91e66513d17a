import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/server/config/env.ts';

const secret = 'a-test-secret-of-more-than-32-characters';
const clerk = { PUBLIC_CLERK_PUBLISHABLE_KEY: 'pk_live_Y2xlcmsuaHViLnRlc3Qk', CLERK_SECRET_KEY: 'sk_live_abc' };

describe('environment validation', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      DATABASE_URL: 'file:./data/hub.db',
      HOST: 'localhost',
      PORT: 4321,
      UPLOADS_DIR: './data/uploads',
      HUB_DEMO: true,
    });
    expect(env.DATABASE_AUTH_TOKEN).toBeUndefined();
  });

  it('turns demo content off by default for a remote database', () => {
    // A remote database with local accounts needs its session secret (see the auth block below).
    const remote = { DATABASE_URL: 'libsql://hub.example.org', BETTER_AUTH_SECRET: secret };
    expect(parseEnv(remote).HUB_DEMO).toBe(false);
    expect(parseEnv({ ...remote, HUB_DEMO: 'on' }).HUB_DEMO).toBe(true);
    expect(parseEnv({ HUB_DEMO: '0' }).HUB_DEMO).toBe(false);
  });

  it('runs one worker per core unless HUB_WORKERS says otherwise (1 = a single process)', () => {
    expect(parseEnv({}).HUB_WORKERS).toBe(Math.min(64, availableParallelism()));
    expect(parseEnv({ HUB_WORKERS: '1' }).HUB_WORKERS).toBe(1);
    expect(parseEnv({ HUB_WORKERS: '3' }).HUB_WORKERS).toBe(3);
  });

  it('coerces the port and treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '8080', HOST: '' }).PORT).toBe(8080);
    expect(parseEnv({ HOST: '' }).HOST).toBe('localhost');
  });

  it.each([
    ['PORT', 'eighty', /PORT: must be a port number/],
    ['PORT', '70000', /PORT: must be between/],
    ['DATABASE_URL', 'postgres://x', /DATABASE_URL: must start with file:/],
    ['PUBLIC_SITE_URL', 'not a url', /PUBLIC_SITE_URL: must be an http\(s\) URL/],
    ['HUB_DEMO', 'maybe', /HUB_DEMO: must be one of/],
    ['HUB_WORKERS', '0', /HUB_WORKERS: must be between 1 and 64/],
    ['HUB_WORKERS', '1.5', /HUB_WORKERS: must be a whole number/],
    ['HUB_WORKERS', 'all', /HUB_WORKERS: must be a number of workers/],
    ['HUB_TRUST_PROXY', 'the load balancer', /HUB_TRUST_PROXY: must be a number of proxies/],
    ['HUB_TRUST_PROXY', '10.0.0.0/33', /HUB_TRUST_PROXY: must be a number of proxies/],
  ])('rejects %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(message);
  });

  it('reports every bad variable at once', () => {
    try {
      parseEnv({ PORT: 'x', HUB_DEMO: 'x' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/HUB_DEMO/);
    }
  });
});

describe('monitoring variables', () => {
  it('are off by default, with a per-client tunnel limit', () => {
    const env = parseEnv({});
    expect(env.SENTRY_DSN).toBeUndefined();
    expect(env.PUBLIC_SENTRY_DSN).toBeUndefined();
    expect(env.SENTRY_AUTH_TOKEN).toBeUndefined();
    expect(env.MONITORING_RATE_LIMIT).toBe(120);
  });

  it('accept Sentry DSNs (including self-hosted http ones) and a numeric limit', () => {
    const env = parseEnv({
      SENTRY_DSN: 'https://abc@o1.ingest.sentry.io/42',
      PUBLIC_SENTRY_DSN: 'http://abc@sentry.internal:9000/7',
      MONITORING_RATE_LIMIT: '0',
    });
    expect(env.SENTRY_DSN).toBe('https://abc@o1.ingest.sentry.io/42');
    expect(env.PUBLIC_SENTRY_DSN).toBe('http://abc@sentry.internal:9000/7');
    expect(env.MONITORING_RATE_LIMIT).toBe(0);
  });

  it.each([
    ['SENTRY_DSN', 'https://o1.ingest.sentry.io/42', /SENTRY_DSN: must be a Sentry DSN/],
    ['PUBLIC_SENTRY_DSN', 'https://abc@o1.ingest.sentry.io/', /PUBLIC_SENTRY_DSN: must be a Sentry DSN/],
    ['MONITORING_RATE_LIMIT', 'lots', /MONITORING_RATE_LIMIT: must be a number/],
    ['MONITORING_RATE_LIMIT', '-1', /MONITORING_RATE_LIMIT: must be 0/],
  ])('rejects %s=%s', (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(message);
  });
});

describe('authentication variables', () => {
  it('defaults to local accounts, open sign-up, a week-long session and no allow-lists', () => {
    expect(parseEnv({})).toMatchObject({
      AUTH_PROVIDER: 'local',
      HUB_SIGN_UP: 'open',
      HUB_SESSION_MAX_AGE: 604_800,
      HUB_ADMIN_EMAILS: [],
      HUB_EDITOR_EMAILS: [],
    });
    expect(parseEnv({}).BETTER_AUTH_SECRET).toBeUndefined();
  });

  it('selects Clerk when both keys are set', () => {
    expect(parseEnv(clerk).AUTH_PROVIDER).toBe('clerk');
    // Clerk needs no local session secret, even on a remote database.
    expect(parseEnv({ ...clerk, DATABASE_URL: 'libsql://hub.example.org' }).AUTH_PROVIDER).toBe('clerk');
  });

  it('parses the allow-lists into lowercase addresses', () => {
    const env = parseEnv({ HUB_ADMIN_EMAILS: ' Boss@Example.test , ', HUB_EDITOR_EMAILS: 'a@example.test,b@example.test' });
    expect(env.HUB_ADMIN_EMAILS).toEqual(['boss@example.test']);
    expect(env.HUB_EDITOR_EMAILS).toEqual(['a@example.test', 'b@example.test']);
  });

  it.each([
    [{ PUBLIC_CLERK_PUBLISHABLE_KEY: clerk.PUBLIC_CLERK_PUBLISHABLE_KEY }, /CLERK_SECRET_KEY: Clerk needs both/],
    [{ CLERK_SECRET_KEY: 'sk_live_abc' }, /PUBLIC_CLERK_PUBLISHABLE_KEY: Clerk needs both/],
    [{ PUBLIC_CLERK_PUBLISHABLE_KEY: 'pk_wrong' }, /PUBLIC_CLERK_PUBLISHABLE_KEY: must be a Clerk publishable key/],
    [{ ...clerk, CLERK_SECRET_KEY: 'secret' }, /CLERK_SECRET_KEY: must be a Clerk secret key/],
    [{ ...clerk, CLERK_JWT_KEY: 'abc' }, /CLERK_JWT_KEY: must be the PEM public key/],
    [{ HUB_ADMIN_EMAILS: 'boss@example.test, not-an-address' }, /HUB_ADMIN_EMAILS.*: must be a comma-separated list of e-mail addresses/],
    [{ HUB_SIGN_UP: 'maybe' }, /HUB_SIGN_UP: must be open, closed or invite-only/],
    [{ BETTER_AUTH_SECRET: 'short' }, /BETTER_AUTH_SECRET: must be at least 32 characters/],
    [{ DATABASE_URL: 'libsql://hub.example.org' }, /BETTER_AUTH_SECRET: is required for local accounts on a remote database/],
    [{ HUB_SESSION_MAX_AGE: '60' }, /HUB_SESSION_MAX_AGE: must be between 300/],
    [{ HUB_SESSION_MAX_AGE: 'forever' }, /HUB_SESSION_MAX_AGE: must be a number of seconds/],
  ])('rejects %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(message);
  });
});

describe('CONTACT_RATE_LIMIT', () => {
  it('defaults to 5 messages per client per 10 minutes; 0 switches it off', () => {
    expect(parseEnv({}).CONTACT_RATE_LIMIT).toBe(5);
    expect(parseEnv({ CONTACT_RATE_LIMIT: '0' }).CONTACT_RATE_LIMIT).toBe(0);
    expect(parseEnv({ CONTACT_RATE_LIMIT: '2' }).CONTACT_RATE_LIMIT).toBe(2);
  });

  it('refuses negative or fractional values, naming the variable', () => {
    expect(() => parseEnv({ CONTACT_RATE_LIMIT: '-1' })).toThrow(EnvError);
    expect(() => parseEnv({ CONTACT_RATE_LIMIT: '1.5' })).toThrow(/CONTACT_RATE_LIMIT/);
  });
});

describe('HUB_TRUST_PROXY', () => {
  it('is unset by default, a hop count, or a list of addresses and ranges', () => {
    expect(parseEnv({}).HUB_TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ HUB_TRUST_PROXY: '2' }).HUB_TRUST_PROXY).toEqual({ hops: 2 });
    expect(parseEnv({ HUB_TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback' }).HUB_TRUST_PROXY).toEqual({ addresses: ['10.0.0.0/8', '::1', 'loopback'] });
  });
});

describe('HUB_REVISIONS_KEEP', () => {
  it('keeps every revision when unset, or the newest N (a whole number from 1)', () => {
    expect(parseEnv({}).HUB_REVISIONS_KEEP).toBeUndefined();
    expect(parseEnv({ HUB_REVISIONS_KEEP: '' }).HUB_REVISIONS_KEEP).toBeUndefined();
    expect(parseEnv({ HUB_REVISIONS_KEEP: '25' }).HUB_REVISIONS_KEEP).toBe(25);
    for (const value of ['0', '-3', '2.5', 'all']) {
      expect(() => parseEnv({ HUB_REVISIONS_KEEP: value })).toThrow(/HUB_REVISIONS_KEEP/);
    }
  });
});

describe('HUB_WEBHOOK_RETENTION_DAYS', () => {
  it('keeps delivered and failed webhook deliveries 30 days unless told (1 to 3650 whole days)', () => {
    expect(parseEnv({}).HUB_WEBHOOK_RETENTION_DAYS).toBe(30);
    expect(parseEnv({ HUB_WEBHOOK_RETENTION_DAYS: '90' }).HUB_WEBHOOK_RETENTION_DAYS).toBe(90);
    for (const value of ['0', '-1', '7.5', 'forever', '3651']) {
      expect(() => parseEnv({ HUB_WEBHOOK_RETENTION_DAYS: value })).toThrow(/HUB_WEBHOOK_RETENTION_DAYS/);
    }
  });
});

describe('HUB_MAP_TILE_URL', () => {
  it('is unset by default (no map), or an http(s) template with {z}, {x} and {y}', () => {
    expect(parseEnv({}).HUB_MAP_TILE_URL).toBeUndefined();
    expect(parseEnv({}).HUB_MAP_ATTRIBUTION).toBe('© OpenStreetMap contributors');
    expect(parseEnv({ HUB_MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' }).HUB_MAP_TILE_URL).toBe(
      'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    );
    expect(parseEnv({ HUB_MAP_TILE_URL: 'http://tiles.local:8080/map/{z}/{y}/{x}' }).HUB_MAP_TILE_URL).toBe('http://tiles.local:8080/map/{z}/{y}/{x}');
  });

  it.each([
    'https://tile.example/{z}/{x}.png',
    'https://{s}.tile.example/{z}/{x}/{y}.png',
    'ftp://tile.example/{z}/{x}/{y}.png',
    'tiles/{z}/{x}/{y}.png',
    'https://tile.example/{z}/{x}/{y}.png?key={apikey}',
  ])('refuses %s, naming the variable', (value) => {
    expect(() => parseEnv({ HUB_MAP_TILE_URL: value })).toThrow(/HUB_MAP_TILE_URL/);
  });
});
