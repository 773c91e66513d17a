/**
 * `npm run export -- --out <dir> [--edition <slug>] [--base-url <url>] [--concurrency N]
 * [--workers N] [--report <file.json>]`: writes a static archive of the public hub, with its own
 * search (decision 052; docs/operators.md, "A static archive"). Uses the environment `npm start`
 * uses (DATABASE_URL, UPLOADS_DIR, …).
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { exportSite } from '../src/server/static-export/export-site.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    edition: { type: 'string' },
    'base-url': { type: 'string' },
    concurrency: { type: 'string' },
    workers: { type: 'string' },
    report: { type: 'string' },
  },
});
if (!values.out) {
  console.error('Usage: npm run export -- --out <dir> [--edition <slug>] [--base-url <url>] [--concurrency N] [--workers N] [--report <file.json>]');
  process.exit(2);
}
try {
  const report = await exportSite(root, {
    out: resolve(values.out),
    edition: values.edition,
    baseUrl: values['base-url'],
    concurrency: values.concurrency,
    workers: values.workers,
  });
  const { stats, seconds, peakRssBytes } = report;
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  console.log(
    `Archived ${stats.pages} pages and ${stats.files} files (${stats.redirects} redirects) in ${seconds.total.toFixed(1)} s; ` +
      `${report.searchPages} pages searchable. Peak memory: export ${mb(peakRssBytes.export)}, server ${mb(peakRssBytes.server)}, Pagefind ${mb(peakRssBytes.pagefind)}.`,
  );
  if (stats.failed.length) console.warn(`${stats.failed.length} URL(s) not archived (their links stay, to a missing file):`);
  for (const failure of stats.failed.slice(0, 20)) console.warn(`  ${failure.status ? `HTTP ${failure.status}` : failure.error}: ${failure.source}`);
  if (values.report) await writeFile(values.report, `${JSON.stringify(report, null, 2)}\n`);
} catch (error) {
  console.error(error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error));
  process.exit(1);
}
