/** JavaScript a page makes the browser load: scripts and module preloads, gzip-compressed size. */
import { gzipSync } from 'node:zlib';

/** Gzipped bytes of every script (inline and external, with their static imports) on each page. */
export async function measureHubJs(origin: string, pages: Record<string, string>): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const [name, path] of Object.entries(pages)) {
    const html = await (await fetch(origin + path)).text();
    result[name] = await measureJsOfHtml(origin, html);
  }
  return result;
}

/** Sums gzip sizes of inline scripts plus external scripts/modulepreloads and their imports. */
export async function measureJsOfHtml(origin: string, html: string): Promise<number> {
  let bytes = 0;
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)) {
    if (match[1]!.trim()) bytes += gzipSync(match[1]!).length;
  }
  const seen = new Set<string>();
  const queue = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/component-url="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/renderer-url="([^"]+)"/g)].map((m) => m[1]!),
  ];
  while (queue.length > 0) {
    const src = new URL(queue.shift()!, origin).href;
    if (seen.has(src) || !src.startsWith(origin)) continue;
    seen.add(src);
    const code = await (await fetch(src)).text();
    bytes += gzipSync(code).length;
    for (const m of code.matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)) queue.push(new URL(m[1]!, src).href);
  }
  return bytes;
}
