/** The team directory's reading of a Clerk user (src/server/team/directory.ts): who is offered and mailed, in which language, with which editions. */
import { describe, expect, it } from 'vitest';
import { localeFromTag, memberFromClerk } from '../../src/server/team/directory.ts';
import type { ClerkMember } from '../../src/server/team/clerk.ts';

const clerkUser = (overrides: Partial<ClerkMember> = {}): ClerkMember => ({
  id: 'user_1',
  name: 'Anna Berg',
  email: 'anna@example.test',
  emailVerified: true,
  grantedRole: 'editor',
  role: 'editor',
  twoFactorEnabled: false,
  lastSignInAt: null,
  disabled: false,
  editions: [3],
  locale: 'de-AT',
  ...overrides,
});

describe('localeFromTag', () => {
  it('maps a BCP-47 tag to the site language of its primary subtag, else the default', () => {
    expect(localeFromTag('fr-CA')).toBe('fr');
    expect(localeFromTag('DE_ch')).toBe('de');
    expect(localeFromTag('en')).toBe('en');
    expect(localeFromTag('pt-BR')).toBe('en');
    expect(localeFromTag(null)).toBe('en');
    expect(localeFromTag('')).toBe('en');
  });
});

describe('memberFromClerk', () => {
  it('keeps the role in effect, the editions of the public metadata and the Clerk language', () => {
    expect(memberFromClerk(clerkUser())).toEqual({
      id: 'user_1',
      label: 'Anna Berg',
      email: 'anna@example.test',
      locale: 'de',
      canRead: true,
      role: 'editor',
      editions: [3],
    });
  });

  it('names someone without a name by their address, in the default language when Clerk knows none', () => {
    expect(memberFromClerk(clerkUser({ name: ' ', locale: null, editions: null }))).toMatchObject({ label: 'anna@example.test', locale: 'en', editions: null });
  });

  it('leaves out a user whose primary address is missing or unverified (never mailed)', () => {
    expect(memberFromClerk(clerkUser({ emailVerified: false }))).toBeNull();
    expect(memberFromClerk(clerkUser({ email: null }))).toBeNull();
  });

  it('gives a disabled or role-less user no role and no access to items', () => {
    expect(memberFromClerk(clerkUser({ disabled: true }))).toMatchObject({ role: null, canRead: false });
    expect(memberFromClerk(clerkUser({ role: null, grantedRole: null }))).toMatchObject({ role: null, canRead: false });
  });
});
