/**
 * What the middleware does with a request once it knows who is asking: a pure decision, so the
 * whole matrix of areas × methods × users is cheap to test. Middleware authenticates (who);
 * this decides the route-level minimum (may they reach the route at all); routes decide the rest.
 */
import type { Locale } from '../../i18n/config.ts';
import { findRouteRule, hasPermission, httpMethods, isOpenAdminPage, type HttpMethod, type Permission } from './permissions.ts';
import { signInUrl } from './redirect.ts';
import type { AuthUser } from './types.ts';

/** `public` requests never touch auth (hub pages are served from the route cache anyway). */
export type AuthArea = 'public' | 'admin-page' | 'admin-api' | 'auth-api';

function classifyPattern(path: string): AuthArea {
  if (/^\/api\/admin(\/|$)/i.test(path)) return 'admin-api';
  if (/^\/api\/auth(\/|$)/i.test(path)) return 'auth-api';
  if (/^\/[^/]+\/admin(\/|$)/i.test(path)) return 'admin-page';
  return 'public';
}

/**
 * The area of a request, from its normalised path and, as a second opinion, the route pattern
 * Astro matched (`/[locale]/admin/events`), so no spelling of a path can reach an admin route
 * while being classified as public.
 */
export function classifyRequest(normalisedPath: string, routePattern?: string): AuthArea {
  const byPath = classifyPattern(normalisedPath);
  if (byPath !== 'public' || !routePattern) return byPath;
  return classifyPattern(routePattern);
}

export type GateDecision =
  | { kind: 'allow' }
  /** No rule and no route: let the router answer 404. */
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
  | { kind: 'problem'; status: 401 | 403 | 405; code: string; title: string; permission?: Permission; allow?: string[] }
  /** Render the localized 401/403 screen; `permission` is what was missing (none = no role). */
  | { kind: 'screen'; status: 401 | 403; permission?: Permission }
  | { kind: 'method-not-allowed'; allow: string[] };

export interface GateInput {
  area: Exclude<AuthArea, 'public' | 'auth-api'>;
  method: string;
  /** Normalised path (see `normalisePath`). */
  path: string;
  /** Query string including `?`, kept in the sign-in redirect. */
  search: string;
  locale: Locale;
  user: AuthUser | null;
  /** False when Astro matched no route (its 404 page). */
  routeExists: boolean;
}

function toRuleMethod(method: string): HttpMethod | undefined {
  const upper = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return (httpMethods as readonly string[]).includes(upper) ? (upper as HttpMethod) : undefined;
}

/** Decides what happens to an admin request, given who (if anyone) is signed in. */
export function decideAccess(input: GateInput): GateDecision {
  const { area, path, user } = input;
  const api = area === 'admin-api';
  if (!api && isOpenAdminPage(path)) return { kind: 'allow' };

  if (!user) {
    if (api) return { kind: 'problem', status: 401, code: 'UNAUTHENTICATED', title: 'Sign in to use the admin API' };
    const method = input.method.toUpperCase();
    // Only a navigation can be sent to the sign-in page and back; a form post gets the 401 screen.
    if (method === 'GET' || method === 'HEAD') return { kind: 'redirect', location: signInUrl(input.locale, `${path}${input.search}`) };
    return { kind: 'screen', status: 401 };
  }

  const rule = findRouteRule(path);
  if (!rule) {
    if (!input.routeExists) return { kind: 'not-found' };
    // A route nobody declared: refused until it gets a rule (the matrix test names it).
    return api
      ? { kind: 'problem', status: 403, code: 'PERMISSION_NOT_DECLARED', title: 'This admin route declares no permission' }
      : { kind: 'screen', status: 403 };
  }

  const ruleMethod = toRuleMethod(input.method);
  const access = ruleMethod ? rule.methods[ruleMethod] : undefined;
  if (!access) {
    const allow = Object.keys(rule.methods);
    if (allow.includes('GET')) allow.push('HEAD');
    return api ? { kind: 'problem', status: 405, code: 'METHOD_NOT_ALLOWED', title: `Use ${allow.join(', ')}`, allow } : { kind: 'method-not-allowed', allow };
  }
  if (access === 'signed-in') return { kind: 'allow' };

  if (!user.role) {
    return api
      ? { kind: 'problem', status: 403, code: 'NO_ROLE', title: 'Your account has no admin role yet; ask an administrator' }
      : { kind: 'screen', status: 403 };
  }
  if (!hasPermission(user.role, access)) {
    return api
      ? { kind: 'problem', status: 403, code: 'PERMISSION_DENIED', title: `Your role (${user.role}) lacks the permission ${access}`, permission: access }
      : { kind: 'screen', status: 403, permission: access };
  }
  return { kind: 'allow' };
}
