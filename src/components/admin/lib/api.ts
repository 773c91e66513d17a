/**
 * The islands' client of the admin JSON API. Every call resolves — never throws — to either the
 * data or the problem+json the server sent, so screens can put field errors next to their fields
 * and translate the stable `code`. A network failure is reported as code `NETWORK_ERROR`.
 */
import type { Usage } from '../../../lib/collections/usage.ts';

export interface Problem {
  status: number;
  code: string;
  title: string;
  errors?: Record<string, string[]>;
  digest?: string;
  /** Extensions the screens act on: `current` (409 conflict), `suggestion` (slug), `usages`… */
  [extension: string]: unknown;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; problem: Problem };

/** The problem+json of a failed response, or one made from its status. */
export async function readProblem(response: Response): Promise<Problem> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // A body that is not JSON (a proxy's error page) still fails with the status.
  }
  return {
    ...body,
    status: response.status,
    code: typeof body['code'] === 'string' ? body['code'] : `HTTP_${response.status}`,
    title: typeof body['title'] === 'string' ? body['title'] : response.statusText,
  };
}

/** What the client needs of `fetch`: the browser's, or a test's stub answering real `Response`s. */
export type Fetch = (path: string, init: RequestInit) => Promise<Response>;

/** Sends one request; `body` is sent as JSON. */
export function apiRequest<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<ApiResult<T>> {
  return sendRequest<T>((url, init) => fetch(url, init), method, path, body, signal);
}

/** Sends one request through `fetcher`; `body` is sent as JSON. */
export async function sendRequest<T>(fetcher: Fetch, method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetcher(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, status: 0, problem: { status: 0, code: 'NETWORK_ERROR', title: 'Network error' } };
  }
  if (!response.ok) return { ok: false, status: response.status, problem: await readProblem(response) };
  const data = response.status === 204 ? (null as T) : ((await response.json()) as T);
  return { ok: true, status: response.status, data };
}

/** One page of a list, as `GET /api/admin/<collection>` answers. */
export interface ListPage<T = ListItem> {
  items: T[];
  /** Exact, or the count cap when `totalCapped` (a full-text search stops counting there). */
  total: number;
  totalCapped: boolean;
  page: number;
  limit: number;
  /** A person limited to some editions: how many matching items they may change (decision 059). */
  changeableTotal?: number;
}

export type Completeness = 'complete' | 'partial' | 'missing';

export interface ListItem {
  id: number;
  title?: string | null;
  slug?: string;
  status?: 'draft' | 'published' | 'archived';
  locales?: Record<string, Completeness>;
  version?: number;
  /** Outside the viewer's edition scope: shown, linked, never selected (decision 059). */
  readOnly?: boolean;
  [field: string]: unknown;
}

export type { Usage };

/** The usages listed in a problem or an item, if any. */
export function usagesOf(source: Record<string, unknown> | undefined): { usages: Usage[]; total: number } {
  const direct = source?.['usages'];
  if (Array.isArray(direct)) return { usages: direct as Usage[], total: Number(source?.['usageCount'] ?? direct.length) };
  const nested = source?.['usedBy'] as { usages?: Usage[]; total?: number } | undefined;
  if (nested && Array.isArray(nested.usages)) return { usages: nested.usages, total: nested.total ?? nested.usages.length };
  return { usages: [], total: 0 };
}

/** Values the translated sentence of a problem may interpolate (`{{suggestion}}`, `{{count}}`). */
export function problemVars(problem: Problem): Record<string, string | number> {
  const vars: Record<string, string | number> = {};
  if (typeof problem['suggestion'] === 'string') vars['suggestion'] = problem['suggestion'];
  if (typeof problem['usageCount'] === 'number') vars['count'] = problem['usageCount'];
  if (typeof problem['permission'] === 'string') vars['permission'] = problem['permission'];
  return vars;
}
