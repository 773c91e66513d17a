/** Renders benchmark figures as Markdown tables, with each target checked against them. */
import type { AdminFigures } from './admin.ts';
import type { LoadGenerator, LoadResult } from './load.ts';

export type HitEncoding = 'identity' | 'gzip' | 'br';

export interface CrawlFigures {
  pages: number;
  pagesPerSecond: number;
  failures: number;
}

export interface SizeReport {
  events: number;
  seedSeconds: number | null;
  databaseMb: number;
  workers: number;
  cacheMb: number;
  /** One process, after the measured loads, then with its page cache full. */
  rssMb: number;
  rssFullMb: number;
  /** Every process of the server with every worker, each worker's page cache full. */
  rssAllFullMb: number;
  /** The same processes' PSS: pages they share counted once. */
  pssAllFullMb: number;
  crawlSingle: CrawlFigures;
  crawlAll: CrawlFigures;
  misses: Record<string, { p50: number; p95: number }>;
  /** Cached pages by page and encoding (one process). */
  hits: Record<string, Partial<Record<HitEncoding, LoadResult>>>;
  /** nginx on the same bytes (it has no brotli: brotli is compared with its gzip). */
  statics: Record<string, Partial<Record<'identity' | 'gzip', LoadResult>>>;
  /** A bare Node `http` server answering the same files from memory: Node's own ceiling here. */
  bare: Record<string, Partial<Record<'identity' | 'gzip', LoadResult>>>;
  admin: AdminFigures;
  js: Record<string, number>;
  /** The cached event page with server-side error reporting on (SENTRY_DSN at a local stand-in). */
  sentry: Partial<Record<'identity' | 'gzip', LoadResult>>;
}

const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '–' : `${value.toFixed(1)}`);
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const nginxEncoding = (encoding: HitEncoding) => (encoding === 'br' ? 'gzip' : encoding);

export function renderReport(reports: SizeReport[], run: { connections: number; duration: number; generator: LoadGenerator; nginx: boolean }): string {
  const out: string[] = [
    `# Benchmark (${run.generator}${run.generator === 'wrk' ? ' -t1' : ''}, ${run.connections} connections, ${run.duration} s per cached load, loopback; misses are one request at a time after a purging write through the admin API, after 5 unmeasured misses of the same page)`,
  ];
  for (const r of reports) {
    out.push(
      `\n## ${r.events.toLocaleString('en')} events — DB ${r.databaseMb.toFixed(0)} MB on disk${r.seedSeconds ? `, seeded in ${r.seedSeconds.toFixed(1)} s` : ''}`,
    );
    out.push('\n| cached page (1 worker) | encoding | app req/s | app p99 ms | nginx req/s | app/nginx | bare Node req/s | app/bare Node | errors/non-2xx |');
    out.push('|---|---|---:|---:|---:|---:|---:|---:|---:|');
    const ceilings: number[] = [];
    const ratios: Record<HitEncoding, number[]> = { identity: [], gzip: [], br: [] };
    const p99s: number[] = [];
    for (const [name, byEncoding] of Object.entries(r.hits)) {
      for (const [encoding, hit] of Object.entries(byEncoding) as [HitEncoding, LoadResult][]) {
        const nginx = r.statics[name]?.[nginxEncoding(encoding)];
        if (nginx) ratios[encoding].push(hit.rps / nginx.rps);
        p99s.push(hit.p99);
        const reference = nginx ? `${nginx.rps.toFixed(0)}${encoding === 'br' ? ' (gzip)' : ''}` : '–';
        const bare = r.bare[name]?.[nginxEncoding(encoding)];
        if (bare && nginx && encoding !== 'br') ceilings.push(bare.rps / nginx.rps);
        const bareCells = bare ? `${bare.rps.toFixed(0)} | ${(hit.rps / bare.rps).toFixed(2)}` : '– | –';
        out.push(
          `| ${name} | ${encoding} | ${hit.rps.toFixed(0)} | ${ms(hit.p99)} | ${reference} | ${nginx ? (hit.rps / nginx.rps).toFixed(2) : '–'} | ${bareCells} | ${hit.errors}/${hit.non2xx} |`,
        );
      }
    }
    const sentryRatios: number[] = [];
    for (const [encoding, withSentry] of Object.entries(r.sentry) as ['identity' | 'gzip', LoadResult][]) {
      const without = r.hits.event?.[encoding];
      if (!without) continue;
      sentryRatios.push(withSentry.rps / without.rps);
      out.push(
        `| event, SENTRY_DSN set | ${encoding} | ${withSentry.rps.toFixed(0)} | ${ms(withSentry.p99)} | – | ${(withSentry.rps / without.rps).toFixed(2)} of the app without | – | – | ${withSentry.errors}/${withSentry.non2xx} |`,
      );
    }
    out.push('\n| cache miss (1 connection) | p50 ms | p95 ms |');
    out.push('|---|---:|---:|');
    for (const [name, miss] of Object.entries(r.misses)) out.push(`| ${name} | ${ms(miss.p50)} | ${ms(miss.p95)} |`);
    out.push(
      `\n| cold crawl (each event URL once, 8 connections, by ${run.generator === 'wrk' ? 'wrk' : 'fetch in the benchmark'}) | pages | pages/s | failures |`,
    );
    out.push('|---|---:|---:|---:|');
    out.push(`| 1 worker | ${r.crawlSingle.pages} | ${r.crawlSingle.pagesPerSecond.toFixed(0)} | ${r.crawlSingle.failures} |`);
    out.push(`| ${r.workers} workers | ${r.crawlAll.pages} | ${r.crawlAll.pagesPerSecond.toFixed(0)} | ${r.crawlAll.failures} |`);
    out.push(
      `\nRSS: 1 worker ${r.rssMb.toFixed(0)} MB after the loads, ${r.rssFullMb.toFixed(0)} MB with its ${r.cacheMb} MB page cache full; ${r.workers} workers, all processes together, every cache full: ${r.rssAllFullMb.toFixed(0)} MB (PSS ${r.pssAllFullMb.toFixed(0)} MB, shared pages counted once).`,
    );
    out.push('\n| admin API / write path | p50 ms | p95 ms |');
    out.push('|---|---:|---:|');
    out.push(`| list events, status filter | ${ms(r.admin.listFilter.p50)} | ${ms(r.admin.listFilter.p95)} |`);
    out.push(`| list events, filter + search term | ${ms(r.admin.listSearch.p50)} | ${ms(r.admin.listSearch.p95)} |`);
    out.push(`| update an event incl. cache invalidation | ${ms(r.admin.update.p50)} | ${ms(r.admin.update.p95)} |`);
    out.push(`\nstatuses seen on admin calls: ${r.admin.statuses.join(', ')}`);
    out.push('\n| page | JS shipped (gzip bytes) |');
    out.push('|---|---:|');
    for (const [name, bytes] of Object.entries(r.js)) out.push(`| ${name} | ${bytes} |`);
    for (const [path, bytes] of Object.entries(r.admin.firstLoadJs)) out.push(`| admin first load ${path} | ${bytes} |`);

    const searchMissP95 = Math.max(
      ...Object.entries(r.misses)
        .filter(([n]) => n.startsWith('search'))
        .map(([, v]) => v.p95),
    );
    const large = r.events >= 1_000_000;
    out.push('\n| target | measured | verdict |');
    out.push('|---|---|---|');
    if (run.nginx) {
      for (const encoding of ['gzip', 'identity'] as const) {
        const worst = Math.min(...ratios[encoding]);
        out.push(`| cached pages, ${encoding}, ≥ 0.7× nginx | min ratio ${worst.toFixed(2)} | ${verdict(worst >= 0.7)} |`);
      }
      out.push(`| cached pages, br (vs nginx gzip) | min ratio ${Math.min(...ratios.br).toFixed(2)} | – |`);
      if (ceilings.length > 0)
        out.push(`| (reference) bare Node on the same bytes / nginx | ${Math.min(...ceilings).toFixed(2)}–${Math.max(...ceilings).toFixed(2)} | – |`);
    }
    if (sentryRatios.length > 0) {
      const worst = Math.min(...sentryRatios);
      out.push(`| cached pages with SENTRY_DSN lose ≤ 10% | min ${worst.toFixed(2)} of the app without | ${verdict(worst >= 0.9)} |`);
    }
    const p99 = Math.max(...p99s);
    out.push(`| cached pages p99 ≤ 5 ms at ${run.connections} connections | max p99 ${ms(p99)} ms | ${verdict(p99 <= 5)} |`);
    out.push(
      `| cold crawl, ${r.workers} workers, ≥ 300 pages/s | ${r.crawlAll.pagesPerSecond.toFixed(0)} pages/s | ${verdict(r.crawlAll.pagesPerSecond >= 300)} |`,
    );
    const eventTarget = large ? 20 : 10;
    out.push(`| event miss p95 ≤ ${eventTarget} ms | ${ms(r.misses.event?.p95)} ms | ${verdict((r.misses.event?.p95 ?? Infinity) <= eventTarget)} |`);
    // The same page in another form (a visitor's zone, an embed) keeps the event page's target.
    const variants = ['event ?tz=Asia/Tokyo', 'embed event'].filter((name) => r.misses[name]);
    if (variants.length > 0) {
      const worst = Math.max(...variants.map((name) => r.misses[name]!.p95));
      out.push(`| event page variants (${variants.join(', ')}) miss p95 ≤ ${eventTarget} ms | worst ${ms(worst)} ms | ${verdict(worst <= eventTarget)} |`);
    }
    const searchTarget = large ? 30 : 20;
    out.push(`| search miss p95 ≤ ${searchTarget} ms | worst query ${ms(searchMissP95)} ms | ${verdict(searchMissP95 <= searchTarget)} |`);
    const listP95 = Math.max(r.admin.listFilter.p95, r.admin.listSearch.p95);
    const listTarget = large ? 50 : 30;
    out.push(`| admin list API p95 ≤ ${listTarget} ms | ${ms(listP95)} ms | ${verdict(listP95 <= listTarget)} |`);
    out.push(`| event update incl. invalidation p95 ≤ 30 ms | ${ms(r.admin.update.p95)} ms | ${verdict(r.admin.update.p95 <= 30)} |`);
    // Since the personal agenda (issue 18), pages that list events carry its star script: the budget
    // is 10 KB gzipped per page, contact form included; search and embeds stay at 0 B.
    const publicJs = Object.entries(r.js);
    const hubJs = Math.max(...publicJs.map(([, bytes]) => bytes));
    const heaviest = publicJs.find(([, bytes]) => bytes === hubJs)?.[0] ?? '–';
    out.push(`| hub pages JS ≤ 10 KB gz (agenda star, contact form) | max ${hubJs} B (${heaviest}) | ${verdict(hubJs <= 10_240)} |`);
    const noJs = ['search', 'embed events', 'embed event'].filter((p) => r.js[p] !== undefined);
    if (noJs.length > 0) {
      const worst = Math.max(...noJs.map((p) => r.js[p]!));
      out.push(`| search and embeds 0 B JS | max ${worst} B | ${verdict(worst === 0)} |`);
    }
    const adminJs = Math.max(...Object.values(r.admin.firstLoadJs));
    out.push(`| admin first load ≤ 150 KB gz | max ${adminJs} B | ${verdict(adminJs <= 150 * 1024)} |`);
    out.push(`| RSS of all processes ≤ 600 MB, every page cache full | ${r.rssAllFullMb.toFixed(0)} MB | ${verdict(r.rssAllFullMb <= 600)} |`);
  }
  return out.join('\n');
}
