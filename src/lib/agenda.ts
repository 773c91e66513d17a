/**
 * A personal agenda is a list of event ids, kept in the visitor's browser and carried in URLs as
 * `?events=3,8,21` (share links, the agenda's calendar). Browser-safe: the star script and the
 * server read the same rules.
 */

/** Most events one agenda (and its calendar) may name: bounds the URL and the query. */
export const MAX_AGENDA_EVENTS = 100;

/** The key the star buttons keep the starred ids under in localStorage. */
export const AGENDA_STORAGE_KEY = 'edition-hub.agenda';

const ID_LIST = /^[1-9]\d{0,9}(?:,[1-9]\d{0,9})*$/;

/**
 * The ids of an `events` value, or null when it is not a comma-separated list of at most
 * MAX_AGENDA_EVENTS positive ids. Duplicates are dropped; the order is ascending.
 */
export function parseAgendaIds(value: string): number[] | null {
  if (!ID_LIST.test(value)) return null;
  const ids = [...new Set(value.split(',').map(Number))].filter(Number.isSafeInteger).sort((a, b) => a - b);
  return ids.length > 0 && ids.length <= MAX_AGENDA_EVENTS ? ids : null;
}

/** The canonical `events` value of a list of ids (one URL, one cache entry per agenda). */
export function formatAgendaIds(ids: readonly number[]): string {
  return [...new Set(ids)].sort((a, b) => a - b).join(',');
}
