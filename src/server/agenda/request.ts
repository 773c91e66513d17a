/**
 * Reads the `events` query of the agenda page and its calendar. Anything but `events` (one
 * comma-separated list of ids) is refused, so a typo never silently yields an empty agenda; a
 * valid list in another order is redirected to its canonical form (one URL per agenda).
 */
import { formatAgendaIds, parseAgendaIds } from '../../lib/agenda.ts';

export type AgendaQuery =
  | { kind: 'ids'; ids: number[] }
  /** No `events`: the visitor's own agenda, which only their browser knows. */
  | { kind: 'none' }
  | { kind: 'invalid' }
  | { kind: 'redirect'; search: string };

/** Classifies an agenda URL's query string. */
export function readAgendaQuery(params: URLSearchParams): AgendaQuery {
  const keys = [...params.keys()];
  if (keys.length === 0) return { kind: 'none' };
  if (keys.length !== 1 || keys[0] !== 'events') return { kind: 'invalid' };
  const ids = parseAgendaIds(params.get('events') ?? '');
  if (!ids) return { kind: 'invalid' };
  const canonical = `events=${formatAgendaIds(ids)}`;
  // URLSearchParams would write the commas as %2C: compare the decoded value.
  return params.toString().replaceAll('%2C', ',') === canonical ? { kind: 'ids', ids } : { kind: 'redirect', search: `?${canonical}` };
}
