/**
 * An event's gallery beyond images, against the built server: an uploaded video or audio file
 * plays in the browser's own player; a video link is a closed disclosure whose lazy frame comes from the
 * provider's player origin, which the page's Content-Security-Policy names only where it is framed.
 * A stored link the parser no longer accepts is left out rather than framed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { createEvent, createUser } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let withMedias: string;
let withoutMedias: string;
const videoKey = `${'ab'.repeat(32)}.mp4`;
const audioKey = `${'ab'.repeat(32)}.mp3`;

async function addMedia(eventId: number, position: number, media: { kind: string; storageKey?: string; embedUrl?: string; mimeType?: string }, alt: string) {
  const [row] = await server.query<{ id: number }>('INSERT INTO medias (kind, storage_key, embed_url, mime_type, sha256) VALUES (?, ?, ?, ?, ?) RETURNING id', [
    media.kind,
    media.storageKey ?? null,
    media.embedUrl ?? null,
    media.mimeType ?? null,
    media.storageKey ? 'ab'.repeat(32) : null,
  ]);
  await server.query("INSERT INTO media_translations (media_id, locale, alt, caption) VALUES (?, 'en', ?, ?)", [row!.id, alt, `${alt} caption`]);
  await server.query('INSERT INTO event_medias (event_id, media_id, position) VALUES (?, ?, ?)', [eventId, row!.id, position]);
}

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  const admin = await createUser(server, 'admin');
  const [first, second] = await Promise.all([1, 2].map(() => createEvent(admin, { status: 'published' })));
  withMedias = first!.slug;
  withoutMedias = second!.slug;
  // Rows written directly: the stale link is one the admin API refuses, and the players need no real file.
  await addMedia(first!.id, 100, { kind: 'embed', embedUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, 'Opening night film');
  await addMedia(first!.id, 101, { kind: 'video', storageKey: videoKey, mimeType: 'video/mp4' }, 'Rehearsal');
  await addMedia(first!.id, 103, { kind: 'audio', storageKey: audioKey, mimeType: 'audio/mpeg' }, 'Radio interview');
  // Written before the parser became stricter, or by hand: not a video this page may frame.
  await addMedia(first!.id, 102, { kind: 'embed', embedUrl: 'https://example.com/watch?v=dQw4w9WgXcQ"><script>alert(1)</script>' }, 'Stale link');
});
afterAll(() => server?.stop());

const frameSrc = (csp: string | null) =>
  csp
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('frame-src '));

describe('an event gallery with videos', () => {
  it('frames a video link only inside a closed disclosure, from the no-cookie player, with its watch page linked', async () => {
    const t = getTranslator('fr');
    const page = await server.html(`/fr/hub/event/${withMedias}`);
    expect(page.status).toBe(200);
    const embed = page.body.match(/<details class="embed"[^>]*>([\s\S]*?)<\/details>/);
    expect(embed, 'a closed disclosure').not.toBeNull();
    expect(embed![0]).not.toMatch(/<details[^>]* open/);
    expect(embed![1]).toContain(t('hub.media.play', { provider: 'YouTube' }));
    expect(embed![1]).toContain(t('hub.media.embedNotice', { provider: 'YouTube' }));
    const iframe = embed![1]!.match(/<iframe [^>]*>/)?.[0] ?? '';
    expect(iframe).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(iframe).toContain('loading="lazy"');
    expect(iframe).toMatch(/sandbox="[^"]*allow-scripts/);
    expect(iframe).toContain('title="Opening night film"');
    // The text comes from the default locale, so it says which language it is in.
    expect(iframe).toContain('lang="en"');
    expect(page.body).toContain(
      `href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener external">${t('hub.media.watchOn', { provider: 'YouTube' })}</a>`,
    );
    expect(page.body).toContain('Opening night film caption');
  });

  it.each([
    ['video', 'fetching only its metadata', 'en', videoKey, 'metadata', 'Rehearsal', 'hub.media.downloadVideo'],
    ['audio', 'fetching nothing until played', 'de', audioKey, 'none', 'Radio interview', 'hub.media.downloadAudio'],
  ] as const)('plays an uploaded %s in the browser, %s, with a download link inside', async (element, _how, locale, key, preload, title, download) => {
    const page = await server.html(`/${locale}/hub/event/${withMedias}`);
    const player = page.body.match(new RegExp(`<${element} [^>]*>([\\s\\S]*?)</${element}>`));
    expect(player).not.toBeNull();
    expect(player![0]).toContain(`src="/media/${key}"`);
    expect(player![0]).toContain(`preload="${preload}"`);
    expect(player![0]).toMatch(/ controls[ >]/);
    expect(player![0]).toContain(`aria-label="${title}"`);
    // The title comes from the default locale, so a page in another language says so.
    expect(player![0].includes('lang="en"')).toBe(locale !== 'en');
    expect(player![1]).toContain(`<a href="/media/${key}" download>${getTranslator(locale)(download)}</a>`);
    expect(page.body).toContain(`${title} caption`);
  });

  it('leaves out a stored link that is not a supported video', async () => {
    const page = await server.html(`/en/hub/event/${withMedias}`);
    expect(page.body).not.toContain('Stale link');
    expect(page.body).not.toContain('example.com');
    expect(page.body.match(/<iframe /g)?.length).toBe(1);
  });

  it("names the player's origin in frame-src only on the page that frames it", async () => {
    const framed = await server.get(`/de/hub/event/${withMedias}`);
    expect(frameSrc(framed.headers.get('content-security-policy'))).toBe("frame-src 'self' https://www.youtube-nocookie.com");
    await framed.text();
    const plain = await server.get(`/de/hub/event/${withoutMedias}`);
    expect(frameSrc(plain.headers.get('content-security-policy'))).toBe("frame-src 'self'");
    await plain.text();
  });
});
