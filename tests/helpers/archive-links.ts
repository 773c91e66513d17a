/**
 * Checks a static archive the way a static host serves it: every internal `href`, `src` and
 * `srcset` URL of every page must name a file of the folder (a folder link, its `index.html`).
 * External links, fragments and `mailto:`-like schemes are not the archive's.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

function* htmlFilesOf(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFilesOf(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

const urlsOf = (html: string): string[] => [
  ...[...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!),
  ...[...html.matchAll(/\s(?:srcset|imagesrcset)="([^"]*)"/g)].flatMap((m) => m[1]!.split(',').map((c) => c.trim().split(/\s+/)[0]!)),
];

/** The broken internal references of the archive at `root`: "page → url" lines. */
export function findBrokenArchiveLinks(root: string, { origins = [] as string[] } = {}): string[] {
  const broken: string[] = [];
  for (const file of htmlFilesOf(root)) {
    if (relative(root, file).startsWith('pagefind')) continue;
    for (const raw of urlsOf(readFileSync(file, 'utf8'))) {
      let value = raw.replace(/&amp;/g, '&');
      const origin = origins.find((o) => value.startsWith(`${o}/`) || value === o);
      if (origin) value = value.slice(origin.length + 1) || './';
      else if (!value || value.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) continue;
      const path = value.replace(/[#?].*$/, '');
      const target = value.startsWith('/') || origin ? join(root, decodeURIComponent(path)) : join(dirname(file), decodeURIComponent(path));
      const isFile = existsSync(target) && statSync(target).isFile();
      const isFolder = existsSync(join(target, 'index.html'));
      if (
        relative(root, target).startsWith('..') ||
        value.startsWith('/') ||
        (!isFile && !isFolder) ||
        (isFolder && !path.endsWith('/') && path !== '' && path !== '.')
      )
        broken.push(`${relative(root, file)} → ${raw}`);
    }
  }
  return broken;
}
