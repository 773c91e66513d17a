import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { crawlCold } from '../../bench/lib/crawl.ts';
import type { LoadGenerator } from '../../bench/lib/load.ts';

const slugs = Array.from({ length: 40 }, (_, i) => `event-${i}`);
let server: Server | undefined;

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A stand-in for the hub on loopback: records what it is asked, one slug answers 404. */
async function recordingServer(): Promise<{ origin: string; asked: string[]; encodings: Set<string> }> {
  const asked: string[] = [];
  const encodings = new Set<string>();
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    encodings.add(String(req.headers['accept-encoding']));
    res.writeHead(req.url === '/en/hub/event/event-7' ? 404 : 200, { 'content-type': 'text/html' }).end('<p>page</p>');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, encodings };
}

// `wrk` is installed by .ci/run (the benchmark's crawl uses it when present); fetch is the fallback.
describe.each<LoadGenerator>(['wrk', 'autocannon'])('the cold crawl with %s', (generator) => {
  it('asks every event page once, as a browser would, and counts what failed', async () => {
    const { origin, asked, encodings } = await recordingServer();
    const result = await crawlCold(generator, origin, slugs, 4);
    expect(result.pages).toBe(slugs.length);
    expect(result.failures).toBe(1);
    expect(result.pagesPerSecond).toBeGreaterThan(0);
    const pages = asked.filter((url) => !url.includes('?'));
    expect(pages.toSorted()).toEqual(slugs.map((slug) => `/en/hub/event/${slug}`).toSorted());
    expect([...encodings]).toEqual(['br, gzip']);
  });
});
