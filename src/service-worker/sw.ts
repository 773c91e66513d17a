/**
 * The service worker (decision 041), bundled with its Workbox modules into `/sw.js` when the site
 * is built (build.ts), so nothing is fetched from a CDN. Hub pages are network-first: fresh when
 * online, the last copy when the network fails, with a note saying when it was saved.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { offlineNoteText, pageLanguageOf, SAVED_AT_HEADER, withOfflineNote, type OfflineNoteStrings } from './offline-note.ts';
import { isOfflinePage, isPublicAsset, isSiteImage } from './routes.ts';

/** Workbox's plugin classes declare their optional callbacks in a way `exactOptionalPropertyTypes` rejects; they are plugins all the same. */
function asPlugin(plugin: object): WorkboxPlugin {
  return plugin as WorkboxPlugin;
}

/** The parts of the worker's global scope used here (the DOM typings of the project lack them). */
interface WorkerScope {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: KeepPageMessage) => void): void;
}
interface KeepPageMessage extends MessageEvent<unknown> {
  waitUntil(promise: Promise<unknown>): void;
}

declare const self: WorkerScope;
/** Per locale, from the UI strings (build.ts). */
declare const __OFFLINE_NOTE_STRINGS__: Record<string, OfflineNoteStrings>;

const DAY = 24 * 60 * 60;
const origin = self.location.origin;

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/**
 * Asks the server each time (a 304 is cheap): the browser's own cache would otherwise answer a
 * stale copy within the pages' stale-while-revalidate window, even offline, and without the note.
 * (Workbox ignores `fetchOptions` for navigations, hence a new request; it keeps `redirect: manual`.)
 */
const revalidate: WorkboxPlugin = {
  requestWillFetch: async ({ request }) => new Request(request, { cache: 'no-cache' }),
};

/** Keeps only whole HTML pages, stamped with the time they were kept. */
const stampPages: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || !/text\/html/.test(response.headers.get('content-type') ?? '')) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
  },
};

/** A kept page served because the network failed says so, and since when. */
const markOffline: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    const savedAt = new Date(cachedResponse?.headers.get(SAVED_AT_HEADER) ?? '');
    if (!cachedResponse || Number.isNaN(savedAt.getTime())) return cachedResponse;
    const html = await cachedResponse.text();
    const strings = __OFFLINE_NOTE_STRINGS__[pageLanguageOf(html) ?? ''] ?? Object.values(__OFFLINE_NOTE_STRINGS__)[0]!;
    const headers = new Headers(cachedResponse.headers);
    // The body is decoded and now longer: the stored length and encoding no longer describe it.
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(withOfflineNote(html, offlineNoteText(strings, savedAt, new Date()), savedAt), { status: 200, headers });
  },
};

const pages = new NetworkFirst({
  cacheName: 'hub-pages',
  // A page that has not answered in 3 s on a crowded network opens from the copy (the answer still refreshes it).
  networkTimeoutSeconds: 3,
  // Hub pages never depend on who asks (decision 004): one copy per URL, whatever the request headers.
  matchOptions: { ignoreVary: true },
  plugins: [revalidate, stampPages, asPlugin(new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })), markOffline],
});

registerRoute(({ request, url }) => request.mode === 'navigate' && isOfflinePage(url, origin), pages);
registerRoute(
  ({ request, url }) => isPublicAsset(url, origin, request.referrer),
  new CacheFirst({
    cacheName: 'hub-assets',
    plugins: [
      asPlugin(new CacheableResponsePlugin({ statuses: [200] })),
      asPlugin(new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true })),
    ],
  }),
);
registerRoute(
  ({ url }) => isSiteImage(url, origin),
  new CacheFirst({
    cacheName: 'hub-images',
    plugins: [
      asPlugin(new CacheableResponsePlugin({ statuses: [200] })),
      asPlugin(new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })),
    ],
  }),
);

// The page a visitor landed on loaded before the worker existed: the page asks for it to be kept.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; url?: unknown } | null;
  if (data?.type !== 'keep-page' || typeof data.url !== 'string') return;
  const url = new URL(data.url, origin);
  if (isOfflinePage(url, origin)) event.waitUntil(pages.handle({ event, request: new Request(url.href, { credentials: 'same-origin' }) }));
});
