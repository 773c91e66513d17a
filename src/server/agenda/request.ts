/**
 * Reads the `events` query of the agenda page and its calendar. Anything but `events` (one
 * comma-separated list of ids) and the visitor's zone (`tz`, which the page reads and validates
 * like every hub page) is refused, so a typo never silently yields an empty agenda; a valid list
 * in another order is redirected to its canonical form (one URL per agenda and zone).
 */
import { formatAgendaIds, parseAgendaIds } from '../../lib/agenda.ts';
import { VIEW_ZONE_PARAM } from '../../lib/view-zone.ts';

export type AgendaQuery =
  | { kind: 'ids'; ids: number[] }
  /** No `events`: the visitor's own agenda, which only their browser knows. */
  | { kind: 'none' }
  | { kind: 'invalid' }
  | { kind: 'redirect'; search: string };

/** Classifies an agenda URL's query string. */
export function readAgendaQuery(params: URLSearchParams): AgendaQuery {
  const keys = [...params.keys()].filter((key) => key !== VIEW_ZONE_PARAM);
  if (keys.length === 0) return { kind: 'none' };
  if (keys.length !== 1 || keys[0] !== 'events') return { kind: 'invalid' };
  const ids = parseAgendaIds(params.get('events') ?? '');
  if (!ids) return { kind: 'invalid' };
  // The zone is kept as given (last), so an unknown one reaches the page and is answered there.
  const canonical = new URLSearchParams({ events: formatAgendaIds(ids) });
  for (const zone of params.getAll(VIEW_ZONE_PARAM)) canonical.append(VIEW_ZONE_PARAM, zone);
  // URLSearchParams would write the commas as %2C: compare the decoded value.
  const search = canonical.toString().replaceAll('%2C', ',');
  return params.toString().replaceAll('%2C', ',') === search ? { kind: 'ids', ids } : { kind: 'redirect', search: `?${search}` };
}
