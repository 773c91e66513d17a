/**
 * Runs one autocannon load in its own process (so the load generator never shares a CPU
 * scheduler slot with the measuring script) and prints the summary as JSON on stdout.
 * argv[2]: JSON `{ url, connections, duration, headers? }`.
 */
import autocannon from 'autocannon';

const { url, connections, duration, headers } = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
};
const result = await autocannon({ url, connections, duration, headers: headers ?? {}, pipelining: 1 });
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    bytes: result.throughput.total,
  }),
);
