/** Admin API figures: list latency (filter + search) and the write path (update + invalidation). */
import { measureJsOfHtml } from './js-bytes.ts';
import { timeSequential } from './load.ts';
import type { Samples } from './samples.ts';

const EMAIL = 'bench-admin@bench.example';
const PASSWORD = 'bench-password-0f-some-length';

/** Signs the benchmark's admin in (signing it up on a fresh database); the session cookie. */
export async function signIn(origin: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin };
  const signInOnce = () =>
    fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
  let response = await signInOnce();
  if (!response.ok) {
    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench', email: EMAIL, password: PASSWORD }),
    });
    if (!signUp.ok) throw new Error(`bench sign-up failed: ${signUp.status} ${await signUp.text()}`);
    // Sign-up creates the account without opening a session (no cookie, `token: null`), so on a
    // fresh database the admin calls would answer 401: sign in once the account exists.
    response = await signInOnce();
  }
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0])
    .join('; ');
}

export interface AdminFigures {
  listFilter: { p50: number; p95: number };
  listSearch: { p50: number; p95: number };
  update: { p50: number; p95: number };
  statuses: number[];
  /** Gzipped JS of the first load of admin screens (signed in), by path. */
  firstLoadJs: Record<string, number>;
}

/** Renames event `id` through the admin API (a real write that purges its pages). */
export async function renameEvent(origin: string, cookie: string, id: number): Promise<void> {
  const headers = { cookie, origin, 'content-type': 'application/json' };
  const { version } = (await (await fetch(`${origin}/api/admin/events/${id}`, { headers })).json()) as { version: number };
  const response = await fetch(`${origin}/api/admin/events/${id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ version, translations: { en: { title: `Bench title ${Date.now()}` } } }),
  });
  if (!response.ok) throw new Error(`bench: renaming event ${id} answered ${response.status}`);
  await response.arrayBuffer();
}

export async function measureAdmin(origin: string, cookie: string, samples: Samples, count: number): Promise<AdminFigures> {
  const headers = { cookie, origin };
  // Unmeasured first calls: a freshly started server compiles the admin API's code on them.
  for (const path of ['/api/admin/events?status=published&limit=50', '/api/admin/events?status=published&q=concert&limit=50']) {
    await timeSequential(5, () => fetch(origin + path, { headers }));
  }
  const listFilter = await timeSequential(count, () =>
    fetch(`${origin}/api/admin/events?status=published&sort=-startsAt&limit=50&page=${1 + (count % 5)}`, { headers }),
  );
  const listSearch = await timeSequential(count, (i) =>
    fetch(`${origin}/api/admin/events?status=published&q=${['concert', 'atelier', 'talk', 'jazz', 'film'][i % 5]}&limit=50`, { headers }),
  );
  let version = ((await (await fetch(`${origin}/api/admin/events/${samples.eventId}`, { headers })).json()) as { version: number }).version;
  const update = await timeSequential(count, async (i) => {
    const response = await fetch(`${origin}/api/admin/events/${samples.eventId}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ version, translations: { en: { title: `Benchmark title ${i} ${Date.now()}` } } }),
    });
    const copy = response.clone();
    if (response.ok) version = ((await copy.json()) as { version: number }).version;
    return response;
  });
  const firstLoadJs: Record<string, number> = {};
  for (const path of ['/en/admin', '/en/admin/events', `/en/admin/events/${samples.eventId}`, '/en/admin/events/new']) {
    const response = await fetch(origin + path, { headers });
    if (!response.ok) throw new Error(`bench: ${path} answered ${response.status}`);
    firstLoadJs[path] = await measureJsOfHtml(origin, await response.text());
  }
  return {
    firstLoadJs,
    listFilter: { p50: listFilter.p50, p95: listFilter.p95 },
    listSearch: { p50: listSearch.p50, p95: listSearch.p95 },
    update: { p50: update.p50, p95: update.p95 },
    statuses: [...new Set([...listFilter.statuses, ...listSearch.statuses, ...update.statuses])],
  };
}
