/**
 * Load and latency measurement for the benchmark. Loads are driven by `wrk` (a C load generator,
 * one thread) when it is installed, else by autocannon in a process of its own: on a small
 * machine a Node load generator saturates before a fast server does and flatters it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export interface LoadOptions {
  connections?: number;
  duration?: number;
  headers?: Record<string, string>;
}

export type LoadGenerator = 'wrk' | 'autocannon';

/** `wrk` when it is on the PATH, else autocannon. */
export function findLoadGenerator(): LoadGenerator {
  return spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk';
}

const worker = fileURLToPath(new URL('../load-worker.ts', import.meta.url));

function runAutocannon(url: string, { connections = 32, duration = 5, headers = {} }: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [worker, JSON.stringify({ url, connections, duration, headers })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load worker exited ${code}`))));
  });
}

/** A wrk duration (`812.00us`, `1.20ms`, `1.01s`) in milliseconds. */
export function wrkMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(match[1]) * scale;
}

/** The figures of wrk's `--latency` report. */
export function parseWrk(output: string): LoadResult {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: wrkMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? ''),
    p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? ''),
    errors: errors ? errors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
    non2xx: number(/Non-2xx or 3xx responses:\s+(\d+)/),
    requests: number(/(\d+) requests in/),
  };
}

function runWrk(url: string, { connections = 32, duration = 5, headers = {} }: LoadOptions): Promise<LoadResult> {
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${duration}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(parseWrk(out)) : reject(new Error(`wrk exited ${code}: ${out}`))));
  });
}

/** Drives `url` for `duration` seconds with `connections` connections. */
export function runLoad(generator: LoadGenerator, url: string, options: LoadOptions = {}): Promise<LoadResult> {
  return generator === 'wrk' ? runWrk(url, options) : runAutocannon(url, options);
}

/** Percentile of a list of numbers (nearest-rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Times `count` sequential calls of `request` (one at a time: latency of each request alone).
 * `prepare` runs before each call, outside the timing (e.g. the write that purges the page).
 */
export async function timeSequential(
  count: number,
  request: (i: number) => Promise<Response>,
  prepare: (i: number) => Promise<unknown> = async () => undefined,
): Promise<{ p50: number; p95: number; statuses: number[] }> {
  const timings: number[] = [];
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    await prepare(i);
    const started = performance.now();
    const response = await request(i);
    await response.arrayBuffer();
    timings.push(performance.now() - started);
    statuses.push(response.status);
  }
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), statuses };
}
