/**
 * The starred event ids in the visitor's browser. Storage may be refused (private modes, blocked
 * site data): the star then still toggles on the page, and nothing is kept.
 */
import { AGENDA_STORAGE_KEY, MAX_AGENDA_EVENTS } from './agenda.ts';

/** The starred ids in the order they were starred; anything unreadable counts as none. */
export function readStarred(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(AGENDA_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter((id): id is number => Number.isSafeInteger(id) && id > 0);
  } catch {
    return [];
  }
}

/** Keeps `ids` (at most the agenda's limit, the most recently starred last). */
export function writeStarred(ids: readonly number[]): void {
  try {
    localStorage.setItem(AGENDA_STORAGE_KEY, JSON.stringify([...new Set(ids)].slice(-MAX_AGENDA_EVENTS)));
  } catch {
    // Storage refused: the page still shows the star; there is nowhere to keep it.
  }
}
