/**
 * The auth matrix, against the built server: every admin page and every `/api/admin/**` route
 * file, found on disk, × every method it serves × {anonymous, no role, contributor, editor, admin}. What
 * each cell must answer is derived from the permission map, so a route added later is covered
 * without touching this file, and a route without an entry in the map fails here. An editor
 * limited to one edition (docs/decisions/059) is refused another edition's event and allowed its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCollections, findRouteRule, hasPermission, isOpenAdminPage, type HttpMethod, type RouteAccess } from '../../src/server/auth/permissions.ts';
import type { Role } from '../../src/server/auth/roles.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { adminClient } from '../helpers/admin-client.ts';
import { get, grantRole, signIn, signUp } from '../helpers/auth.ts';
import { createEdition, createEvent } from '../helpers/factories.ts';

const pagesDir = fileURLToPath(new URL('../../src/pages', import.meta.url));
const allMethods: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface RouteCase {
  file: string;
  /** A concrete URL for the route (dynamic segments filled with harmless sample values). */
  path: string;
  methods: HttpMethod[];
  /** True when the path has dynamic segments beyond locale and collection (sample ids 404). */
  sampleIds: boolean;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(astro|ts|js|mjs)$/.test(file))
    .map((file) => join(dir, file));
}

/** Methods a route file serves: its exported handlers, or GET for a page. */
function methodsOf(file: string): HttpMethod[] {
  if (file.endsWith('.astro')) return ['GET'];
  const source = readFileSync(file, 'utf8');
  const exported = [...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/g)].map((m) => m[1]!);
  return exported.includes('ALL') ? allMethods : allMethods.filter((method) => exported.includes(method));
}

/** Concrete paths for a route file: `[collection]` expands to every collection. */
function pathsOf(file: string): { path: string; sampleIds: boolean }[] {
  const route = `/${relative(pagesDir, file).split(sep).join('/')}`.replace(/\.(astro|ts|js|mjs)$/, '').replace(/\/index$/, '');
  const segments = route.split('/');
  const collections = segments.includes('[collection]') ? adminCollections : [undefined];
  return collections.map((collection) => {
    let sampleIds = false;
    const path = segments
      .map((segment) => {
        if (segment === '[locale]') return 'en';
        if (segment === '[collection]') return collection!;
        if (/^\[\.\.\..+\]$/.test(segment)) return ''; // an optional rest parameter: its base path
        if (/^\[.+\]$/.test(segment)) {
          sampleIds = true;
          return 'matrix-999999';
        }
        return segment;
      })
      .filter((segment, index) => index === 0 || segment !== '')
      .join('/');
    return { path: path || '/', sampleIds };
  });
}

const adminRouteFiles = [...routeFiles(join(pagesDir, 'api', 'admin')), ...routeFiles(join(pagesDir, '[locale]', 'admin'))];

const routes: RouteCase[] = adminRouteFiles.flatMap((file) =>
  pathsOf(file).map(({ path, sampleIds }) => {
    const rule = findRouteRule(path);
    // Pages take every method their rule declares (form posts), API files what they export.
    const methods = file.endsWith('.astro') && rule ? (Object.keys(rule.methods) as HttpMethod[]) : methodsOf(file);
    return { file: relative(pagesDir, file), path, methods, sampleIds };
  }),
);

/** Open pages: not behind the gate; each with what it answers to whom. */
const openRoutes: Record<string, { methods: HttpMethod[] }> = {
  '/en/admin/sign-in': { methods: ['GET'] },
  '/en/admin/sign-up': { methods: ['GET'] },
  '/en/admin/unauthorized': { methods: ['GET'] },
  '/en/admin/sign-out': { methods: ['POST'] },
  '/en/admin/sign-in/two-factor': { methods: ['GET'] },
  '/en/admin/sign-in/forgot-password': { methods: ['GET'] },
  '/en/admin/sign-in/reset-password': { methods: ['GET'] },
  '/en/admin/sign-up/invitation': { methods: ['GET'] },
  '/en/admin/sign-up/verify-email': { methods: ['GET'] },
};

/**
 * Pages whose allowed answer is not 200, by path or by `METHOD path`: the 403 screen is always a
 * 403; the account and invitations pages answer a POST naming no form (the matrix posts `{}`) with 400.
 */
const screenStatus: Record<string, number> = {
  '/en/admin/forbidden': 403,
  'POST /en/admin/account': 400,
  'POST /en/admin/team/invitations': 400,
  // The endpoint form re-rendered with its errors (no URL, no events).
  'POST /en/admin/webhooks/new': 422,
  // The import form re-rendered with its problem (no edition, no file).
  'POST /en/admin/import': 400,

  // The settings form re-rendered with its errors (no version).
  'POST /en/admin/site': 422,
  // The trash re-rendered with its problem (no action named).
  'POST /en/admin/trash': 400,
};

type Persona = 'anonymous' | 'no role' | Role;
const personas: Persona[] = ['anonymous', 'no role', 'contributor', 'editor', 'admin'];
const emails: Record<Exclude<Persona, 'anonymous'>, string> = {
  admin: 'matrix-admin@example.test',
  editor: 'matrix-editor@example.test',
  contributor: 'matrix-contributor@example.test',
  'no role': 'matrix-nobody@example.test',
};

let server: TestServer;
const cookies = new Map<Persona, string>();

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0', HUB_EDITOR_EMAILS: emails.editor });
  // The first account becomes admin; the editor gets its role from HUB_EDITOR_EMAILS.
  cookies.set('admin', await signUp(server.origin, emails.admin));
  cookies.set('editor', await signUp(server.origin, emails.editor));
  cookies.set('no role', await signUp(server.origin, emails['no role']));
  // Granted the way an administrator does (the same function as `npm run users -- grant`).
  cookies.set('contributor', await signUp(server.origin, emails.contributor));
  const granted = await grantRole(server.databaseUrl, emails.contributor, 'contributor');
  if (!granted.ok) throw new Error(`granting contributor failed: ${granted.code}`);
});

afterAll(() => server?.stop());

function request(persona: Persona, method: HttpMethod, path: string, cookie = cookies.get(persona)): Promise<Response> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let body: string | null = null;
  if (method !== 'GET') {
    headers.origin = server.origin;
    headers['content-type'] = 'application/json';
    body = '{}';
  }
  return fetch(`${server.origin}${path}`, { method, headers, body, redirect: 'manual' });
}

describe('route coverage', () => {
  it('finds the admin routes on disk', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/admin/me',
        '/en/admin',
        '/en/admin/events',
        '/en/admin/translations',
        '/en/admin/mail',
        '/en/admin/mail/matrix-999999',
        '/api/admin/mail/matrix-999999/eml',
        '/en/admin/inbox',
        '/en/admin/inbox/matrix-999999',
        '/en/admin/inbox/matrix-999999/person',
        '/en/admin/inbox/matrix-999999/export.json',
        '/api/admin/inbox',
        '/api/admin/inbox/matrix-999999',
        '/api/admin/inbox/matrix-999999/replies',
        '/api/admin/inbox/people/export',
        '/api/admin/inbox/people/erase',
        '/api/admin/events/matrix-999999/duplicate',
        '/api/admin/medias/matrix-999999/duplicate',
        '/api/admin/editions/matrix-999999/clone',
        '/api/admin/editions/matrix-999999/bundle',
        '/api/admin/editions/bundle',
        '/api/admin/events/matrix-999999/draft',
        '/api/admin/editions/matrix-999999/draft/publish',
        '/api/admin/venues/matrix-999999/draft/schedule',

        '/en/admin/import',
        '/api/admin/import',
        '/api/admin/import/template.csv',
        '/en/admin/webhooks',
        '/en/admin/webhooks/new',
        '/en/admin/webhooks/matrix-999999',
        '/en/admin/webhooks/matrix-999999/edit',
        '/api/admin/webhooks',
        '/api/admin/webhooks/matrix-999999',
        '/api/admin/webhooks/matrix-999999/deliveries/matrix-999999/redeliver',
        '/en/admin/preview/live/events/matrix-999999',
        '/en/admin/preview/live/venues/matrix-999999',

        '/en/admin/site',
        '/en/admin/site/matrix-999999',
      ]),
    );
  });

  it('declares a permission for every method of every admin route file', () => {
    const missing = routes.flatMap((route) => {
      if (openRoutes[route.path]) {
        return route.methods
          .filter((m) => !openRoutes[route.path]!.methods.includes(m))
          .map((m) => `${m} ${route.path} (${route.file}): open route serves an unexpected method`);
      }
      if (isOpenAdminPage(route.path)) return [`${route.path} (${route.file}): open page missing from this test's table`];
      const rule = findRouteRule(route.path);
      if (!rule) return [`${route.path} (${route.file}): no rule in src/server/auth/permissions.ts`];
      return route.methods.filter((m) => !rule.methods[m]).map((m) => `${m} ${route.path} (${route.file}): method not in its rule`);
    });
    expect(missing).toEqual([]);
  });
});

function expectedAccess(path: string, method: HttpMethod): RouteAccess | undefined {
  return findRouteRule(path)?.methods[method];
}

const gatedCases = routes
  .filter((route) => !openRoutes[route.path] && !isOpenAdminPage(route.path))
  .flatMap((route) => route.methods.map((method) => ({ ...route, method })));

describe.each(gatedCases)('$method $path', ({ path, method, sampleIds }) => {
  const api = path.startsWith('/api/');
  const access = expectedAccess(path, method);

  it.each(personas)('as %s', async (persona) => {
    expect(access, `no permission declared for ${method} ${path}`).toBeDefined();
    const response = await request(persona, method, path);
    const role = persona === 'anonymous' || persona === 'no role' ? null : persona;
    expect(response.headers.get('cache-control')).toBe('private, no-store');

    if (persona === 'anonymous') {
      if (api) {
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      } else if (method === 'GET') {
        expect(response.status).toBe(302);
        expect(response.headers.get('location')).toBe(`/en/admin/sign-in?redirect_url=${encodeURIComponent(path)}`);
      } else {
        expect(response.status).toBe(401);
      }
      return;
    }

    const allowed = access === 'signed-in' || (access !== undefined && hasPermission(role, access));
    if (!allowed) {
      expect(response.status).toBe(403);
      if (api) {
        const body = await response.json();
        if (role) expect(body).toMatchObject({ code: 'PERMISSION_DENIED', permission: access });
        else expect(body).toMatchObject({ code: 'NO_ROLE' });
      } else {
        expect(response.headers.get('content-type')).toMatch(/text\/html/);
      }
      return;
    }

    // Allowed: the route itself answers. Static pages render; other routes may refuse the
    // sample input (400, 404, 409…), but never as an authentication or permission failure.
    if (!api && !sampleIds) {
      expect(response.status).toBe(screenStatus[`${method} ${path}`] ?? screenStatus[path] ?? 200);
    } else {
      expect([401, 403]).not.toContain(response.status);
    }
    expect(response.headers.get('location') ?? '').not.toMatch(/sign-in/);
  });
});

describe('open admin pages', () => {
  it.each(personas)('sign-in and sign-up as %s', async (persona) => {
    for (const path of ['/en/admin/sign-in', '/en/admin/sign-up', '/en/admin/sign-in/factor-one']) {
      const response = await get(server.origin, `${path}?redirect_url=%2Fen%2Fadmin%2Ftags`, cookies.get(persona));
      if (persona === 'anonymous') {
        expect(response.status, path).toBe(200);
      } else {
        // Already signed in: straight on to where the visitor was going.
        expect(response.status, path).toBe(302);
        expect(response.headers.get('location')).toBe('/en/admin/tags');
      }
    }
  });

  it.each(personas)('the two-factor step as %s', async (persona) => {
    const response = await get(server.origin, '/en/admin/sign-in/two-factor?redirect_url=%2Fen%2Fadmin%2Ftags', cookies.get(persona));
    expect(response.status).toBe(302);
    // Without a pending sign-in: back to the password step; signed in: on to the destination.
    expect(response.headers.get('location')).toBe(persona === 'anonymous' ? '/en/admin/sign-in?redirect_url=%2Fen%2Fadmin%2Ftags' : '/en/admin/tags');
  });

  it.each(personas)('the 401 screen as %s', async (persona) => {
    const response = await get(server.origin, '/en/admin/unauthorized', cookies.get(persona));
    if (persona === 'anonymous') {
      expect(response.status).toBe(401);
      expect(await response.text()).toContain('/en/admin/sign-in?redirect_url=');
    } else {
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/en/admin');
    }
  });

  it.each(personas)('sign-out as %s', async (persona) => {
    // A fresh session, so the persona's main session survives for the other cases.
    const cookie = persona === 'anonymous' ? undefined : await signIn(server.origin, emails[persona]);
    const response = await request(persona, 'POST', '/en/admin/sign-out', cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/admin/sign-in?signed_out=1');
    if (cookie) expect((await get(server.origin, '/en/admin', cookie)).status).toBe(302);
  });
});

describe('an editor limited to one edition', () => {
  it('is refused another edition’s event (403) and may change its own (2xx)', async () => {
    const admin = adminClient(server.origin, cookies.get('admin'));
    const [own, other] = [await createEdition(admin), await createEdition(admin)];
    const [ownEvent, otherEvent] = [await createEvent(admin, { editionId: own.id }), await createEvent(admin, { editionId: other.id })];
    const email = 'matrix-limited-editor@example.test';
    const cookie = await signUp(server.origin, email);
    const granted = await grantRole(server.databaseUrl, email, 'editor', [own.id]);
    expect(granted).toEqual({ ok: true });
    const limited = adminClient(server.origin, cookie);

    const refused = await limited.call('PATCH', `/api/admin/events/${otherEvent.id}`, { version: otherEvent.version, venueAddress: '5 quai des Arts' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'OUT_OF_EDITION_SCOPE' });
    expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);

    const allowed = await limited.call('PATCH', `/api/admin/events/${ownEvent.id}`, { version: ownEvent.version, venueAddress: '5 quai des Arts' });
    expect(allowed.status).toBe(200);
    // Reading stays open: the other edition's event is there to look at.
    expect((await limited.call('GET', `/api/admin/events/${otherEvent.id}`)).status).toBe(200);
  });
});
