import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRedirectTarget, signInUrl, toSafeRedirectPath } from '../../src/server/auth/redirect.ts';

describe('redirect targets after sign-in', () => {
  it.each([
    ['/en/admin/events', '/en/admin/events'],
    ['/de/admin/events?status=draft&page=2', '/de/admin/events?status=draft&page=2'],
    ['/en/admin/events#list', '/en/admin/events#list'],
    ['/en/hub/event/opening-night', '/en/hub/event/opening-night'],
    ['/en/admin/./events/../tags', '/en/admin/tags'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(toSafeRedirectPath(raw)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/en/admin',
    '///evil.example',
    'https://evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    ' /en/admin',
    '/%2F/evil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/%09/evil.example',
    'en/admin',
    '',
    '/%E0%A4%A',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (raw) => {
    expect(toSafeRedirectPath(raw)).toBeNull();
    expect(resolveRedirectTarget(raw, 'de')).toBe('/de/admin');
  });

  it('never returns anything a browser would resolve to another origin', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('/', '\\', '%', '2', 'F', '5', 'C', ':', 'e', '.', '@', '?', '#', ' ', '\t') }), (raw) => {
        const safe = toSafeRedirectPath(raw);
        if (safe === null) return true;
        return new URL(safe, 'https://hub.example.org').origin === 'https://hub.example.org' && !safe.startsWith('//');
      }),
      { numRuns: 2000 },
    );
  });

  it('falls back to the dashboard for missing targets, the auth pages and the APIs', () => {
    expect(resolveRedirectTarget(null, 'fr')).toBe('/fr/admin');
    expect(resolveRedirectTarget('/fr/admin/sign-in?redirect_url=/x', 'fr')).toBe('/fr/admin');
    expect(resolveRedirectTarget('/fr/admin/sign-up', 'fr')).toBe('/fr/admin');
    expect(resolveRedirectTarget('/api/admin/me', 'fr')).toBe('/fr/admin');
    expect(resolveRedirectTarget('/fr/admin/events', 'fr')).toBe('/fr/admin/events');
  });

  it('encodes the return path into the sign-in URL', () => {
    expect(signInUrl('de', '/de/admin/events?x=1&y=2')).toBe('/de/admin/sign-in?redirect_url=%2Fde%2Fadmin%2Fevents%3Fx%3D1%26y%3D2');
    expect(signInUrl('en')).toBe('/en/admin/sign-in');
  });
});
