import { describe, expect, it } from 'vitest';
import { parseWrk, wrkMs } from '../../bench/lib/load.ts';

const report = `Running 5s test @ http://127.0.0.1:4321/en
  1 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.10ms  402.11us  12.03ms   91.02%
    Req/Sec    29.40k     1.21k   31.01k    80.00%
  Latency Distribution
     50%  812.00us
     75%    1.20ms
     90%    1.51ms
     99%    2.34ms
  146310 requests in 5.00s, 1.18GB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:  29262.01
Transfer/sec:    241.47MB
`;

describe('wrk reports', () => {
  it('read throughput, percentiles, errors and non-2xx answers', () => {
    expect(parseWrk(report)).toEqual({ rps: 29262.01, p50: 0.812, p99: 2.34, errors: 3, non2xx: 4, requests: 146310 });
  });

  it('convert every duration unit wrk prints to milliseconds', () => {
    expect(wrkMs('812.00us')).toBeCloseTo(0.812);
    expect(wrkMs('1.20ms')).toBe(1.2);
    expect(wrkMs('1.01s')).toBe(1010);
    expect(wrkMs('n/a')).toBeNaN();
  });
});
