import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH } from '../../src/server/auth/local/auth.ts';
import { signInFormSchema, signUpFormSchema } from '../../src/server/auth/local/forms.ts';
import { resolveAuthSecret, secretFileFor } from '../../src/server/auth/local/secret.ts';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('sign-up form', () => {
  it('normalises the e-mail and accepts a long enough password', () => {
    const result = signUpFormSchema.safeParse({ name: ' Ada ', email: ' Ada@Example.TEST ', password: 'x'.repeat(MIN_PASSWORD_LENGTH) });
    expect(result.success && result.data).toEqual({ name: 'Ada', email: 'ada@example.test', password: 'x'.repeat(MIN_PASSWORD_LENGTH) });
  });

  it('reports each field with a code the page translates', () => {
    expect(issues(signUpFormSchema.safeParse({ name: ' ', email: 'nope', password: 'short' }))).toEqual({
      name: 'NAME_REQUIRED',
      email: 'EMAIL_INVALID',
      password: 'PASSWORD_TOO_SHORT',
    });
    expect(issues(signUpFormSchema.safeParse({}))).toMatchObject({ email: 'EMAIL_INVALID', password: 'PASSWORD_REQUIRED' });
  });
});

describe('sign-in form', () => {
  it('does not judge password strength when signing in', () => {
    expect(signInFormSchema.safeParse({ email: 'a@example.test', password: 'x' }).success).toBe(true);
    expect(issues(signInFormSchema.safeParse({ email: 'a@example.test', password: '' }))).toEqual({ password: 'PASSWORD_REQUIRED' });
  });
});

describe('session secret', () => {
  it('uses BETTER_AUTH_SECRET when given', () => {
    expect(resolveAuthSecret({ BETTER_AUTH_SECRET: 's'.repeat(40), DATABASE_URL: 'file:/nowhere/hub.db' })).toBe('s'.repeat(40));
  });

  it('generates one secret per embedded database, kept beside it and private', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-secret-'));
    const url = `file:${join(dir, 'hub.db')}`;
    const first = resolveAuthSecret({ DATABASE_URL: url });
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(resolveAuthSecret({ DATABASE_URL: url })).toBe(first);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'auth-secret')).mode & 0o077).toBe(0);
    expect(secretFileFor('libsql://hub.example.org')).toBeNull();
  });
});
