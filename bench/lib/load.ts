/** Load and latency measurement helpers for the benchmark. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

const worker = fileURLToPath(new URL('../load-worker.ts', import.meta.url));

/** Drives `url` with autocannon in a separate process. */
export function runLoad(url: string, { connections = 32, duration = 5, headers = {} as Record<string, string> } = {}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [worker, JSON.stringify({ url, connections, duration, headers })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load worker exited ${code}`))));
  });
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
