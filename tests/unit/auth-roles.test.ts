import { describe, expect, it } from 'vitest';
import { roleClaim, userFromClerkAuth } from '../../src/server/auth/clerk/claims.ts';
import { resolveAuthMode } from '../../src/server/auth/mode.ts';
import { resolveRole, roleFromAllowLists } from '../../src/server/auth/roles.ts';

const lists = { adminEmails: ['boss@example.test'], editorEmails: ['ed@example.test', 'boss@example.test'] };

describe('effective roles', () => {
  it('takes the granted role when the allow-lists say nothing', () => {
    expect(resolveRole('editor', 'someone@example.test', lists)).toBe('editor');
    expect(resolveRole(null, 'someone@example.test', lists)).toBeNull();
    expect(resolveRole('superuser', 'someone@example.test', lists)).toBeNull();
  });

  it('lets the allow-lists raise a role, never lower it', () => {
    expect(resolveRole(null, 'ED@example.test', lists)).toBe('editor');
    expect(resolveRole('editor', 'boss@example.test', lists)).toBe('admin');
    expect(resolveRole('admin', 'ed@example.test', lists)).toBe('admin');
  });

  it('prefers admin when an address is on both lists', () => {
    expect(roleFromAllowLists(' Boss@Example.test ', lists)).toBe('admin');
    expect(roleFromAllowLists(null, lists)).toBeNull();
  });
});

describe('Clerk session claims', () => {
  it('is signed out without a user id', () => {
    expect(userFromClerkAuth({ userId: null, sessionClaims: { role: 'admin' } }, lists)).toBeNull();
  });

  it('reads the role from a custom claim or from embedded public metadata', () => {
    expect(roleClaim({ role: 'editor' })).toBe('editor');
    expect(roleClaim({ metadata: { role: 'admin' } })).toBe('admin');
    expect(roleClaim({ public_metadata: { role: 'editor' } })).toBe('editor');
    expect(roleClaim({})).toBeUndefined();
  });

  it('builds the user, with the allow-lists applied to a verified e-mail claim', () => {
    const signedIn = userFromClerkAuth(
      { userId: 'user_1', sessionId: 'sess_1', sessionClaims: { email: 'Ed@Example.test', email_verified: true, name: 'Ed' } },
      lists,
    );
    expect(signedIn).toEqual({
      user: { id: 'user_1', email: 'ed@example.test', name: 'Ed', role: 'editor', editions: null, provider: 'clerk' },
      session: { id: 'sess_1', expiresAt: null },
    });
  });

  it('never matches an unverified or unvouched e-mail against the allow-lists', () => {
    for (const verified of [false, 'false', undefined, 1, 'yes']) {
      const signedIn = userFromClerkAuth({ userId: 'user_3', sessionClaims: { email: 'ed@example.test', email_verified: verified } }, lists);
      expect(signedIn?.user).toMatchObject({ email: 'ed@example.test', role: null });
    }
    expect(userFromClerkAuth({ userId: 'user_3', sessionClaims: { email: 'ed@example.test', email_verified: 'true' } }, lists)?.user.role).toBe('editor');
  });

  it('gives no role for an unknown role claim', () => {
    expect(userFromClerkAuth({ userId: 'user_2', sessionClaims: { role: 'owner' } }, lists)?.user.role).toBeNull();
  });
});

describe('adapter selection', () => {
  it('uses local accounts without Clerk keys and Clerk with them, when the build agrees', () => {
    expect(resolveAuthMode({ AUTH_PROVIDER: 'local' }, false)).toEqual({ kind: 'local' });
    expect(resolveAuthMode({ AUTH_PROVIDER: 'clerk' }, true)).toEqual({ kind: 'clerk' });
  });

  it('refuses to guess when the build and the environment disagree', () => {
    expect(resolveAuthMode({ AUTH_PROVIDER: 'clerk' }, false)).toMatchObject({ kind: 'misconfigured', reason: expect.stringMatching(/build again/) });
    expect(resolveAuthMode({ AUTH_PROVIDER: 'local' }, true)).toMatchObject({ kind: 'misconfigured' });
  });
});

describe('HUB_VERIFY_EMAIL', () => {
  const verifying = { ...lists, requireVerifiedEmail: true };

  it('grants no role to an unverified address, granted or allow-listed', () => {
    expect(resolveRole('admin', 'someone@example.test', verifying, false)).toBeNull();
    expect(resolveRole(null, 'boss@example.test', verifying, false)).toBeNull();
  });

  it('grants the usual role once the address is verified, and ignores verification when off', () => {
    expect(resolveRole(null, 'boss@example.test', verifying, true)).toBe('admin');
    expect(resolveRole('editor', 'someone@example.test', lists, false)).toBe('editor');
  });
});

describe('edition claims (docs/decisions/059)', () => {
  it('reads the editions from the claim or embedded public metadata; absent is every edition', () => {
    const lists = { adminEmails: [], editorEmails: [] };
    expect(userFromClerkAuth({ userId: 'u', sessionClaims: { role: 'contributor', editions: [4, 9] } }, lists)?.user).toMatchObject({
      role: 'contributor',
      editions: [4, 9],
    });
    expect(userFromClerkAuth({ userId: 'u', sessionClaims: { metadata: { role: 'editor', editions: [4] } } }, lists)?.user.editions).toEqual([4]);
    expect(userFromClerkAuth({ userId: 'u', sessionClaims: { role: 'editor' } }, lists)?.user.editions).toBeNull();
    // A template that renders the array as text, or something unreadable (limited to nothing).
    expect(userFromClerkAuth({ userId: 'u', sessionClaims: { editions: '[4,9]' } }, lists)?.user.editions).toEqual([4, 9]);
    expect(userFromClerkAuth({ userId: 'u', sessionClaims: { editions: 'spring' } }, lists)?.user.editions).toEqual([]);
  });
});
