/**
 * State of a list screen: the URL-backed query, the current page from the API, the selection.
 * Every change of the query is written to the URL (so reload, bookmark and share keep it) and
 * fetches again; an answer to an older query is dropped. A filter, sort or page change is a new
 * history entry (Back returns to the previous view); typing in the search box replaces the entry,
 * so a word is not a dozen entries.
 */
import { paths } from '../../../lib/paths.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useThrowToBoundary } from '../../errors/index.ts';
import type { Collection } from '../../../lib/collections/index.ts';
import { claimSamePageTraversals } from '../lib/same-page-history.ts';
import { apiRequest, type ListItem, type ListPage, type Problem } from '../lib/api.ts';
import { readListState, updateListState, writeListState, type ListState } from '../lib/list-state.ts';

export function useList(config: Collection, initialSearch: string) {
  const [state, setState] = useState<ListState>(() => readListState(initialSearch, config.listState));
  const [page, setPage] = useState<ListPage<ListItem> | null>(null);
  // The query and reload the current page answers; any other means a fetch is under way.
  const [answered, setAnswered] = useState<{ state: ListState; reloads: number } | null>(null);
  const [receivedAt, setReceivedAt] = useState(0);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [selected, setSelectedRows] = useState<ReadonlySet<number>>(new Set());
  // "All N matching" (decision 057): the selection is the list's query, not the page's rows.
  const [allMatching, setAllMatching] = useState(false);
  const setSelected = useCallback((next: ReadonlySet<number> | ((current: ReadonlySet<number>) => ReadonlySet<number>)) => {
    setAllMatching(false);
    setSelectedRows(next);
  }, []);
  const [reloads, setReloads] = useState(0);
  const throwToBoundary = useThrowToBoundary();
  // How the next state reaches the URL: the first one and the search box's replace the entry.
  const historyMode = useRef<'push' | 'replace'>('replace');

  useEffect(() => {
    const query = writeListState(state, config.listState);
    const url = `${window.location.pathname}${query.size ? `?${query}` : ''}`;
    // Keep the router's history state: Astro's ClientRouter stores its own data in it.
    if (`${window.location.pathname}${window.location.search}` !== url) {
      if (historyMode.current === 'push') window.history.pushState(window.history.state, '', url);
      else window.history.replaceState(window.history.state, '', url);
    }
    historyMode.current = 'replace';
    const controller = new AbortController();
    apiRequest<ListPage<ListItem>>(
      'GET',
      paths.adminApi(config.name, undefined, writeListState(state, config.listState, { forApi: true })),
      undefined,
      controller.signal,
    )
      .then((result) => {
        if (controller.signal.aborted) return;
        setAnswered({ state, reloads });
        if (result.ok) {
          setPage(result.data);
          setReceivedAt(Date.now());
          setProblem(null);
          setSelected(new Set());
        } else if (result.status >= 500) {
          throwToBoundary(Object.assign(new Error(result.problem.title), { digest: result.problem.digest }));
        } else {
          setProblem(result.problem);
        }
      })
      .catch(() => {
        // Aborted by a newer query.
      });
    return () => controller.abort();
  }, [state, config, reloads, throwToBoundary, setSelected]);

  // Back and Forward between two views of this list: the list reads the URL again and reloads,
  // instead of the ClientRouter fetching the whole page (same-page-history.ts).
  useEffect(() => {
    const listPath = window.location.pathname;
    return claimSamePageTraversals(() => {
      if (window.location.pathname !== listPath || !document.querySelector(`[data-screen="list-${config.name}"]`)) return false;
      historyMode.current = 'replace';
      setState(readListState(window.location.search, config.listState));
      return true;
    });
  }, [config]);

  const change = useCallback((patch: Parameters<typeof updateListState>[1]) => {
    historyMode.current = Object.keys(patch).every((key) => key === 'q') ? 'replace' : 'push';
    setState((current) => updateListState(current, patch));
  }, []);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  // Deleted rows leave the table in the same render that closes the confirmation: a row link left
  // under the pointer would otherwise be prefetched (the ClientRouter prefetches on hover) and 404.
  const drop = useCallback(
    (ids: readonly number[]) => {
      const gone = new Set(ids);
      // A capped total ("more than N") stays what it was: more than N may still match.
      setPage(
        (current) =>
          current && {
            ...current,
            items: current.items.filter((item) => !gone.has(item.id)),
            total: current.totalCapped ? current.total : Math.max(0, current.total - gone.size),
          },
      );
      setSelected(new Set());
    },
    [setSelected],
  );
  const toggle = useCallback(
    (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [setSelected],
  );
  const setAll = useCallback((ids: readonly number[]) => setSelected(new Set(ids)), [setSelected]);
  const selectAllMatching = useCallback(() => setAllMatching(true), []);
  /** The list's query as the API reads it, for a bulk action on every matching item. */
  const matchingQuery = useCallback(
    (): Record<string, string> => Object.fromEntries(writeListState(state, config.listState, { forApi: true })),
    [state, config],
  );

  const loading = answered?.state !== state || answered.reloads !== reloads;
  return { state, page, receivedAt, loading, problem, selected, allMatching, change, reload, drop, toggle, setAll, selectAllMatching, matchingQuery };
}

export type ListController = ReturnType<typeof useList>;
