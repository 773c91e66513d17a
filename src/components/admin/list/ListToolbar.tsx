/**
 * Search (debounced, server-side), filters, sort and page size of a list screen, plus the export
 * links that apply the same filters.
 */
import { paths } from '../../../lib/paths.ts';
import { useEffect, useId, useState } from 'react';
import type { Collection } from '../../../lib/collections/index.ts';
import type { FilterControl } from '../../../lib/collections/declare.ts';
import { apiRequest, type ListPage } from '../lib/api.ts';
import { itemOption, type RelationOption } from '../lib/describe.ts';
import { writeListState } from '../lib/list-state.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import type { ListController } from './use-list.ts';

const SEARCH_DEBOUNCE_MS = 300;

function RelationFilter({
  filter,
  value,
  onChange,
  label,
}: {
  filter: Extract<FilterControl, { kind: 'relation' }>;
  value: string;
  onChange: (v: string) => void;
  label: string;
}) {
  const { t, defaultLocale } = useAdmin();
  const id = useId();
  const [options, setOptions] = useState<RelationOption[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<ListPage>('GET', paths.adminApi(filter.collection, undefined, new URLSearchParams({ limit: '100' })), undefined, controller.signal)
      .then((result) => result.ok && setOptions(result.data.items.map((item) => itemOption(item, defaultLocale))))
      .catch(() => undefined);
    return () => controller.abort();
  }, [filter.collection, defaultLocale]);
  const known = options.some((option) => String(option.id) === value);
  return (
    <div className="admin-toolbar__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('admin.list.any')}</option>
        {value && !known && <option value={value}>#{value}</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ListToolbar({ config, list }: { config: Collection; list: ListController }) {
  const { t } = useAdmin();
  const ids = { search: useId(), sort: useId(), limit: useId() };
  const { state, change } = list;
  const [text, setText] = useState(state.q);
  // A query changed elsewhere (back button, a cleared filter) replaces what is in the box.
  const [shownQuery, setShownQuery] = useState(state.q);
  if (shownQuery !== state.q) {
    setShownQuery(state.q);
    setText(state.q);
  }
  useEffect(() => {
    if (text.trim() === state.q.trim()) return undefined;
    const timer = window.setTimeout(() => change({ q: text }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, state.q, change]);

  const exportHref = (format: 'csv' | 'json') => {
    const query = writeListState({ ...state, page: 1 }, config.listState);
    query.delete('page');
    query.delete('limit');
    query.set('format', format);
    return paths.adminApi(config.name, 'export', query);
  };
  const sortable = config.list.columns.filter((column) => column.sort);

  return (
    <div className="admin-toolbar">
      <form
        role="search"
        className="admin-toolbar__search"
        onSubmit={(event) => {
          event.preventDefault();
          change({ q: text });
        }}
      >
        <label htmlFor={ids.search}>{t('admin.list.search')}</label>
        <input
          id={ids.search}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={200}
          placeholder={t('admin.list.searchPlaceholder')}
        />
      </form>
      {config.list.controls.map((filter) => {
        const label = t(filter.label ?? `admin.filter.${filter.key}`);
        const value = state.filters[filter.key] ?? '';
        const onChange = (next: string) => change({ filters: { [filter.key]: next } });
        if (filter.kind === 'relation') return <RelationFilter key={filter.key} filter={filter} value={value} onChange={onChange} label={label} />;
        return (
          <div className="admin-toolbar__field" key={filter.key}>
            <label htmlFor={`${ids.search}-${filter.key}`}>{label}</label>
            <select id={`${ids.search}-${filter.key}`} value={value} onChange={(event) => onChange(event.target.value)}>
              <option value="">{t('admin.list.any')}</option>
              {filter.options.map((option) => (
                <option key={option} value={option}>
                  {t(`${filter.labelPrefix}${option}`)}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      <div className="admin-toolbar__field">
        <label htmlFor={ids.sort}>{t('admin.list.sort')}</label>
        <select id={ids.sort} value={state.sort} onChange={(event) => change({ sort: event.target.value })}>
          {sortable.flatMap((column) => [
            <option key={column.sort} value={column.sort}>
              {t('admin.list.sortAsc', { field: t(column.label ?? `admin.column.${column.key}`) })}
            </option>,
            <option key={`-${column.sort}`} value={`-${column.sort}`}>
              {t('admin.list.sortDesc', { field: t(column.label ?? `admin.column.${column.key}`) })}
            </option>,
          ])}
          {!sortable.some((column) => column.sort === state.sort.replace(/^-/, '')) && <option value={state.sort}>{state.sort}</option>}
        </select>
      </div>
      <div className="admin-toolbar__field">
        <label htmlFor={ids.limit}>{t('admin.list.perPage')}</label>
        <select id={ids.limit} value={state.limit} onChange={(event) => change({ limit: Number(event.target.value) })}>
          {config.listState.limits.map((limit) => (
            <option key={limit} value={limit}>
              {limit}
            </option>
          ))}
        </select>
      </div>
      <p className="admin-toolbar__export">
        {t('admin.list.export')}{' '}
        <a href={exportHref('csv')} download data-astro-reload>
          CSV
        </a>{' '}
        <a href={exportHref('json')} download data-astro-reload>
          JSON
        </a>
      </p>
    </div>
  );
}
