/**
 * The one permission map: which role holds which permission, and which permission every admin
 * route needs per HTTP method. The middleware enforces a route's permission before the route
 * runs, and routes authorize again with the same rule (`declaredAccess`), so each permission is
 * written here once. Decisions that depend on the data are the services' (changing or restoring
 * a published item needs `content.publish`, deleting one `content.deletePublished`, deleting a
 * media in use `media.deleteInUse`).
 * A route missing from `routeRules` is refused; tests/integration/auth-matrix.test.ts fails for
 * every route file without a rule. See docs/decisions/003-roles-and-permissions.md.
 */
import { collectionNames, collections, type CollectionName } from '../../lib/collections/index.ts';
import { problem } from '../http/problem.ts';
import { normalisePath } from './request-path.ts';
import type { Role } from './roles.ts';
import type { AuthUser } from './types.ts';

export const permissions = [
  /** Enter the admin at all: dashboard, own profile (`/api/admin/me`). */
  'admin.access',
  'content.read',
  /** Create and edit curators, editions, events, organizers, tags, and medias/files metadata. */
  'content.write',
  'content.publish',
  /** Delete drafts and items nothing depends on. */
  'content.delete',
  'content.deletePublished',
  'media.upload',
  'media.deleteInUse',
  /** Grant and revoke roles; invite people (invitations carry a role). */
  'users.manage',
  /** Read the contact inbox. */
  'inbox.read',
  /** Mark contact messages read or handled, reply to them, delete one. */
  'inbox.manage',
  /** Export everything one person wrote (a data-subject access request; docs/decisions/021). */
  'inbox.export',
  /** Erase everything one person wrote (a data-subject erasure request). */
  'inbox.erase',
  /** Read the outbox ("Sent mail"): recipients' addresses and the messages' text. */
  'mail.read',
  /** "Retry now" on a failed or waiting message. */
  'mail.retry',
  /** Webhook endpoints: their URLs, secrets, subscriptions and deliveries (docs/decisions/028). */
  'webhooks.manage',
  /** Site settings (name, logo, accent colour, contact recipients) and the editorial pages (docs/decisions/038). */
  'site.manage',
  /** Delete anyone's note on an item (everyone edits and deletes their own; docs/decisions/061). */
  'notes.moderate',
] as const;

export type Permission = (typeof permissions)[number];

const rolePermissions: Readonly<Record<Role, readonly Permission[]>> = {
  // Writes and saves drafts and working copies; never changes what the public sees (no
  // `content.publish`), so deleting reaches only items that were never published (docs/decisions/059).
  contributor: ['admin.access', 'content.read', 'content.write', 'content.delete', 'media.upload'],
  editor: ['admin.access', 'content.read', 'content.write', 'content.publish', 'content.delete', 'media.upload', 'inbox.read', 'inbox.manage'],
  admin: permissions,
};

/** True when `role` holds `permission`; no role holds nothing. */
export function hasPermission(role: Role | null | undefined, permission: Permission): boolean {
  return role ? rolePermissions[role].includes(permission) : false;
}

/** Every permission of a role, for `/api/admin/me` and the admin shell. */
export function listPermissions(role: Role | null | undefined): Permission[] {
  return role ? [...rolePermissions[role]] : [];
}

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** `signed-in`: any signed-in user, even without a role (the 403 screen must show to them). */
export type RouteAccess = Permission | 'signed-in';

export interface RouteRule {
  /** Path template: `:name` matches one segment, a trailing `*` one or more. */
  pattern: string;
  methods: Partial<Record<HttpMethod, RouteAccess>>;
}

/** The admin collections (src/lib/collections), one management screen and one CRUD API each. */
export const adminCollections = collectionNames;

function collectionApiRules(collection: CollectionName): RouteRule[] {
  // Medias and files are created by uploading them (a media also from a video link).
  const create: Permission = collections[collection].upload ? 'media.upload' : 'content.write';
  return [
    { pattern: `/api/admin/${collection}`, methods: { GET: 'content.read', POST: create } },
    // Bulk actions (publish, unpublish, delete): the route escalates per item like DELETE below.
    { pattern: `/api/admin/${collection}/bulk`, methods: { POST: 'content.write' } },
    { pattern: `/api/admin/${collection}/export`, methods: { GET: 'content.read' } },
    // A draft copy: creating, like a JSON create (a media/file copy shares the stored upload).
    { pattern: `/api/admin/${collection}/:id/duplicate`, methods: { POST: 'content.write' } },
    // Revisions (decision 030): reading the history; a restore is a save, like PATCH (and, like
    // it, also needs `content.publish` on a published item: the service checks the status).
    { pattern: `/api/admin/${collection}/:id/revisions`, methods: { GET: 'content.read' } },
    { pattern: `/api/admin/${collection}/:id/revisions/:revisionId`, methods: { GET: 'content.read' } },
    { pattern: `/api/admin/${collection}/:id/revisions/:revisionId/restore`, methods: { POST: 'content.write' } },
    // Working copies of published items (decision 035): saving or discarding one leaves the
    // public item as it is; publishing it changes the public item, like a publish.
    { pattern: `/api/admin/${collection}/:id/draft`, methods: { PUT: 'content.write', DELETE: 'content.write' } },
    { pattern: `/api/admin/${collection}/:id/draft/publish`, methods: { POST: 'content.publish' } },
    // Scheduling a copy decides when the public item changes: a publish, too.
    { pattern: `/api/admin/${collection}/:id/draft/schedule`, methods: { PUT: 'content.publish', DELETE: 'content.publish' } },
    // PATCH: `content.write` here; the service also requires `content.publish` for a published
    // item (the change is public at once). DELETE: `content.delete` here; the route also requires
    // `content.deletePublished` for a published item and `media.deleteInUse` for a media/file
    // something still shows.
    { pattern: `/api/admin/${collection}/:id`, methods: { GET: 'content.read', PATCH: 'content.write', DELETE: 'content.delete' } },
  ];
}

function collectionPageRules(collection: CollectionName): RouteRule[] {
  // POST: form submissions (Astro Actions) post to the page URL.
  const page = { GET: 'content.read', POST: 'content.write' } as const;
  return [
    { pattern: `/:locale/admin/${collection}`, methods: page },
    { pattern: `/:locale/admin/${collection}/*`, methods: page },
  ];
}

/** Ordered: the first matching pattern decides, so specific paths come before `:id`. */
export const routeRules: readonly RouteRule[] = [
  { pattern: '/api/admin/me', methods: { GET: 'admin.access' } },
  { pattern: '/api/admin/users', methods: { GET: 'users.manage' } },
  { pattern: '/api/admin/users/:id/role', methods: { PUT: 'users.manage', DELETE: 'users.manage' } },
  { pattern: '/api/admin/invitations', methods: { GET: 'users.manage', POST: 'users.manage' } },
  { pattern: '/api/admin/invitations/:id', methods: { DELETE: 'users.manage' } },
  { pattern: '/api/admin/invitations/:id/resend', methods: { POST: 'users.manage' } },
  { pattern: '/api/admin/team', methods: { GET: 'users.manage' } },
  // POST: one action on one account (approve, refuse, role, disable, enable, end-sessions), JSON or an HTML form.
  { pattern: '/api/admin/team/:id/:action', methods: { POST: 'users.manage' } },
  // Edition bundles (docs/decisions/048): importing one creates items like a clone (the service also
  // demands `media.upload`); before the collection rules, whose `/api/admin/editions/:id` matches `bundle`.
  { pattern: '/api/admin/editions/bundle', methods: { POST: 'content.write' } },
  // Translation suggestions (docs/decisions/056): asked for and accepted while editing texts.
  { pattern: '/api/admin/translations/suggest', methods: { POST: 'content.write' } },
  { pattern: '/api/admin/translations/suggest/accept', methods: { POST: 'content.write' } },
  // Notes on items (docs/decisions/061): whoever may read an item reads its notes; writing one is
  // a contribution like editing. Editing or deleting another person's note: the service demands
  // `notes.moderate` for a delete and refuses an edit.
  { pattern: '/api/admin/notes/:collection/:id', methods: { GET: 'content.read', POST: 'content.write' } },
  { pattern: '/api/admin/notes/:noteId', methods: { PATCH: 'content.write', DELETE: 'content.write' } },
  // Review requests (docs/decisions/064): anyone who writes may ask for a review of an item and
  // withdraw their own request; deciding on one publishes or answers it, so it needs
  // `content.publish` (and the service checks the item is inside the decider's editions).
  { pattern: '/api/admin/review', methods: { GET: 'content.publish' } },
  { pattern: '/api/admin/review/:collection/:id/submit', methods: { POST: 'content.write' } },
  { pattern: '/api/admin/review/:collection/:id/withdraw', methods: { POST: 'content.write' } },
  { pattern: '/api/admin/review/:collection/:id/approve', methods: { POST: 'content.publish' } },
  { pattern: '/api/admin/review/:collection/:id/request-changes', methods: { POST: 'content.publish' } },
  ...adminCollections.flatMap(collectionApiRules),
  // The trash (docs/decisions/053): whoever may delete may see it and bring back what they could
  // have deleted (the service also demands `content.deletePublished` for an item that was ever
  // public, as deleting it did). Deleting for good cannot be undone: `content.deletePublished`.
  { pattern: '/api/admin/trash', methods: { GET: 'content.delete', DELETE: 'content.deletePublished' } },
  { pattern: '/api/admin/trash/:collection/:id/restore', methods: { POST: 'content.delete' } },
  { pattern: '/api/admin/trash/:collection/:id', methods: { DELETE: 'content.deletePublished' } },
  // The contact inbox (docs/decisions/021): people before `:id`.
  { pattern: '/api/admin/inbox', methods: { GET: 'inbox.read' } },
  { pattern: '/api/admin/inbox/people/export', methods: { POST: 'inbox.export' } },
  { pattern: '/api/admin/inbox/people/erase', methods: { POST: 'inbox.erase' } },
  { pattern: '/api/admin/inbox/:id', methods: { GET: 'inbox.read', PATCH: 'inbox.manage', DELETE: 'inbox.manage' } },
  { pattern: '/api/admin/inbox/:id/replies', methods: { POST: 'inbox.manage' } },
  // An edition copied with its events, as drafts, dates shifted.
  { pattern: '/api/admin/editions/:id/clone', methods: { POST: 'content.write' } },
  // An edition with everything it points at, as one file: what a clone reads, for another instance.
  { pattern: '/api/admin/editions/:id/bundle', methods: { GET: 'content.write' } },
  // The programme calendar's data (docs/decisions/062); its moves are ordinary saves of events.
  { pattern: '/api/admin/programme', methods: { GET: 'content.read' } },
  // Imports (docs/decisions/034): a dry run reads, a commit creates events, like a create.
  { pattern: '/api/admin/import', methods: { POST: 'content.write' } },
  { pattern: '/api/admin/import/template.csv', methods: { GET: 'content.read' } },
  { pattern: '/api/admin/mail/:id/eml', methods: { GET: 'mail.read' } },
  // Presence on edit forms (docs/decisions/054): whoever may open an item's form may say so and
  // learn who else has it open; nothing is written to the content.
  { pattern: '/api/admin/presence', methods: { POST: 'content.read', DELETE: 'content.read' } },
  // Saved views of the lists (docs/decisions/063): a person's own quick-picks; whoever may read a
  // list may keep views of it, and nothing in the content changes.
  { pattern: '/api/admin/views/:collection', methods: { GET: 'content.read', POST: 'content.read' } },
  { pattern: '/api/admin/views/:collection/:id', methods: { PATCH: 'content.read', DELETE: 'content.read' } },
  // Outgoing webhooks (docs/decisions/028).
  { pattern: '/api/admin/webhooks', methods: { GET: 'webhooks.manage', POST: 'webhooks.manage' } },
  { pattern: '/api/admin/webhooks/:id', methods: { GET: 'webhooks.manage', PATCH: 'webhooks.manage', DELETE: 'webhooks.manage' } },
  { pattern: '/api/admin/webhooks/:id/secret', methods: { POST: 'webhooks.manage' } },
  { pattern: '/api/admin/webhooks/:id/ping', methods: { POST: 'webhooks.manage' } },
  { pattern: '/api/admin/webhooks/:id/deliveries', methods: { GET: 'webhooks.manage' } },
  { pattern: '/api/admin/webhooks/:id/deliveries/:deliveryId/redeliver', methods: { POST: 'webhooks.manage' } },
  { pattern: '/:locale/admin', methods: { GET: 'admin.access' } },
  // Sent mail; POST on a message is its "Retry now" form.
  { pattern: '/:locale/admin/mail', methods: { GET: 'mail.read' } },
  { pattern: '/:locale/admin/mail/:id', methods: { GET: 'mail.read', POST: 'mail.retry' } },
  // Webhooks; POST: the screens' forms (create, update, rotate, ping, redeliver, delete).
  { pattern: '/:locale/admin/webhooks', methods: { GET: 'webhooks.manage' } },
  { pattern: '/:locale/admin/webhooks/new', methods: { GET: 'webhooks.manage', POST: 'webhooks.manage' } },
  { pattern: '/:locale/admin/webhooks/:id', methods: { GET: 'webhooks.manage', POST: 'webhooks.manage' } },
  { pattern: '/:locale/admin/webhooks/:id/edit', methods: { GET: 'webhooks.manage', POST: 'webhooks.manage' } },
  // Site settings and the about, privacy and terms pages; POST: their forms (save, preview, restore).
  { pattern: '/:locale/admin/site', methods: { GET: 'site.manage', POST: 'site.manage' } },
  { pattern: '/:locale/admin/site/:page', methods: { GET: 'site.manage', POST: 'site.manage' } },
  { pattern: '/:locale/admin/forbidden', methods: { GET: 'signed-in' } },
  // POST: the page's invite / resend / revoke forms.
  { pattern: '/:locale/admin/team/invitations', methods: { GET: 'users.manage', POST: 'users.manage' } },
  { pattern: '/:locale/admin/team', methods: { GET: 'users.manage' } },
  { pattern: '/:locale/admin/activity', methods: { GET: 'content.read' } },
  // The programme calendar (docs/decisions/062): reading; moves go through the events API.
  { pattern: '/:locale/admin/programme', methods: { GET: 'content.read' } },
  // The review queue (docs/decisions/064): what waits for those who publish.
  { pattern: '/:locale/admin/review', methods: { GET: 'content.publish' } },
  // The trash screen; POST: its restore, delete-forever and empty forms (the page demands
  // `content.deletePublished` for the last two, like the API).
  { pattern: '/:locale/admin/trash', methods: { GET: 'content.delete', POST: 'content.delete' } },
  // Translation coverage (docs/decisions/037): counts only, for everyone who edits content.
  { pattern: '/:locale/admin/translations', methods: { GET: 'content.read' } },

  // The import screen; POST: its dry-run and import forms.
  { pattern: '/:locale/admin/import', methods: { GET: 'content.write', POST: 'content.write' } },
  // Your own account (password, two-factor): anyone the admin lets in; POST = its forms.
  { pattern: '/:locale/admin/account', methods: { GET: 'admin.access', POST: 'admin.access' } },
  // Live preview of an unsaved form (decision 036): POSTs the save payload, runs the write
  // engine in a rolled-back transaction, so it needs what a save needs.
  { pattern: '/:locale/admin/preview/live/:collection/:id', methods: { POST: 'content.write' } },
  // Draft preview of a hub page (never cached): anyone who may read the content.
  { pattern: '/:locale/admin/preview/:type/:slug', methods: { GET: 'content.read' } },
  { pattern: '/:locale/admin/inbox', methods: { GET: 'inbox.read' } },
  // POST: the message screen's forms (read, handled, reply, delete).
  { pattern: '/:locale/admin/inbox/:id', methods: { GET: 'inbox.read', POST: 'inbox.manage' } },
  { pattern: '/:locale/admin/inbox/:id/export.json', methods: { GET: 'inbox.export' } },
  // GET: what is held about the sender, with export; POST: erase it all.
  { pattern: '/:locale/admin/inbox/:id/person', methods: { GET: 'inbox.export', POST: 'inbox.erase' } },
  ...adminCollections.flatMap(collectionPageRules),
];

/**
 * Admin pages that are not behind the gate: signing in, up and out, and the 401 screen. The
 * middleware still resolves who is signed in for them.
 */
const openAdminPages: readonly string[] = [
  '/:locale/admin/sign-in',
  '/:locale/admin/sign-in/*',
  '/:locale/admin/sign-up',
  '/:locale/admin/sign-up/*',
  '/:locale/admin/sign-out',
  '/:locale/admin/unauthorized',
];

const compiled = new Map<string, RegExp>();

/** True when `pathname` (decoded, without trailing slash) matches a rule pattern. */
function matchesPattern(pattern: string, pathname: string): boolean {
  let regex = compiled.get(pattern);
  if (!regex) {
    const source = pattern
      .split('/')
      .map((segment) => (segment === '*' ? '.+' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    regex = new RegExp(`^${source}$`);
    compiled.set(pattern, regex);
  }
  return regex.test(pathname);
}

const isApiPath = (path: string) => /^\/api(\/|$)/.test(path);

/** The rule governing `pathname`, or `undefined` when no rule was declared for it. */
export function findRouteRule(pathname: string): RouteRule | undefined {
  // API rules for API paths, page rules for pages: `/:locale/...` must not match `/api/...`.
  const api = isApiPath(pathname);
  return routeRules.find((rule) => isApiPath(rule.pattern) === api && matchesPattern(rule.pattern, pathname));
}

/** True for the sign-in / sign-up / sign-out / 401 pages. */
export function isOpenAdminPage(pathname: string): boolean {
  return !isApiPath(pathname) && openAdminPages.some((pattern) => matchesPattern(pattern, pathname));
}

/** The access `routeRules` declare for `method` on `pathname` (normalised); undefined when none. */
export function declaredAccess(pathname: string, method: string): RouteAccess | undefined {
  const upper = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const ruleMethod = httpMethods.find((known) => known === upper);
  return ruleMethod ? findRouteRule(pathname)?.methods[ruleMethod] : undefined;
}

/** Why a user may not take a route, as the fields of a problem response; null when they may. */
export interface AccessRefusal {
  status: 401 | 403;
  code: 'UNAUTHENTICATED' | 'NO_ROLE' | 'PERMISSION_DENIED' | 'PERMISSION_NOT_DECLARED';
  title: string;
  permission?: Permission;
}

/**
 * Routes authorize with the access their rule declares (`declaredAccess`), so a permission is
 * written once, in `routeRules`. A route with no rule is refused.
 */
export function refuseAccess(user: AuthUser | null, access: RouteAccess | undefined): AccessRefusal | null {
  if (!user) return { status: 401, code: 'UNAUTHENTICATED', title: 'Sign in to use the admin API' };
  if (!access) return { status: 403, code: 'PERMISSION_NOT_DECLARED', title: 'This admin route declares no permission' };
  if (access === 'signed-in') return null;
  if (!user.role) return { status: 403, code: 'NO_ROLE', title: 'Your account has no admin role yet; ask an administrator' };
  if (hasPermission(user.role, access)) return null;
  return { status: 403, code: 'PERMISSION_DENIED', title: `Your role (${user.role}) lacks the permission ${access}`, permission: access };
}

/**
 * For API routes outside the collection engine (`/api/admin/me`, users): `null` when the
 * signed-in user holds the permission the route's rule declares for this request, else the
 * problem response to return.
 */
export function requireDeclaredPermission(user: AuthUser | null, request: Request): Response | null {
  const refusal = refuseAccess(user, declaredAccess(normalisePath(new URL(request.url).pathname), request.method));
  if (!refusal) return null;
  return problem(refusal.status, refusal.code, refusal.title, refusal.permission ? { extensions: { permission: refusal.permission } } : {});
}
