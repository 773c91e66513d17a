/**
 * Which cache answered: the front cache's `X-Cache` (HIT/MISS), else Astro's route cache
 * `X-Astro-Cache` (for responses that bypass the front cache).
 */
export function cacheState(response: Response): string | null {
  return response.headers.get('x-cache') ?? response.headers.get('x-astro-cache');
}
