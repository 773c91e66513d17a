/**
 * Which files each page wrote, by tag and by expiry, in memory, with one small JSON file per page
 * on disk (`<dir>/index/<folder>/…`) so that a process that starts later (a replaced worker) knows
 * the files the others wrote and purges them too.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** A written page (its file is `fileOfUrl(url)`, with its `.gz` and `.br`). */
export interface WrittenPage {
  url: string;
  tags: readonly string[];
  expiresAt: number;
}

const writtenPage = z.object({ url: z.string(), tags: z.array(z.string()), expiresAt: z.number() });

/** Tags every page carries: a purge of `all` clears the index whole, so no set of every page is kept for it. */
const UNINDEXED_TAGS = new Set(['all']);

/** The index file of `url`, relative to the index folder: spread over 256 folders. */
export function indexFileOf(url: string): string {
  const hash = createHash('sha1').update(url).digest('hex');
  return `${hash.slice(0, 2)}/${hash.slice(2)}.json`;
}

export class FileIndex {
  readonly #pages = new Map<string, WrittenPage>();
  readonly #byTag = new Map<string, Set<string>>();
  /** Pages by the second they expire in: a sweep each second takes the seconds gone by. */
  readonly #bySecond = new Map<number, Set<string>>();
  /**
   * One copy of each tag string: a page's tags are mostly shared (its edition, `hub`) and an
   * event's tag is carried by its page in every locale. About 500 bytes per page remain.
   */
  readonly #tagNames = new Map<string, string>();

  get size(): number {
    return this.#pages.size;
  }

  add(written: WrittenPage): void {
    this.remove(written.url);
    const page: WrittenPage = { url: written.url, tags: written.tags.map((tag) => this.#shared(tag)), expiresAt: written.expiresAt };
    this.#pages.set(page.url, page);
    for (const tag of page.tags) {
      if (UNINDEXED_TAGS.has(tag)) continue;
      let urls = this.#byTag.get(tag);
      if (!urls) this.#byTag.set(tag, (urls = new Set()));
      urls.add(page.url);
    }
    const second = Math.floor(page.expiresAt / 1000);
    let urls = this.#bySecond.get(second);
    if (!urls) this.#bySecond.set(second, (urls = new Set()));
    urls.add(page.url);
  }

  #shared(tag: string): string {
    let shared = this.#tagNames.get(tag);
    if (shared === undefined) this.#tagNames.set(tag, (shared = tag));
    return shared;
  }

  remove(url: string): WrittenPage | undefined {
    const page = this.#pages.get(url);
    if (!page) return undefined;
    this.#pages.delete(url);
    for (const tag of page.tags) {
      const urls = this.#byTag.get(tag);
      urls?.delete(url);
      if (urls?.size === 0) this.#byTag.delete(tag);
    }
    const second = Math.floor(page.expiresAt / 1000);
    this.#bySecond.get(second)?.delete(url);
    if (this.#bySecond.get(second)?.size === 0) this.#bySecond.delete(second);
    return page;
  }

  /** Removes and returns the pages carrying any of `tags`. */
  takeTagged(tags: readonly string[]): WrittenPage[] {
    if (tags.some((tag) => UNINDEXED_TAGS.has(tag))) return this.#takeAll();
    const urls = new Set(tags.flatMap((tag) => [...(this.#byTag.get(tag) ?? [])]));
    return [...urls].map((url) => this.remove(url)!);
  }

  #takeAll(): WrittenPage[] {
    const pages = [...this.#pages.values()];
    this.#pages.clear();
    this.#byTag.clear();
    this.#bySecond.clear();
    this.#tagNames.clear();
    return pages;
  }

  /** Removes and returns the pages expired at `now`. */
  takeExpired(now: number): WrittenPage[] {
    const taken: WrittenPage[] = [];
    const current = Math.floor(now / 1000);
    for (const [second, urls] of this.#bySecond) {
      if (second > current) continue;
      for (const url of [...urls]) {
        const page = this.#pages.get(url)!;
        if (page.expiresAt <= now) taken.push(this.remove(url)!);
      }
    }
    return taken;
  }

  /** Reads the index files under `folder` (left by other processes of this machine). */
  async load(folder: string): Promise<void> {
    let shards: string[];
    try {
      shards = await readdir(folder);
    } catch {
      return;
    }
    for (const shard of shards) {
      const names = await readdir(join(folder, shard)).catch(() => [] as string[]);
      for (const name of names) {
        if (!name.endsWith('.json')) continue;
        const text = await readFile(join(folder, shard, name), 'utf8').catch(() => '');
        const parsed = writtenPage.safeParse(safeJson(text));
        if (parsed.success) this.add(parsed.data);
      }
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
