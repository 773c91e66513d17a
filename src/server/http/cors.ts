/**
 * CORS for public reads that carry no credentials and differ for no one: the public API, schedule
 * exports, feeds and calendars, so another site's app or page may fetch them. `*` never goes with
 * credentials, and nothing behind a session sends it (docs/decisions/023-calendars-and-feeds.md).
 */
export const publicReadCors: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag',
};
