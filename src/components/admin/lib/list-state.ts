/**
 * The state of a list screen (search, filters, sort, page, page size) and its round trip through
 * the page URL, so a list can be reloaded, bookmarked and shared. The same query string is what
 * the list API takes (`GET /api/admin/<collection>?…`).
 */
import type { ListStateConfig } from '../../../lib/collections/declare.ts';

export interface ListState {
  q: string;
  sort: string;
  page: number;
  limit: number;
  /** Filter name → value; absent or '' means no filter. */
  filters: Readonly<Record<string, string>>;
}

const MAX_PAGE = 100_000;

function positiveInt(raw: string | null, fallback: number, max: number): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : fallback;
}

/** Reads a list state from a query string; unknown or invalid values fall back to defaults. */
export function readListState(search: string | URLSearchParams, config: ListStateConfig): ListState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = params.get('sort') ?? '';
  const limit = positiveInt(params.get('limit'), config.defaultLimit, Number.MAX_SAFE_INTEGER);
  const filters: Record<string, string> = {};
  for (const key of config.filterKeys) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    sort: config.sorts.includes(sort) ? sort : config.defaultSort,
    page: positiveInt(params.get('page'), 1, MAX_PAGE),
    limit: config.limits.includes(limit) ? limit : config.defaultLimit,
    filters,
  };
}

/**
 * The canonical query string of a state: fixed key order, defaults left out, so equal states give
 * equal URLs. With `forApi`, sort and limit are always spelled out.
 */
export function writeListState(state: ListState, config: ListStateConfig, { forApi = false } = {}): URLSearchParams {
  const params = new URLSearchParams();
  const q = state.q.trim();
  if (q) params.set('q', q);
  for (const key of config.filterKeys) {
    const value = state.filters[key];
    if (value) params.set(key, value);
  }
  if (forApi || state.sort !== config.defaultSort) params.set('sort', state.sort);
  if (forApi || state.page !== 1) params.set('page', String(state.page));
  if (forApi || state.limit !== config.defaultLimit) params.set('limit', String(state.limit));
  return params;
}

/** Applies a change; anything but a page change goes back to page 1 (the old page may not exist). */
export function updateListState(state: ListState, change: Partial<Omit<ListState, 'filters'>> & { filters?: Record<string, string> }): ListState {
  const next: ListState = { ...state, ...change, filters: change.filters ? { ...state.filters, ...change.filters } : state.filters };
  const onlyPage = Object.keys(change).every((key) => key === 'page');
  if (!onlyPage) next.page = 1;
  return next;
}

/** Number of pages for `total` items (at least 1, so "page 1 of 1" shows for an empty list). */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The next sort when a column header is activated: same field flips direction, else ascending. */
export function toggleSort(current: string, field: string): string {
  if (current === field) return `-${field}`;
  return field;
}

/** Splits `-field` into field and direction. */
export function sortDirection(sort: string, field: string): 'ascending' | 'descending' | 'none' {
  if (sort === field) return 'ascending';
  if (sort === `-${field}`) return 'descending';
  return 'none';
}
