/**
 * Builds the archive's search index with Pagefind's own binary (from its npm platform package,
 * nothing downloaded): it reads the written pages, splits the index by each page's `<html lang>`
 * and writes the `pagefind/` bundle (index, Pagefind UI) beside them. A child process of its own,
 * so its memory is measured apart from the crawl's and freed when it ends.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { arch } from 'node:os';
import { watchPeakRss } from './peak-rss.ts';

const require = createRequire(import.meta.url);

/** The Pagefind binary for this platform (the extended build, which also segments CJK text). */
export function pagefindBinary(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  for (const name of ['pagefind_extended', 'pagefind']) {
    try {
      return require.resolve(`@pagefind/${platform}-${arch()}/bin/${name}${platform === 'windows' ? '.exe' : ''}`);
    } catch {
      // The other build may be installed.
    }
  }
  throw new Error(`Pagefind has no binary installed for ${platform}-${arch()} (npm package @pagefind/${platform}-${arch()}).`);
}

export interface PagefindRun {
  /** Pages indexed, as Pagefind counts them. */
  pages: number;
  peakRssBytes: number;
}

/** Indexes the archive at `siteDir` into `siteDir/pagefind`. */
export async function buildSearchIndex(siteDir: string): Promise<PagefindRun> {
  const child = spawn(pagefindBinary(), ['--site', siteDir, '--output-subdir', 'pagefind'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const peak = watchPeakRss(child.pid!);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  const peakRssBytes = peak.stop();
  if (code !== 0) throw new Error(`Pagefind failed (exit ${code}):\n${output.slice(-4000)}`);
  const pages = Number(/Indexed (\d+) pages?/.exec(output)?.[1] ?? 0);
  return { pages, peakRssBytes };
}
