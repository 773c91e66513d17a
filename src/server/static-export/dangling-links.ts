/**
 * An edition's archive holds that edition and what its pages link to; the shared pages (home,
 * indexes, venues…) also link to the rest of the programme, which is not there. Once the crawl
 * is done, every link to a missing page is pointed at the archive's note instead, and the sitemap
 * keeps only the pages the archive has. Reads and writes one file at a time.
 */
import { existsSync } from 'node:fs';
import { opendir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { NOTE_ID } from './rewrite-html.ts';

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of await opendir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/** Whether a relative link from the file at `from` reaches a file of the archive. */
export function resolvesInArchive(root: string, from: string, href: string): boolean {
  const path = href.replace(/[#?].*$/, '');
  if (!path) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  const target = join(dirname(from), decoded);
  if (relative(root, target).startsWith('..')) return false;
  return existsSync(path.endsWith('/') || path === '.' ? join(target, 'index.html') : target);
}

const isRelative = (href: string) => href !== '' && !href.startsWith('#') && !href.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(href);

/** Points every `<a href>` to a missing page at the note and drops such `<link>`s; returns how many. */
export async function pointDanglingLinksAtNote(root: string): Promise<number> {
  let changed = 0;
  for await (const file of htmlFiles(root)) {
    if (file.startsWith(join(root, 'pagefind') + sep)) continue;
    const html = await readFile(file, 'utf8');
    let count = 0;
    const dangling = (href: string) => isRelative(href) && !resolvesInArchive(root, file, href) && ++count > 0;
    const out = html
      .replace(/(<a\b[^>]*?\shref)="([^"]*)"/g, (match, head: string, href: string) => (dangling(href) ? `${head}="#${NOTE_ID}"` : match))
      // An alternate language version or feed the archive does not have is left out of the head.
      .replace(/<link\b[^>]*?\shref="([^"]*)"[^>]*>/g, (match, href: string) => (dangling(href) ? '' : match));
    if (count) {
      changed += count;
      await writeFile(file, out);
    }
  }
  return changed;
}

/** Keeps the sitemap's `<url>` entries whose page is in the archive (`pathOf` maps a `<loc>`). */
export async function pruneSitemap(root: string, pathOf: (loc: string) => string | undefined): Promise<void> {
  const file = join(root, 'sitemap.xml');
  if (!existsSync(file)) return;
  const xml = await readFile(file, 'utf8');
  const pruned = xml.replace(/\s*<url>[\s\S]*?<\/url>/g, (entry) => {
    const loc = /<loc>([^<]*)<\/loc>/.exec(entry)?.[1];
    const path = loc && pathOf(loc.replace(/&amp;/g, '&'));
    return path && existsSync(join(root, path)) ? entry : '';
  });
  await writeFile(file, pruned);
}
