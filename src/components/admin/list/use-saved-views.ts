/**
 * The signed-in person's saved views of one list (docs/decisions/063): loaded once, changed
 * through the views API, and matched against the list's state, so the quick-pick shows the view
 * the list is showing (if any). Applying a view changes the list's state like its own controls do.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Collection } from '../../../lib/collections/index.ts';
import type { SavedView, SavedViewPatch } from '../../../lib/admin-schemas/saved-views.ts';
import { paths } from '../../../lib/paths.ts';
import { apiRequest, type ApiResult } from '../lib/api.ts';
import { readListState, writeListState, type ListState } from '../lib/list-state.ts';
import type { ListController } from './use-list.ts';

/** A list state's query as a view keeps it: canonical, defaults and the page left out. */
export function viewQueryOf(state: ListState, config: Collection): Record<string, string> {
  return Object.fromEntries(writeListState({ ...state, page: 1 }, config.listState));
}

/** The canonical query string a view's query opens the list with. */
function canonicalOf(query: Record<string, string>, config: Collection): string {
  return writeListState(readListState(new URLSearchParams(query), config.listState), config.listState).toString();
}

export function useSavedViews(config: Collection, list: ListController) {
  const [views, setViews] = useState<SavedView[] | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<{ views: SavedView[] }>('GET', paths.adminApiViews(config.name), undefined, controller.signal)
      .then((result) => {
        if (result.ok) setViews(result.data.views);
        else setLoadProblem(result.problem.code);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [config.name]);

  const currentQuery = writeListState({ ...list.state, page: 1 }, config.listState).toString();
  const current = useMemo(() => views?.find((view) => canonicalOf(view.query, config) === currentQuery), [views, currentQuery, config]);

  const { change } = list;
  const apply = useCallback(
    (view: SavedView) => {
      const state = readListState(new URLSearchParams(view.query), config.listState);
      // Every filter is named, so one the view leaves unset is cleared.
      const filters = Object.fromEntries(config.listState.filterKeys.map((key) => [key, state.filters[key] ?? '']));
      change({ q: state.q, sort: state.sort, limit: state.limit, filters });
    },
    [change, config],
  );

  /** Replaces (or adds) a view in the list as the API answered it; a new default unmarks the old. */
  const keep = useCallback((saved: SavedView) => {
    setViews((known) => {
      const others = (known ?? []).filter((view) => view.id !== saved.id).map((view) => (saved.isDefault ? { ...view, isDefault: false } : view));
      return [...others, saved].sort((a, b) => a.name.localeCompare(b.name));
    });
  }, []);

  const create = useCallback(
    async (name: string, isDefault: boolean): Promise<ApiResult<SavedView>> => {
      const result = await apiRequest<SavedView>('POST', paths.adminApiViews(config.name), { name, isDefault, query: viewQueryOf(list.state, config) });
      if (result.ok) keep(result.data);
      return result;
    },
    [config, list.state, keep],
  );

  const update = useCallback(
    async (view: SavedView, patch: SavedViewPatch): Promise<ApiResult<SavedView>> => {
      const result = await apiRequest<SavedView>('PATCH', paths.adminApiViews(config.name, view.id), patch);
      if (result.ok) keep(result.data);
      return result;
    },
    [config, keep],
  );

  const remove = useCallback(
    async (view: SavedView): Promise<ApiResult<null>> => {
      const result = await apiRequest<null>('DELETE', paths.adminApiViews(config.name, view.id));
      // Already gone (deleted in another tab) is what was asked for.
      if (result.ok || result.status === 404) setViews((known) => (known ?? []).filter((other) => other.id !== view.id));
      return result;
    },
    [config],
  );

  return { views, loadProblem, current, apply, create, update, remove };
}
