import { describe, expect, it } from 'vitest';
import { classifyRequest, decideAccess, type GateInput } from '../../src/server/auth/gate.ts';
import { normalisePath } from '../../src/server/auth/request-path.ts';
import { isSameOriginRequest, isStateChanging } from '../../src/server/http/origin.ts';
import type { AuthUser } from '../../src/server/auth/types.ts';

const user = (role: AuthUser['role']): AuthUser => ({ id: 'u1', email: 'u@example.test', name: 'U', role, editions: null, provider: 'local' });
const page = (overrides: Partial<GateInput>): GateInput => ({
  area: 'admin-page',
  method: 'GET',
  path: '/en/admin/events',
  search: '',
  locale: 'en',
  user: null,
  routeExists: true,
  ...overrides,
});
const api = (overrides: Partial<GateInput>): GateInput => page({ area: 'admin-api', path: '/api/admin/me', ...overrides });

describe('request classification', () => {
  it.each([
    ['/en/hub', 'public'],
    ['/en', 'public'],
    ['/monitoring', 'public'],
    ['/en/admin', 'admin-page'],
    ['/xx/admin/events', 'admin-page'],
    ['/api/admin/events/3', 'admin-api'],
    ['/api/auth/sign-in/email', 'auth-api'],
    ['/api/administrators', 'public'],
  ])('%s is %s', (path, area) => {
    expect(classifyRequest(normalisePath(path))).toBe(area);
  });

  it('sees through percent-encoding, doubled and trailing slashes', () => {
    expect(classifyRequest(normalisePath('/en/%61dmin/events'))).toBe('admin-page');
    expect(classifyRequest(normalisePath('/api/%61dmin/me'))).toBe('admin-api');
    expect(classifyRequest(normalisePath('//en//admin/'))).toBe('admin-page');
    expect(normalisePath('/en/admin/events/')).toBe('/en/admin/events');
  });

  it('trusts the matched route pattern when the path looks public', () => {
    expect(classifyRequest('/en/something-odd', '/[locale]/admin/events')).toBe('admin-page');
    expect(classifyRequest('/weird', '/api/admin/me')).toBe('admin-api');
    expect(classifyRequest('/en/hub', '/[locale]/hub')).toBe('public');
  });
});

describe('access decisions', () => {
  it('sends anonymous page visits to the localized sign-in with the way back', () => {
    expect(decideAccess(page({ locale: 'de', path: '/de/admin/events', search: '?page=2' }))).toEqual({
      kind: 'redirect',
      location: '/de/admin/sign-in?redirect_url=%2Fde%2Fadmin%2Fevents%3Fpage%3D2',
    });
  });

  it('shows the 401 screen to an anonymous form post', () => {
    expect(decideAccess(page({ method: 'POST' }))).toEqual({ kind: 'screen', status: 401 });
  });

  it('lets everyone reach the sign-in and sign-up pages', () => {
    expect(decideAccess(page({ path: '/en/admin/sign-in' }))).toEqual({ kind: 'allow' });
    expect(decideAccess(page({ path: '/en/admin/sign-up/verify', method: 'POST' }))).toEqual({ kind: 'allow' });
  });

  it('answers anonymous API calls with 401', () => {
    expect(decideAccess(api({}))).toMatchObject({ kind: 'problem', status: 401, code: 'UNAUTHENTICATED' });
  });

  it('refuses a signed-in user without role: 403 screen on pages, NO_ROLE on the API', () => {
    expect(decideAccess(page({ user: user(null) }))).toEqual({ kind: 'screen', status: 403 });
    expect(decideAccess(api({ user: user(null) }))).toMatchObject({ kind: 'problem', status: 403, code: 'NO_ROLE' });
  });

  it('names the missing permission', () => {
    expect(decideAccess(api({ user: user('editor'), path: '/api/admin/users' }))).toMatchObject({
      kind: 'problem',
      status: 403,
      code: 'PERMISSION_DENIED',
      permission: 'users.manage',
    });
  });

  it('allows a role holding the permission', () => {
    expect(decideAccess(page({ user: user('editor') }))).toEqual({ kind: 'allow' });
    expect(decideAccess(api({ user: user('admin'), path: '/api/admin/users' }))).toEqual({ kind: 'allow' });
    expect(decideAccess(api({ user: user('editor'), path: '/api/admin/events/7', method: 'DELETE' }))).toEqual({ kind: 'allow' });
  });

  it('shows the 403 screen itself to any signed-in user', () => {
    expect(decideAccess(page({ user: user(null), path: '/en/admin/forbidden' }))).toEqual({ kind: 'allow' });
  });

  it('refuses an existing route without a rule, and lets unknown paths 404', () => {
    expect(decideAccess(api({ user: user('admin'), path: '/api/admin/undeclared' }))).toMatchObject({ status: 403, code: 'PERMISSION_NOT_DECLARED' });
    expect(decideAccess(page({ user: user('admin'), path: '/en/admin/undeclared' }))).toEqual({ kind: 'screen', status: 403 });
    expect(decideAccess(api({ user: user('admin'), path: '/api/admin/undeclared', routeExists: false }))).toEqual({ kind: 'not-found' });
    // Anonymous callers learn nothing about which routes exist.
    expect(decideAccess(api({ path: '/api/admin/undeclared', routeExists: false }))).toMatchObject({ status: 401 });
  });

  it('answers 405 with Allow for an undeclared method', () => {
    expect(decideAccess(api({ user: user('admin'), method: 'DELETE' }))).toMatchObject({ status: 405, allow: ['GET', 'HEAD'] });
    expect(decideAccess(api({ user: user('admin'), method: 'HEAD' }))).toEqual({ kind: 'allow' });
  });
});

describe('origin check', () => {
  const url = new URL('http://127.0.0.1:4321/api/admin/events');

  it('applies to state-changing methods only', () => {
    expect(['POST', 'put', 'PATCH', 'DELETE'].every(isStateChanging)).toBe(true);
    expect(['GET', 'HEAD', 'OPTIONS'].some(isStateChanging)).toBe(false);
  });

  it('accepts the request origin, or only the configured public origin when there is one', () => {
    expect(isSameOriginRequest('http://127.0.0.1:4321', url)).toBe(true);
    expect(isSameOriginRequest('https://hub.example.org', url, 'https://hub.example.org/')).toBe(true);
    // The request's origin comes from its Host header: once the public origin is known, it alone counts.
    expect(isSameOriginRequest('http://127.0.0.1:4321', url, 'https://hub.example.org')).toBe(false);
  });

  it.each([null, '', 'null', 'http://127.0.0.1:4322', 'https://127.0.0.1:4321', 'http://evil.example', 'not a url'])('refuses Origin %j', (origin) => {
    expect(isSameOriginRequest(origin, url)).toBe(false);
  });
});
