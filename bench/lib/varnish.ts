/**
 * The Varnish leg of the benchmark (`--varnish`, docs/decisions/050): a single-process server
 * purging a real Varnish (the shipped VCL) by tag. It measures cached pages through Varnish
 * against nginx serving the same bytes, page by page in the same run, and correction-to-visible:
 * from an admin's save (request sent) until the next request through Varnish shows it, over a
 * series of corrections of a page Varnish held. Needs `varnishd` with varnish-modules.
 */
import type { TestServer } from '../../tests/helpers/server.ts';
import { freePort, startVarnish } from '../../tests/helpers/varnish.ts';
import { makeTempDir } from '../../tests/helpers/db.ts';
import { percentile, runLoad, type LoadGenerator, type LoadResult } from './load.ts';
import { startNginx } from './nginx.ts';

export interface VarnishReport {
  hits: Record<string, { varnish: LoadResult; nginx?: LoadResult }>;
  /** Milliseconds from a save to the corrected page through Varnish. */
  correction: { samples: number; p50: number; p95: number; max: number };
}

export interface VarnishLegOptions {
  /** Starts the app with these extra variables (the bench's server settings). */
  startServer: (env: Record<string, string>) => Promise<TestServer>;
  signIn: (origin: string) => Promise<string>;
  generator: LoadGenerator;
  nginx: string | null;
  connections: number;
  duration: number;
  pages: Record<string, string>;
  /** The event whose page is corrected, and that page. */
  event: { id: number; path: string };
  corrections?: number;
}

const GZIP = { 'accept-encoding': 'gzip' };

/** True when the response came from Varnish's cache (`X-Varnish` names two requests). */
const isHit = (response: Response) => (response.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2;

async function fillVarnish(origin: string, path: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(origin + path, { headers: GZIP });
    await response.arrayBuffer();
    if (isHit(response)) return;
  }
  throw new Error(`bench: Varnish does not keep ${path}`);
}

export async function measureVarnish(options: VarnishLegOptions): Promise<VarnishReport> {
  const { generator, connections, duration, pages, event, corrections = 20 } = options;
  const port = await freePort();
  const server = await options.startServer({ HUB_PURGE_VARNISH: `http://127.0.0.1:${port}` });
  const varnish = await startVarnish(port, new URL(server.origin));
  try {
    const hits: VarnishReport['hits'] = {};
    const html: Record<string, string> = {};
    for (const [name, path] of Object.entries(pages)) html[name] = await (await fetch(server.origin + path)).text();
    const dir = makeTempDir('hub-bench-varnish-nginx-');
    const staticServer = options.nginx ? await startNginx(options.nginx, dir, await freePort(), html) : undefined;
    try {
      for (const [name, path] of Object.entries(pages)) {
        await fillVarnish(varnish.origin, path);
        const throughVarnish = await runLoad(generator, varnish.origin + path, { connections, duration, headers: GZIP });
        if (throughVarnish.non2xx > 0 || throughVarnish.errors > 0) throw new Error(`Varnish failed ${name}: ${JSON.stringify(throughVarnish)}`);
        console.log(`Varnish ${name} gzip: ${throughVarnish.rps.toFixed(0)} req/s, p99 ${throughVarnish.p99.toFixed(2)} ms`);
        hits[name] = { varnish: throughVarnish };
        if (!staticServer) continue;
        hits[name].nginx = await runLoad(generator, `${staticServer.origin}/${name}.html`, { connections, duration, headers: GZIP });
        console.log(`nginx ${name} gzip: ${hits[name].nginx!.rps.toFixed(0)} req/s (Varnish ${(throughVarnish.rps / hits[name].nginx!.rps).toFixed(2)}×)`);
      }
    } finally {
      staticServer?.stop();
    }

    const cookie = await options.signIn(server.origin);
    const headers = { cookie, origin: server.origin, 'content-type': 'application/json' };
    const timings: number[] = [];
    for (let i = 0; i < corrections; i++) {
      await fillVarnish(varnish.origin, event.path);
      const { version } = (await (await fetch(`${server.origin}/api/admin/events/${event.id}`, { headers })).json()) as { version: number };
      const title = `Varnish correction ${i} ${Date.now()}`;
      const started = performance.now();
      const saved = await fetch(`${server.origin}/api/admin/events/${event.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ version, translations: { en: { title } } }),
      });
      if (!saved.ok) throw new Error(`bench: correcting event ${event.id} answered ${saved.status}`);
      await saved.arrayBuffer();
      // Requests back to back until the correction shows: each one is what a visitor would get.
      for (;;) {
        const body = await (await fetch(varnish.origin + event.path)).text();
        if (body.includes(title)) break;
        if (performance.now() - started > 60_000) throw new Error('bench: a correction did not show through Varnish within 60 s');
      }
      timings.push(performance.now() - started);
    }
    const correction = { samples: timings.length, p50: percentile(timings, 50), p95: percentile(timings, 95), max: Math.max(...timings) };
    console.log(`correction to visible through Varnish: p50 ${correction.p50.toFixed(0)} ms, p95 ${correction.p95.toFixed(0)} ms (${timings.length} saves)`);
    return { hits, correction };
  } finally {
    await varnish.stop();
    await server.stop();
  }
}

/** The leg's Markdown table. */
export function renderVarnishReport(events: number, report: VarnishReport): string {
  const rows = Object.entries(report.hits).map(([name, { varnish, nginx }]) => {
    const ratio = nginx ? (varnish.rps / nginx.rps).toFixed(2) : '—';
    return `| ${name} | ${varnish.rps.toFixed(0)} | ${nginx ? nginx.rps.toFixed(0) : '—'} | ${ratio} |`;
  });
  return [
    `### Varnish, ${events} events (gzip)`,
    '',
    '| page | Varnish req/s | nginx req/s | Varnish / nginx |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    '',
    `Correction to visible through Varnish: p50 ${report.correction.p50.toFixed(0)} ms, p95 ${report.correction.p95.toFixed(0)} ms, max ${report.correction.max.toFixed(0)} ms over ${report.correction.samples} saves.`,
  ].join('\n');
}
