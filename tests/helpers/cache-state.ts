/** Whether the page cache answered: its `X-Cache` (HIT/MISS), null for a response it did not handle. */
export function cacheState(response: Response): string | null {
  return response.headers.get('x-cache');
}
