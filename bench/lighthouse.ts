/**
 * `npm run bench:lighthouse [-- --base http://host:port] [--runs 3]`
 * Lighthouse (mobile preset, its default simulated throttling) on the English home, the edition
 * it features and the first event it lists, in Debian's Chromium (`CHROMIUM_PATH` for another).
 * Without `--base`, starts the built server on a fresh demo database the way the benchmark starts
 * it (tests/helpers/server.ts) and stops it at the end; it builds nothing (run `npm run build`).
 * Each page is audited `--runs` times and the median of each score and metric is kept: simulated
 * throttling multiplies the CPU time it observes, so the performance score follows the machine's
 * load (Lighthouse's `benchmarkIndex`, recorded with each run, says how fast the machine was).
 * Prints a Markdown table and writes bench/results/lighthouse-<date>.json (scores, metrics and
 * every audit that lost points). Benchmarks are not tests: nothing here asserts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isBuildStale } from '../src/server/runtime/build-state.ts';
import { auditPages, CATEGORIES, findHubPages, METRICS, type PageReport } from '../tests/helpers/lighthouse.ts';
import { startTestServer, type TestServer } from '../tests/helpers/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { base: { type: 'string' }, runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(values.runs));

let server: TestServer | undefined;
if (!values.base) {
  if (isBuildStale(root)) {
    console.error('The build is missing or older than its sources: run `npm run build` first.');
    process.exit(1);
  }
  server = await startTestServer();
}
const origin = (values.base ?? server!.origin).replace(/\/$/, '');

/** The median of the numbers given (the lower middle one for an even count); null for none. */
function median(numbers: (number | null | undefined)[]): number | null {
  const sorted = numbers.filter((n): n is number => typeof n === 'number').sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : null;
}

const runsByPage: PageReport[][] = [];
const loadAverages: number[] = [];
try {
  const pages = await findHubPages(origin);
  // Each page is asked for once first: the figures are a visitor's, not those of a cold process.
  for (const page of pages) await (await fetch(`${origin}${page.path}`)).arrayBuffer();
  for (let run = 1; run <= runs; run += 1) {
    console.log(`Lighthouse run ${run} of ${runs} on ${origin} …`);
    loadAverages.push(loadavg()[0]!);
    const reports = await auditPages(origin, pages);
    reports.forEach((report, index) => (runsByPage[index] ??= []).push(report));
  }
} finally {
  await server?.stop();
}

const pages = runsByPage.map((reports) => {
  const { name, path } = reports[0]!;
  return {
    name,
    path,
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, median(reports.map((report) => report.scores[category]))])),
    metrics: Object.fromEntries(METRICS.map((metric) => [metric, median(reports.map((report) => report.metrics[metric]))])),
    runs: reports.map(({ scores, metrics, benchmarkIndex }) => ({ scores, metrics, benchmarkIndex })),
    // The audits that lost points in the run whose performance score was the median one.
    failing: reports.find((report) => report.scores.performance === median(reports.map((r) => r.scores.performance)))?.failing ?? [],
  };
});

const header = `| page | ${CATEGORIES.join(' | ')} | FCP ms | LCP ms | TBT ms | CLS |\n|---|${CATEGORIES.map(() => '---:').join('|')}|---:|---:|---:|---:|`;
const cell = (value: number | null | undefined) => (value === null || value === undefined ? '–' : String(Math.round(value * 1000) / 1000));
const rows = pages.map(
  (page) =>
    `| ${page.name} | ${CATEGORIES.map((category) => cell(page.scores[category])).join(' | ')} | ${(['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'] as const).map((metric) => cell(page.metrics[metric])).join(' | ')} |`,
);
const indexes = runsByPage.flat().map((report) => report.benchmarkIndex ?? 0);
console.log(
  `\nMedians of ${runs} run(s); benchmarkIndex ${Math.min(...indexes)}–${Math.max(...indexes)}, load average ${loadAverages.map((l) => l.toFixed(1)).join(', ')}\n`,
);
console.log(`${header}\n${rows.join('\n')}\n`);
for (const page of pages) {
  const lost = page.failing.filter((audit) => audit.category !== 'performance' || (audit.score ?? 0) < 0.9);
  if (lost.length)
    console.log(`${page.name} (${page.path}): ${lost.map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`).join(', ')}`);
}

mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, 'bench/results', `lighthouse-${new Date().toISOString().replaceAll(':', '-')}.json`);
const target = values.base ? origin : 'built server, demo content';
writeFileSync(file, JSON.stringify({ target, preset: 'mobile, simulated throttling', runs, loadAverages, pages }, null, 2));
console.log(`Results written to ${file}`);
