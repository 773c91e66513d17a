/**
 * The authentication middleware: on admin pages, `/api/admin/**` and `/api/auth/**` it refuses
 * cross-origin writes, asks the active adapter who is signed in, puts them on `locals`, and
 * applies the route's minimum permission (gate.ts). Every other request passes straight through
 * without reading a cookie or loading an adapter.
 */
import type { APIContext, MiddlewareHandler, MiddlewareNext } from 'astro';
import { getEnv, type Env } from '../config/env.ts';
import { problem } from '../http/problem.ts';
import type { ClerkAuthLike } from './clerk/claims.ts';
import { classifyRequest, decideAccess, type AuthArea, type GateDecision } from './gate.ts';
import { normalisePath } from './request-path.ts';
import { getAuthMode } from './mode.ts';
import { isSameOriginRequest, isStateChanging } from '../http/origin.ts';
import type { AuthSession, AuthUser } from './types.ts';

type GatedArea = Exclude<AuthArea, 'public'>;

function trustedOrigins(env: Env): string[] {
  return env.PUBLIC_SITE_URL ? [new URL(env.PUBLIC_SITE_URL).origin] : [];
}

/** Astro's own 404 (no route matched): the gate lets it through to answer 404. */
function isNotFoundRoute(routePattern: string | undefined): boolean {
  return !routePattern || routePattern === '/404' || routePattern === '/_not-found';
}

function respond(context: APIContext, next: MiddlewareNext, decision: GateDecision): Promise<Response> | Response {
  switch (decision.kind) {
    case 'allow':
    case 'not-found':
      return next();
    case 'redirect':
      return new Response(null, { status: 302, headers: { Location: decision.location } });
    case 'problem':
      return problem(decision.status, decision.code, decision.title, {
        ...(decision.permission ? { extensions: { permission: decision.permission } } : {}),
        ...(decision.allow ? { headers: { Allow: decision.allow.join(', ') } } : {}),
      });
    case 'method-not-allowed':
      return new Response(null, { status: 405, headers: { Allow: decision.allow.join(', ') } });
    case 'screen':
      context.locals.deniedPermission = decision.permission ?? null;
      // Render the localized screen in place: the URL stays what the visitor asked for.
      return next(`/${context.locals.locale}/admin/${decision.status === 401 ? 'unauthorized' : 'forbidden'}`);
  }
}

/** Puts the user on locals and applies the route-level gate. */
function gate(context: APIContext, next: MiddlewareNext, area: AuthArea, user: AuthUser | null, session: AuthSession | null) {
  context.locals.user = user;
  context.locals.session = session;
  if (area === 'auth-api' || area === 'public') return next();
  const decision = decideAccess({
    area,
    method: context.request.method,
    path: normalisePath(context.url.pathname),
    search: context.url.search,
    locale: context.locals.locale,
    user,
    routeExists: !isNotFoundRoute(context.routePattern),
  });
  return respond(context, next, decision);
}

function withHeaders(response: Response, setCookies: readonly string[]): Response {
  let result = response;
  try {
    result.headers.set('Cache-Control', 'private, no-store');
  } catch {
    // Immutable headers (a redirect built by `Response.redirect`): copy the response.
    result = new Response(response.body, response);
    result.headers.set('Cache-Control', 'private, no-store');
  }
  for (const cookie of setCookies) result.headers.append('Set-Cookie', cookie);
  return result;
}

let clerkMiddleware: Promise<MiddlewareHandler> | undefined;

/** Clerk's middleware, loaded on first use: processes using local accounts never import Clerk. */
function loadClerkMiddleware(env: Env): Promise<MiddlewareHandler> {
  clerkMiddleware ??= (async () => {
    const [{ createClerkMiddleware }, { userFromClerkAuth }] = await Promise.all([import('./clerk/clerk-astro-runtime.ts'), import('./clerk/claims.ts')]);
    const lists = { adminEmails: env.HUB_ADMIN_EMAILS, editorEmails: env.HUB_EDITOR_EMAILS };
    const origins = trustedOrigins(env);
    return createClerkMiddleware(
      { jwtKey: env.CLERK_JWT_KEY, authorizedParties: origins.length ? origins : undefined },
      (auth: ClerkAuthLike, context, next) => {
        const signedIn = userFromClerkAuth(auth, lists);
        return Promise.resolve(gate(context, next, areaOf(context), signedIn?.user ?? null, signedIn?.session ?? null));
      },
    );
  })();
  return clerkMiddleware;
}

let reportedMisconfiguration = false;

async function guard(context: APIContext, next: MiddlewareNext, area: GatedArea): Promise<Response> {
  const env = getEnv();
  if (isStateChanging(context.request.method) && !isSameOriginRequest(context.request.headers.get('origin'), context.url, env.PUBLIC_SITE_URL)) {
    return problem(403, 'CROSS_ORIGIN_REQUEST', 'State-changing requests must come from this site (Origin header)');
  }
  const mode = getAuthMode();
  if (mode.kind === 'misconfigured') {
    if (!reportedMisconfiguration) console.error(`[auth] The admin is closed: ${mode.reason}`);
    reportedMisconfiguration = true;
    return problem(503, 'AUTH_MISCONFIGURED', 'Sign-in is not available: the server is misconfigured (see its log)');
  }
  if (mode.kind === 'clerk') {
    if (area === 'auth-api') return next(); // the local-accounts endpoint answers 404 under Clerk
    const middleware = await loadClerkMiddleware(env);
    return (await middleware(context, next)) as Response;
  }
  const { authenticateLocal } = await import('./local/session.ts');
  const { user, session, setCookies } = await authenticateLocal(context);
  return withHeaders(await gate(context, next, area, user, session), setCookies);
}

function areaOf(context: APIContext): AuthArea {
  return classifyRequest(normalisePath(context.url.pathname), context.routePattern);
}

/** The authentication step of `src/middleware.ts`. */
export const authenticate: MiddlewareHandler = async (context, next) => {
  context.locals.user = null;
  context.locals.session = null;
  const area = areaOf(context);
  if (area === 'public') return next();
  return withHeaders(await guard(context, next, area), []);
};
