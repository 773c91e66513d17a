/** Renders benchmark figures as Markdown tables, with each target checked against them. */
import type { AdminFigures } from './admin.ts';
import type { LoadResult } from './load.ts';

export interface SizeReport {
  events: number;
  seedSeconds: number | null;
  databaseMb: number;
  rssMb: number;
  /** RSS once a crawl has filled the front cache to its byte bound. */
  rssFullMb: number;
  crawl: { pages: number; cacheMb: number };
  misses: Record<string, { p50: number; p95: number }>;
  hits: Record<string, LoadResult>;
  statics: Record<string, LoadResult>;
  admin: AdminFigures;
  js: Record<string, number>;
}

const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '–' : `${value.toFixed(1)}`);
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

export function renderReport(reports: SizeReport[], run: { connections: number; duration: number; nginx: boolean }): string {
  const out: string[] = [`# Benchmark (${run.connections} connections, ${run.duration} s per cached load, loopback; misses are one request each after a purging write, measured after 5 unmeasured misses of the same page)`];
  for (const r of reports) {
    out.push(`\n## ${r.events.toLocaleString('en')} events — DB ${r.databaseMb.toFixed(0)} MB on disk${r.seedSeconds ? `, seeded in ${r.seedSeconds.toFixed(1)} s` : ''}`);
    out.push(`\nServer RSS after the measured loads: ${r.rssMb.toFixed(0)} MB; after a crawl of ${r.crawl.pages} event pages filled the ${r.crawl.cacheMb} MB front cache: ${r.rssFullMb.toFixed(0)} MB.`);
    out.push('\n| page | hit req/s | hit p50 ms | hit p99 ms | nginx req/s | app/nginx | miss p50 ms | miss p95 ms | errors/non-2xx |');
    out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const [name, hit] of Object.entries(r.hits)) {
      const nginx = r.statics[name];
      const ratio = nginx ? (hit.rps / nginx.rps).toFixed(2) : '–';
      out.push(`| ${name} | ${hit.rps.toFixed(0)} | ${ms(hit.p50)} | ${ms(hit.p99)} | ${nginx ? nginx.rps.toFixed(0) : '–'} | ${ratio} | ${ms(r.misses[name]?.p50)} | ${ms(r.misses[name]?.p95)} | ${hit.errors}/${hit.non2xx} |`);
    }
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

    const cachedPages = ['home', 'hub', 'event', 'edition'];
    const ratios = cachedPages.filter((p) => r.statics[p]).map((p) => r.hits[p]!.rps / r.statics[p]!.rps);
    const searchMissP95 = Math.max(...Object.entries(r.misses).filter(([n]) => n.startsWith('search')).map(([, v]) => v.p95));
    out.push('\n| target | measured | verdict |');
    out.push('|---|---|---|');
    if (run.nginx) out.push(`| cached hub pages ≥ 0.5× nginx req/s | min ratio ${Math.min(...ratios).toFixed(2)} | ${verdict(Math.min(...ratios) >= 0.5)} |`);
    const p99 = Math.max(...cachedPages.map((p) => r.hits[p]!.p99));
    out.push(`| cached hub pages p99 ≤ 10 ms | max p99 ${p99} ms | ${verdict(p99 <= 10)} |`);
    out.push(`| cache-miss event page p95 ≤ 20 ms | ${ms(r.misses.event?.p95)} ms | ${verdict((r.misses.event?.p95 ?? Infinity) <= 20)} |`);
    out.push(`| search (miss) p95 ≤ 20 ms | worst query ${ms(searchMissP95)} ms | ${verdict(searchMissP95 <= 20)} |`);
    const listP95 = Math.max(r.admin.listFilter.p95, r.admin.listSearch.p95);
    out.push(`| admin list API p95 ≤ 30 ms | ${ms(listP95)} ms | ${verdict(listP95 <= 30)} |`);
    out.push(`| event update incl. invalidation p95 ≤ 30 ms | ${ms(r.admin.update.p95)} ms | ${verdict(r.admin.update.p95 <= 30)} |`);
    const hubJs = Math.max(...['home', 'hub', 'event', 'edition', 'search'].map((p) => r.js[p] ?? 0));
    out.push(`| hub pages 0 B JS (contact ≤ 10 KB gz) | max ${hubJs} B, contact ${r.js.contact ?? '–'} B | ${verdict(hubJs === 0 && (r.js.contact ?? 0) <= 10_240)} |`);
    const adminJs = Math.max(...Object.values(r.admin.firstLoadJs));
    out.push(`| admin first load ≤ 150 KB gz | max ${adminJs} B | ${verdict(adminJs <= 150 * 1024)} |`);
    const rss = Math.max(r.rssMb, r.rssFullMb);
    out.push(`| RSS ≤ 300 MB (front cache full) | ${rss.toFixed(0)} MB | ${verdict(rss <= 300)} |`);
  }
  return out.join('\n');
}
