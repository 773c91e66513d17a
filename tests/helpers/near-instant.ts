/**
 * Instants the running server acts on by itself ("Publish changes at", `publishAt`,
 * `unpublishAt`), for tests that must not race the clock: every "before" check is made while the
 * instant is an hour ahead, where the server's own rounds leave it alone; only then is it moved a
 * moment ahead, and the test only waits (for a state) afterwards. A loaded machine can take seconds
 * per request, so nothing a test asserts may depend on a request finishing before a near instant.
 */
import { expect } from 'vitest';

/** An hour: an instant this far ahead stays ahead for the whole test, however slow the machine. */
export const HOUR_MS = 3_600_000;

/** An hour from now. */
export const anHourAhead = (): Date => new Date(Date.now() + HOUR_MS);

interface Answer {
  status: number;
  body: { errors?: Record<string, string[]> } & Record<string, unknown>;
}

/**
 * Schedules a moment ahead through `put` (an API call that refuses an instant already past with
 * 422 `<field>: NOT_IN_FUTURE`) and returns the instant the server took. A request that reaches a
 * slow server after its instant is rightly refused; then a later instant is asked for, twice as
 * far ahead, so the move itself cannot fail on a loaded machine.
 */
export async function scheduleSoon(put: (at: Date) => Promise<Answer>, field = 'scheduledAt'): Promise<{ at: Date; answer: Answer }> {
  for (let marginMs = 1_000; ; marginMs *= 2) {
    const at = new Date(Date.now() + marginMs);
    const answer = await put(at);
    if (answer.status === 200) return { at, answer };
    // Anything but "too late" is a real failure; and a margin of a minute not being enough is one too.
    expect(answer.body.errors?.[field], JSON.stringify(answer.body)).toEqual(['NOT_IN_FUTURE']);
    expect(marginMs, 'a request took over a minute').toBeLessThan(60_000);
  }
}

/** The `s-maxage` of a Cache-Control header, in seconds. */
export function sMaxAgeOf(cacheControl: string | null): number {
  const match = /s-maxage=(\d+)/.exec(cacheControl ?? '');
  expect(match, `s-maxage in ${cacheControl}`).not.toBeNull();
  return Number(match![1]);
}

/**
 * Asserts that a response rendered while `at` was still ahead may be kept by no cache past `at`:
 * its `s-maxage` is at most the whole seconds from `requestedAt` (taken before the request was
 * sent, so the server's own clock read later) to `at`, and it allows no stale-while-revalidate.
 */
export function expectKeptNoLaterThan(cacheControl: string | null, at: Date, requestedAt: number): void {
  expect(sMaxAgeOf(cacheControl)).toBeLessThanOrEqual(Math.max(1, Math.ceil((at.getTime() - requestedAt) / 1000)));
  expect(cacheControl).toContain('stale-while-revalidate=0');
}
