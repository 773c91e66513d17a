/**
 * Pages as files (HUB_STATIC_DIR, decision 051) on the built server, and through a real nginx
 * configured with deploy/nginx/hub.conf: a first render writes the page with its .gz and .br
 * (the bytes the app answered), in every locale; a query string or a signed-in response writes
 * nothing; a correction through the admin API deletes the files that show it, nginx then shows the
 * correction, and the next render writes the page again. How soon it shows is measured by the
 * benchmark (`npm run bench -- --static-files`), not asserted here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { createEdition, createEvent, type Created } from '../helpers/factories.ts';
import { makeSharedDir, startNginx, type TestNginx } from '../helpers/nginx.ts';

let app: AdminServer;
let nginx: TestNginx;
let staticDir: string;
let edition: Created;
let event: Created;

/** The folder of files the app serves now (named after its headers), from the include it wrote for nginx. */
function servedFolder(): string {
  const include = readFileSync(join(staticDir, 'nginx.conf'), 'utf8');
  return join(staticDir, /set \$hub_files "([^"]+)";/.exec(include)![1]!);
}

const fileOf = (relative: string) => join(servedFolder(), relative);
// A page's file follows its gzip and brotli copies, which queue behind the page cache's own
// encodings: on a loaded machine that takes seconds. The waits are for the file, bounded generously.
const waitForFile = (relative: string) => vi.waitFor(() => expect(existsSync(fileOf(relative)), relative).toBe(true), { timeout: 30_000, interval: 10 });
const waitForNoFile = (relative: string) => vi.waitFor(() => expect(existsSync(fileOf(relative)), relative).toBe(false), { timeout: 30_000, interval: 10 });

/** Every file under the served folder (relative paths). */
function writtenFiles(): string[] {
  const folder = servedFolder();
  return (readdirSync(folder, { recursive: true }) as string[]).filter((name) => /\.(?:html|xml|ics|json)$/.test(name)).sort();
}

/** The bytes as sent (fetch would decompress them) and their encoding. */
function bytesFromApp(path: string, acceptEncoding: string): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(`${app.server.origin}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }));
    }).on('error', reject);
  });
}

const fromApp = (path: string, headers: Record<string, string> = {}) => fetch(`${app.server.origin}${path}`, { redirect: 'manual', headers });
const fromNginx = (path: string, init: RequestInit = {}) => fetch(`${nginx.origin}${path}`, { redirect: 'manual', ...init });

beforeAll(async () => {
  staticDir = makeSharedDir('hub-files-');
  app = await startAdminServer({ HUB_DEMO: '0', HUB_STATIC_DIR: staticDir });
  edition = await createEdition(app.admin, { status: 'published' });
  event = await createEvent(app.admin, {
    status: 'published',
    editionId: edition.id,
    translations: { en: { title: 'Lantern walk' }, fr: { title: 'Marche aux lanternes' } },
  });
  // The first page tells which headers the files are answered with (the include nginx reads).
  expect((await fromApp('/en/hub')).status).toBe(200);
  await vi.waitFor(() => expect(existsSync(join(staticDir, 'nginx.conf'))).toBe(true), { timeout: 5_000, interval: 10 });
  nginx = await startNginx(new URL(app.server.origin).host, staticDir);
});
afterAll(async () => {
  await nginx?.stop();
  await app?.server.stop();
});

describe('pages as files', () => {
  it('writes a first render with its .gz and .br, the bytes the app answered, in every locale', async () => {
    const path = `/en/hub/event/${event.slug}`;
    const { body: answered, encoding } = await bytesFromApp(path, 'gzip');
    expect(encoding).toBe('gzip');
    const plain = gunzipSync(answered);
    const file = `en/hub/event/${event.slug}/index.html`;
    await waitForFile(file);
    await waitForFile(`${file}.gz`);
    await waitForFile(`${file}.br`);
    expect(readFileSync(fileOf(file)).equals(plain)).toBe(true);
    // The page cache's own gzip copy, reused as it is.
    expect(readFileSync(fileOf(`${file}.gz`)).equals(answered)).toBe(true);
    expect(brotliDecompressSync(readFileSync(fileOf(`${file}.br`))).equals(plain)).toBe(true);

    const french = await fromApp(`/fr/hub/event/${event.slug}`);
    const frenchBody = Buffer.from(await french.arrayBuffer());
    expect(frenchBody.toString()).toContain('Marche aux lanternes');
    await waitForFile(`fr/hub/event/${event.slug}/index.html`);
    expect(readFileSync(fileOf(`fr/hub/event/${event.slug}/index.html`)).equals(frenchBody)).toBe(true);

    // Feeds and exports under their own names.
    expect((await fromApp('/en/hub/feed.xml')).status).toBe(200);
    await waitForFile('en/hub/feed.xml');
    await waitForFile('en/hub/feed.xml.gz');
  });

  it('writes nothing for a query string, a form post or a page answered with other headers; a signed-in visitor gets the public page', async () => {
    expect((await fromApp('/de/hub?tz=UTC')).status).toBe(200);
    const post = await app.anonymous.request('POST', '/de/hub/contact', new URLSearchParams({ name: 'x' }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(post.headers.get('cache-control')).toContain('no-store');
    await post.text();
    // An embed may be framed by other sites: its policy is not the one nginx sends with files.
    const embed = await fromApp(`/de/embed/event/${event.slug}`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('content-security-policy')).not.toContain("frame-ancestors 'none'");
    // A signed-in visitor is answered the public page, the same bytes as anyone: that file may be written.
    const signedIn = await app.admin.request('GET', '/de/hub/editions');
    expect(signedIn.headers.get('set-cookie')).toBeNull();
    expect(await signedIn.text()).toBe(await (await fromApp('/de/hub/editions')).text());
    // A page answered after all of them: had any been written, it would have been queued first.
    expect((await fromApp('/de/hub/venues')).status).toBe(200);
    await waitForFile('de/hub/venues/index.html');
    await waitForFile('de/hub/editions/index.html');
    const german = writtenFiles().filter((name) => name.startsWith('de/'));
    expect(german).toEqual(['de/hub/editions/index.html', 'de/hub/venues/index.html']);
  });

  it('answers the second request from the file through nginx, and gzip_static its .gz', async () => {
    const path = `/en/hub/edition/${edition.slug}`;
    const first = await fromNginx(path);
    expect(first.status).toBe(200);
    // The first render comes from the app (it says whether it was a hit or a miss; files do not).
    expect(first.headers.get('x-cache')).toBe('MISS');
    const body = await first.text();
    await waitForFile(`en/hub/edition/${edition.slug}/index.html`);

    const second = await fromNginx(path, { headers: { 'accept-encoding': 'identity' } });
    expect(second.status).toBe(200);
    expect(second.headers.get('x-cache')).toBeNull();
    expect(second.headers.get('last-modified')).not.toBeNull();
    expect(await second.text()).toBe(body);
    // The headers the app sent with the page.
    for (const name of ['content-type', 'cache-control', 'content-security-policy', 'x-frame-options', 'referrer-policy', 'x-content-type-options']) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }

    const gzipped = await fromNginx(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('x-cache')).toBeNull();
    expect(Number(gzipped.headers.get('content-length'))).toBe(readFileSync(fileOf(`en/hub/edition/${edition.slug}/index.html.gz`)).length);

    // A feed keeps its type and headers through nginx.
    const feed = await fromNginx('/en/hub/feed.xml');
    expect(feed.headers.get('x-cache')).toBeNull();
    expect(feed.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(feed.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('sends queries, searches, forms and the admin to the app', async () => {
    const path = `/en/hub/edition/${edition.slug}`;
    await waitForFile(`en/hub/edition/${edition.slug}/index.html`);
    expect((await fromNginx(`${path}?tz=Asia/Tokyo`)).headers.get('x-cache')).not.toBeNull();
    const search = await fromNginx('/en/hub/search?q=lantern');
    expect(search.status).toBe(200);
    expect(search.headers.get('last-modified')).toBeNull();
    expect(await search.text()).toContain(`href="/en/hub/event/${event.slug}"`);
    // A POST to a page that has its file is still the app's (nginx alone would answer 405).
    const post = await fromNginx(path, { method: 'POST', headers: { origin: nginx.origin } });
    expect(post.status).not.toBe(200);
    expect(await post.text()).not.toContain('<center>nginx</center>');
    // A form's fields reach the app: it answers them with its own validation errors.
    const form = await fromNginx('/en/hub/contact?_action=contact', {
      method: 'POST',
      headers: { origin: nginx.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: '', email: 'not-an-address', subject: 'x', message: 'short', website: '' }).toString(),
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain('id="contact-email-error"');
    const admin = await fromNginx('/en/admin');
    expect(admin.status).toBe(302);
    const api = await fromNginx('/api/admin/events', { headers: { cookie: app.admin.cookie } });
    expect(api.status).toBe(200);
  });

  it('deletes the files a correction changes, shows it through nginx, and writes the page again', async () => {
    const eventPath = `/en/hub/event/${event.slug}`;
    const editionPath = `/en/hub/edition/${edition.slug}`;
    const unrelated = 'en/hub/contact/index.html';
    for (const path of [eventPath, editionPath, '/en/hub/contact']) await (await fromNginx(path)).text();
    await waitForFile(unrelated);
    await waitForFile(`${eventPath.slice(1)}/index.html`);
    await waitForFile(`${editionPath.slice(1)}/index.html`);
    expect((await fromNginx(eventPath)).headers.get('x-cache')).toBeNull();

    const current = await app.admin.call('GET', `/api/admin/events/${event.id}`);
    const patched = await app.admin.call('PATCH', `/api/admin/events/${event.id}`, { version: current.body.version, eventStatus: 'cancelled' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    await vi.waitFor(
      async () => {
        const page = await fromNginx(eventPath);
        expect(await page.text()).toContain('This event will not take place.');
      },
      { timeout: 30_000, interval: 10 },
    );
    // The lists showing it went too; a page that does not show it stayed.
    await waitForNoFile(`${editionPath.slice(1)}/index.html`);
    expect(existsSync(fileOf(unrelated))).toBe(true);

    // The next render writes the corrected page again, and nginx answers it from there.
    await waitForFile(`${eventPath.slice(1)}/index.html`);
    expect(readFileSync(fileOf(`${eventPath.slice(1)}/index.html`), 'utf8')).toContain('This event will not take place.');
    const fromFile = await fromNginx(eventPath);
    expect(fromFile.headers.get('x-cache')).toBeNull();
    expect(await fromFile.text()).toContain('This event will not take place.');
  });
});
