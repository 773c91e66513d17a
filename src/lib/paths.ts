/** Builders for the product's public and admin URLs, so no page assembles paths by hand. */
import type { Locale } from '../i18n/config.ts';
import { formatAgendaIds } from './agenda.ts';

/** Appends a query string when `query` has any entry. */
function withQuery(path: string, query?: URLSearchParams): string {
  return query && query.size ? `${path}?${query}` : path;
}

export const paths = {
  home: (locale: Locale) => `/${locale}`,
  hub: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/hub`, query),
  event: (locale: Locale, slug: string) => `/${locale}/hub/event/${slug}`,
  eventCalendar: (locale: Locale, slug: string) => `/${locale}/hub/event/${slug}/calendar.ics`,
  edition: (locale: Locale, slug: string) => `/${locale}/hub/edition/${slug}`,
  /** A curator's page (photo, biography, links, what they curate). */
  curator: (locale: Locale, slug: string) => `/${locale}/hub/curator/${slug}`,
  /** An organizer's page (logo, description, website, their events). */
  organizer: (locale: Locale, slug: string) => `/${locale}/hub/organizer/${slug}`,
  /** A venue's page (address, map link, access notes, its events). */
  venue: (locale: Locale, slug: string) => `/${locale}/hub/venue/${slug}`,
  /** The edition's timetable (days × venues); `day` (YYYY-MM-DD) shows that day alone. */
  editionSchedule: (locale: Locale, slug: string, day?: string) =>
    withQuery(`/${locale}/hub/edition/${slug}/schedule`, day ? new URLSearchParams({ day }) : undefined),
  editionCalendar: (locale: Locale, slug: string) => `/${locale}/hub/edition/${slug}/calendar.ics`,
  /** The edition's schedule for conference apps (frab `schedule.xml`, or its JSON twin). */
  editionScheduleExport: (locale: Locale, slug: string, format: 'xml' | 'json') => `/${locale}/hub/edition/${slug}/schedule.${format}`,
  hubCalendar: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/hub/calendar.ics`, query),
  /** The RSS feed of a hub view: the hub's filters in the query. */
  feed: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/hub/feed.xml`, query),
  /** A personal agenda: the visitor's own (no ids; their browser knows them) or the events named. */
  agenda: (locale: Locale, ids?: readonly number[]) => (ids?.length ? `/${locale}/hub/agenda?events=${formatAgendaIds(ids)}` : `/${locale}/hub/agenda`),
  agendaCalendar: (locale: Locale, ids: readonly number[]) => `/${locale}/hub/agenda/calendar.ics?events=${formatAgendaIds(ids)}`,
  /** Framable views for other sites (decision 027): a filtered list of events, one event. */
  embedEvents: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/embed/events`, query),
  embedEvent: (locale: Locale, slug: string) => `/${locale}/embed/event/${slug}`,
  /** The time zone choice for the hub page at `from` (its path and query), which the choice returns to. */
  timeZone: (locale: Locale, from: string) => `/${locale}/hub/time-zone?${new URLSearchParams({ from })}`,
  /** "Now and next": what is on now, later today and tonight, by venue. */
  today: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/hub/today`, query),
  /** The editions archive, newest first. */
  editions: (locale: Locale) => `/${locale}/hub/editions`,
  /** Every public venue (with a map when tiles are configured). */
  venues: (locale: Locale) => `/${locale}/hub/venues`,
  /** The line-up A–Z: curators and organizers with a public page. */
  people: (locale: Locale) => `/${locale}/hub/people`,
  search: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/hub/search`, query),
  about: (locale: Locale) => `/${locale}/hub/about`,
  contact: (locale: Locale) => `/${locale}/hub/contact`,
  privacy: (locale: Locale) => `/${locale}/hub/privacy-policy`,
  terms: (locale: Locale) => `/${locale}/hub/terms-and-conditions`,
  admin: (locale: Locale) => `/${locale}/admin`,
  /** A collection's list screen. */
  adminList: (locale: Locale, collection: string) => `/${locale}/admin/${collection}`,
  /** A collection's create screen (an upload screen for medias and files). */
  adminCreate: (locale: Locale, collection: string) => `/${locale}/admin/${collection}/new`,
  adminEdit: (locale: Locale, collection: string, id: number) => `/${locale}/admin/${collection}/${id}`,
  /** The draft preview of a hub page (never cached). */
  adminPreview: (locale: Locale, type: 'event' | 'edition', slug: string) => `/${locale}/admin/preview/${type}/${slug}`,
  /** The live preview of an unsaved form, POSTed its save payload (never cached). */
  adminLivePreview: (locale: Locale, collection: string, id: number | 'new') => `/${locale}/admin/preview/live/${collection}/${id}`,
  /** The activity log, optionally filtered (`collection`, `item`, `person`, …). */
  adminActivity: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/admin/activity`, query),
  /** Translation coverage: collections × locales (docs/decisions/037). */
  adminTranslations: (locale: Locale) => `/${locale}/admin/translations`,

  adminImport: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/admin/import`, query),
  importTemplate: () => '/api/admin/import/template.csv',
  /** The team screen (accounts and roles) and its invitations. */
  adminTeam: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/admin/team`, query),
  adminTeamInvitations: (locale: Locale) => `/${locale}/admin/team/invitations`,
  /** The contact inbox, one message, its sender's data (export, erasure) and the export download. */
  adminInbox: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/admin/inbox`, query),
  adminInboxMessage: (locale: Locale, id: number) => `/${locale}/admin/inbox/${id}`,
  adminInboxPerson: (locale: Locale, id: number) => `/${locale}/admin/inbox/${id}/person`,
  adminInboxExport: (locale: Locale, id: number) => `/${locale}/admin/inbox/${id}/export.json`,
  adminSignIn: (locale: Locale) => `/${locale}/admin/sign-in`,
  adminSignUp: (locale: Locale) => `/${locale}/admin/sign-up`,
  adminSignOut: (locale: Locale) => `/${locale}/admin/sign-out`,
  /** The second sign-in step of an account with two-factor on. */
  adminSignInTwoFactor: (locale: Locale) => `/${locale}/admin/sign-in/two-factor`,
  /** "Your account": name, password, two-factor. */
  adminAccount: (locale: Locale) => `/${locale}/admin/account`,
  /** The admin API of a collection, of one of its items, or its `bulk` and `export` endpoints. */
  adminApi: (collection: string, id?: number | 'bulk' | 'export', query?: URLSearchParams) =>
    withQuery(id === undefined ? `/api/admin/${collection}` : `/api/admin/${collection}/${id}`, query),
  /** An item's working copy (PUT, DELETE) and its publication (`publish`, POST); decision 035. */
  adminApiWorkingCopy: (collection: string, id: number, action?: 'publish' | 'schedule') => `/api/admin/${collection}/${id}/draft${action ? `/${action}` : ''}`,
  /** An item's notes (GET, POST) and one note (PATCH, DELETE); docs/decisions/061. */
  adminNotes: (collection: string, id: number) => `/api/admin/notes/${collection}/${id}`,
  adminNote: (noteId: number) => `/api/admin/notes/${noteId}`,
  /** Heartbeats of open edit forms: who else has an item open (docs/decisions/054). */
  adminApiPresence: () => '/api/admin/presence',
  /** A person's saved views of a list, or one of them (docs/decisions/063). */
  adminApiViews: (collection: string, id?: number) => `/api/admin/views/${collection}${id === undefined ? '' : `/${id}`}`,
  /** The "Sent mail" view (`status`, `page` filters), one message, and its `.eml` file (file mode). */
  adminMail: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/admin/mail`, query),
  /** The programme calendar of an edition (docs/decisions/062), and its data. */
  adminProgramme: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/admin/programme`, query),
  adminReview: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/admin/review`, query),
  adminApiReview: (collection: string, id: number, action: 'submit' | 'approve' | 'request-changes' | 'withdraw') =>
    `/api/admin/review/${collection}/${id}/${action}`,
  adminApiReviewQueue: (query?: URLSearchParams) => withQuery('/api/admin/review', query),
  adminApiProgramme: (query?: URLSearchParams) => withQuery('/api/admin/programme', query),
  adminTrash: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/admin/trash`, query),
  adminApiTrash: (collection?: string, id?: number) => `/api/admin/trash${collection && id !== undefined ? `/${collection}/${id}` : ''}`,
  adminMailMessage: (locale: Locale, id: number) => `/${locale}/admin/mail/${id}`,
  adminMailEml: (id: number) => `/api/admin/mail/${id}/eml`,
  adminWebhooks: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/admin/webhooks`, query),
  adminWebhookNew: (locale: Locale) => `/${locale}/admin/webhooks/new`,
  adminWebhook: (locale: Locale, id: number, query?: URLSearchParams) => withQuery(`/${locale}/admin/webhooks/${id}`, query),
  adminWebhookEdit: (locale: Locale, id: number) => `/${locale}/admin/webhooks/${id}/edit`,
  /** Site settings and the editorial pages (decision 038). */
  adminSite: (locale: Locale, query?: URLSearchParams) => withQuery(`/${locale}/admin/site`, query),
  adminSitePage: (locale: Locale, page: string, query?: URLSearchParams) => withQuery(`/${locale}/admin/site/${page}`, query),
  /**
   * Where a page rewrites to answer 404 in its own locale: no route matches it, so Astro renders
   * src/pages/404.astro, and the middleware reads the locale from its first segment.
   */
  notFound: (locale: Locale) => `/${locale}/404`,
  /** An image by storage key; `width`/`format` ask for a generated variant. */
  media: (key: string, variant?: { width: number; format: 'webp' | 'avif' | 'jpeg' }) =>
    variant ? `/media/${key}?w=${variant.width}&fm=${variant.format}` : `/media/${key}`,
  /** A downloadable file by storage key. */
  file: (key: string) => `/files/${key}`,
};

/** The same page in another locale: swaps the leading `/{locale}` segment, keeps the query. */
export function switchLocale(url: URL, to: Locale): string {
  const [, , ...rest] = url.pathname.split('/');
  const tail = rest.join('/');
  return `/${to}${tail ? `/${tail}` : ''}${url.search}`;
}
