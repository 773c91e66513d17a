/**
 * Fault injection for the error-handling tests. Compiled into every build but inert unless the
 * server runs with `HUB_TEST_HOOKS=1`; the routes using it answer 404 otherwise.
 */

/** True only when the process was started with `HUB_TEST_HOOKS=1`. */
export function areTestHooksEnabled(): boolean {
  return process.env.HUB_TEST_HOOKS === '1';
}

/** The exception the hooks throw; its message must never reach a visitor. */
export class InjectedFault extends Error {
  override name = 'InjectedFault';
}

const flakyCalls = new Map<string, number>();

/** Fails the first call for `key` and succeeds afterwards: a transient failure. */
export function failFirstCall(key: string): { ok: true; attempt: number } {
  const attempt = (flakyCalls.get(key) ?? 0) + 1;
  if (flakyCalls.size > 1_000) flakyCalls.clear();
  flakyCalls.set(key, attempt);
  if (attempt === 1) throw new InjectedFault(`Transient failure injected for ${key}`);
  return { ok: true, attempt };
}
