import { describe, expect, it } from 'vitest';
import { offlineNoteText, pageLanguageOf, withOfflineNote, type OfflineNoteStrings } from '../../src/service-worker/offline-note.ts';
import { isOfflinePage, isPublicAsset, isSiteImage } from '../../src/service-worker/routes.ts';
import en from '../../src/i18n/en.json' with { type: 'json' };
import fr from '../../src/i18n/fr.json' with { type: 'json' };

const strings = (json: Record<string, string>, intl: string): OfflineNoteStrings => ({
  intl,
  savedAt: json['pwa.offline.savedAt']!,
  savedOn: json['pwa.offline.savedOn']!,
});
const origin = 'https://festival.example';
const url = (path: string) => new URL(path, origin);

describe('offline note', () => {
  const savedAt = new Date('2031-03-05T13:32:00Z');

  it('says when a copy of today was saved, in the page language and the given zone', () => {
    expect(offlineNoteText(strings(en, 'en-GB'), savedAt, new Date('2031-03-05T18:00:00Z'), 'Europe/Paris')).toBe('Offline — saved at 14:32');
    expect(offlineNoteText(strings(fr, 'fr-FR'), savedAt, new Date('2031-03-05T18:00:00Z'), 'Europe/Paris')).toBe('Hors ligne — copie enregistrée à 14:32');
  });

  it('adds the date to a copy from an earlier day', () => {
    expect(offlineNoteText(strings(en, 'en-GB'), savedAt, new Date('2031-03-07T09:00:00Z'), 'Europe/Paris')).toBe('Offline — saved on 5 Mar 2031 at 14:32');
  });

  it('goes first in the main content, escaped, with the machine-readable time', () => {
    const html = '<!doctype html><html lang="fr"><body><header>h</header><main id="main" tabindex="-1"><h1>T</h1></main></body></html>';
    const noted = withOfflineNote(html, 'a < b', savedAt);
    expect(noted).toContain(
      '<main id="main" tabindex="-1"><p class="offline-note" role="status" data-offline-note><time datetime="2031-03-05T13:32:00.000Z">a &lt; b</time></p><h1>',
    );
    expect(pageLanguageOf(html)).toBe('fr');
    expect(withOfflineNote('<body><p>x</p></body>', 'n', savedAt)).toMatch(/^<body><p class="offline-note"/);
    expect(withOfflineNote('plain', 'n', savedAt)).toBe('plain');
  });
});

describe('what the worker keeps', () => {
  it('keeps the home and hub pages of each locale, nothing of search, admin, APIs, embeds or files', () => {
    for (const path of ['/en', '/fr/', '/en/hub', '/de/hub/agenda', '/en/hub/event/night-walk', '/en/hub/edition/spring/schedule', '/en/hub/searchlight'])
      expect(isOfflinePage(url(path), origin), path).toBe(true);
    for (const path of [
      '/',
      '/en/hub/search',
      '/en/hub/search/x',
      '/en/admin',
      '/en/admin/sign-in',
      '/api/admin/events',
      '/api/auth/session',
      '/monitoring',
      '/en/embed/events',
      '/en/hub/event/x/calendar.ics',
      '/en/hub/feed.xml',
    ])
      expect(isOfflinePage(url(path), origin), path).toBe(false);
    expect(isOfflinePage(new URL('https://elsewhere.example/en/hub'), origin)).toBe(false);
  });

  it('keeps bundles asked for by public pages only, and site images', () => {
    expect(isPublicAsset(url('/_astro/hub.css'), origin, `${origin}/en/hub`)).toBe(true);
    expect(isPublicAsset(url('/_astro/AdminIsland.js'), origin, `${origin}/en/admin/events`)).toBe(false);
    expect(isPublicAsset(url('/media/a.png'), origin, `${origin}/en/hub`)).toBe(false);
    expect(isSiteImage(url('/media/2031/a.png?w=640&fm=webp'), origin)).toBe(true);
    expect(isSiteImage(url('/icons/abc/icon-192.png'), origin)).toBe(true);
    expect(isSiteImage(url('/files/programme.pdf'), origin)).toBe(false);
  });
});
