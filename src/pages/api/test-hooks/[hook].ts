/**
 * Test-only endpoints (404 unless `HUB_TEST_HOOKS=1`):
 *   GET /api/test-hooks/throw        → throws (→ 500 problem+json with a digest)
 *   GET /api/test-hooks/flaky?key=…  → throws on the first call per key, then 200 `{ ok, attempt }`
 */
import type { APIRoute } from 'astro';
import { areTestHooksEnabled, failFirstCall, InjectedFault } from '../../../server/errors/test-hooks.ts';
import { problem } from '../../../server/http/problem.ts';

export const prerender = false;

export const GET: APIRoute = ({ params, url }) => {
  if (!areTestHooksEnabled()) return problem(404, 'NOT_FOUND', 'Not found');
  switch (params.hook) {
    case 'throw':
      throw new InjectedFault('Deliberate failure in an API route (secret detail: do-not-leak-api)');
    case 'flaky':
      return Response.json(failFirstCall(url.searchParams.get('key') ?? 'default'), {
        headers: { 'Cache-Control': 'no-store' },
      });
    default:
      return problem(404, 'NOT_FOUND', 'Not found');
  }
};
