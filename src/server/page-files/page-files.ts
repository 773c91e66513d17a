/**
 * Public pages as files for nginx (HUB_STATIC_DIR, docs/decisions/051). A page the page cache
 * stores is also written, after it was answered, as `<dir>/<folder>/<path>/index.html` (feeds,
 * calendars, sitemap and exports under their own names) with its `.gz` and `.br` beside it; the
 * purges that drop pages from the page cache delete their files, and so does their expiry.
 *
 * `<folder>` names the headers every file is answered with (this build's policy, Cache-Control,
 * HSTS); `<dir>/nginx.conf`, written beside it, tells nginx that folder and those headers. A new
 * build or configuration writes to a new folder, which nginx serves once it reloads: it never
 * answers a file with another build's headers.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { logLine } from '../log/log-line.ts';
import { encodeInBackground } from '../page-cache/bodies.ts';
import type { KeptPage, KeptPageSink } from '../page-cache/serve.ts';
import { FileIndex, indexFileOf, type WrittenPage } from './file-index.ts';
import { fileOfUrl, fileTargetOf, headersMatch, profileOf, sharedCacheWindowMs, type HeaderProfile } from './kinds.ts';

/** Writes at once; more wait in a queue of `MAX_QUEUED`, beyond which pages are not written. */
const CONCURRENT_WRITES = 2;
const MAX_QUEUED = 1000;
const PROFILE_FILE = 'profile.json';
/**
 * Pages one process keeps files of (its index holds about 600 bytes per page, so ≈ 60 MB at
 * most): beyond it, pages are answered by the app and its page cache, as without files.
 */
export const MAX_PAGES_PER_PROCESS = 100_000;

/** Empties the folder: at a machine's start, nothing says which purges it missed while down. */
export async function emptyPageFiles(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o755 });
  // Its contents only: the folder itself may be a mount point or shared with nginx's user.
  for (const name of await readdir(dir)) await rm(join(dir, name), { recursive: true, force: true });
}

/** The include nginx reads (deploy/nginx/hub.conf): the served folder and its headers. */
export function nginxIncludeOf(folder: string, profile: HeaderProfile): string {
  return [
    '# Written by Edition Hub (HUB_STATIC_DIR): the folder nginx serves and the headers the app sent with it.',
    `set $hub_files "${folder}";`,
    `set $hub_csp "${profile.csp}";`,
    `set $hub_cache_control "${profile.cacheControl}";`,
    `set $hub_hsts "${profile.hsts}";`,
    '',
  ].join('\n');
}

const headerProfile = z.object({ csp: z.string(), cacheControl: z.string(), hsts: z.string() });

const folderOf = (profile: HeaderProfile) => `files-${createHash('sha1').update(JSON.stringify(profile)).digest('hex').slice(0, 12)}`;

/** Writes `data` as `path` atomically: a temp file in the same folder, renamed over it. */
async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
  const temp = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temp, data, { mode: 0o644 });
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

const ignoreMissing = (error: NodeJS.ErrnoException) => {
  if (error.code !== 'ENOENT') throw error;
};

export class PageFiles implements KeptPageSink {
  readonly dir: string;
  readonly #index = new FileIndex();
  #profile: HeaderProfile | undefined;
  #folder: string | undefined;
  /** Purge clock, as the page cache's (store.ts): a render older than a purge of its tags is not written. */
  #tick = 0;
  readonly #purgedAt = new Map<string, number>();
  readonly #queue: (() => Promise<void>)[] = [];
  #running = 0;
  #sweeper: NodeJS.Timeout | undefined;
  /** Every write and delete in progress, so tests and shutdown can wait for them. */
  readonly #inFlight = new Set<Promise<unknown>>();

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Adopts the folder other processes of this machine already write to, and their index. */
  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o755 });
    const saved = await readFile(join(this.dir, PROFILE_FILE), 'utf8').catch(() => undefined);
    if (saved) {
      this.#profile = headerProfile.parse(JSON.parse(saved));
      this.#folder = folderOf(this.#profile);
      await this.#index.load(join(this.dir, 'index', this.#folder));
    }
    this.#sweeper = setInterval(() => this.#track(this.#deleteAll(this.#index.takeExpired(Date.now()))), 1000);
    this.#sweeper.unref();
  }

  stop(): void {
    clearInterval(this.#sweeper);
  }

  /** Read when a render starts; handed back with its response (`KeptPage.since`). */
  renderStarted(): number {
    return this.#tick;
  }

  /** Resolves once every write and delete started so far has finished. */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0 || this.#queue.length > 0 || this.#running > 0)
      await Promise.race([...this.#inFlight, new Promise((r) => setTimeout(r, 5))]);
  }

  /** Queues `response` to be written when nginx would answer its file exactly as the app did. */
  offer(response: KeptPage): void {
    const contentType = response.headers.find(([name]) => name === 'content-type')?.[1] ?? '';
    if (!this.#profile && contentType === 'text/html') this.#adopt(profileOf(response.headers));
    if (!this.#profile) return;
    const target = fileTargetOf(response.url, contentType, this.#profile);
    if (!target || !headersMatch(response.headers, target.headers) || this.#isStale(response)) return;
    const expiresAt = response.expiresAt - sharedCacheWindowMs(this.#profile);
    if (expiresAt <= Date.now() + 1000) return;
    if (this.#queue.length >= MAX_QUEUED || this.#index.size >= MAX_PAGES_PER_PROCESS) return;
    const folder = this.#folder!;
    this.#queue.push(() => this.#write(folder, target.file, { ...response, expiresAt }));
    this.#drain();
  }

  /** Deletes the files of every page carrying one of `tags` (`all`: the whole folder). */
  purge(tags: readonly string[]): void {
    if (tags.length === 0) return;
    const tick = this.#tick++;
    for (const tag of tags) this.#purgedAt.set(tag, tick);
    if (tags.includes('all') && this.#folder) {
      this.#index.takeTagged(['all']);
      const folder = this.#folder;
      this.#track(
        Promise.all([rm(join(this.dir, folder), { recursive: true, force: true }), rm(join(this.dir, 'index', folder), { recursive: true, force: true })]),
      );
      return;
    }
    this.#track(this.#deleteAll(this.#index.takeTagged(tags)));
  }

  #isStale({ tags, since }: Pick<KeptPage, 'tags' | 'since'>): boolean {
    return tags.some((tag) => (this.#purgedAt.get(tag) ?? -1) >= since);
  }

  #adopt(profile: HeaderProfile | undefined): void {
    if (!profile) return;
    this.#profile = profile;
    this.#folder = folderOf(profile);
    const folder = this.#folder;
    this.#track(
      (async () => {
        await writeAtomically(join(this.dir, PROFILE_FILE), JSON.stringify(profile));
        await writeAtomically(join(this.dir, 'nginx.conf'), nginxIncludeOf(folder, profile));
      })(),
    );
  }

  #track(work: Promise<unknown>): void {
    const tracked = work.catch((error: NodeJS.ErrnoException) => {
      // A purge of everything may remove a folder under a write in progress: nothing to report.
      if (error.code !== 'ENOENT') logLine('warn', 'page files: a write or delete failed', { error: String(error) });
    });
    this.#inFlight.add(tracked);
    void tracked.finally(() => this.#inFlight.delete(tracked));
  }

  #drain(): void {
    while (this.#running < CONCURRENT_WRITES && this.#queue.length > 0) {
      const next = this.#queue.shift()!;
      this.#running++;
      this.#track(next().finally(() => (this.#running--, this.#drain())));
    }
  }

  async #write(folder: string, file: string, response: KeptPage): Promise<void> {
    if (this.#isStale(response)) return;
    const path = join(this.dir, folder, file);
    const indexPath = join(this.dir, 'index', folder, indexFileOf(response.url));
    const page: WrittenPage = { url: response.url, tags: response.tags, expiresAt: response.expiresAt };
    // Listed before anything is on disk: a purge from now on deletes whatever this writes.
    this.#index.add(page);
    // The page cache's copies as they are; a missing one is made off the event loop, as the cache makes its own.
    const gzip = response.bodies.gzip ?? (await encodeInBackground({ identity: response.body }, 'gzip'));
    const br = response.bodies.br ?? (await encodeInBackground({ identity: response.body }, 'br'));
    await Promise.all([mkdir(dirname(path), { recursive: true, mode: 0o755 }), mkdir(dirname(indexPath), { recursive: true })]);
    await writeAtomically(indexPath, JSON.stringify(page));
    // The compressed copies first: once the plain file is there, nginx may look for them.
    await Promise.all([writeAtomically(`${path}.gz`, gzip), writeAtomically(`${path}.br`, br)]);
    await writeAtomically(path, response.body);
    // A purge that came while this was being written may have found nothing to delete yet.
    if (this.#isStale(response)) await deletePage(this.dir, folder, page);
  }

  async #deleteAll(pages: readonly WrittenPage[]): Promise<void> {
    const folder = this.#folder;
    if (!folder) return;
    for (const page of pages) await deletePage(this.dir, folder, page);
  }
}

/** Deletes a page's file (first: nginx stops answering it), its compressed copies and its index file. */
async function deletePage(dir: string, folder: string, page: WrittenPage): Promise<void> {
  const path = join(dir, folder, fileOfUrl(page.url));
  await unlink(path).catch(ignoreMissing);
  await Promise.all([unlink(`${path}.gz`).catch(ignoreMissing), unlink(`${path}.br`).catch(ignoreMissing)]);
  await unlink(join(dir, 'index', folder, indexFileOf(page.url))).catch(ignoreMissing);
}
