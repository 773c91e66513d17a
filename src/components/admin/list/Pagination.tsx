/**
 * Previous / next page, where we are ("Page 2 of 7 · 160 events", or "Page 2 · More than 1,000
 * events"), and, when there are more than two pages, a jump to any of them.
 */
import { useId, useState, type FormEvent } from 'react';
import { pageCount } from '../lib/list-state.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import type { ListController } from './use-list.ts';

/** "Go to page [n]": a page number within 1…pages; anything else is said next to the field. */
function PageJump({ list, pages }: { list: ListController; pages: number }) {
  const { t } = useAdmin();
  const id = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const page = Number(value);
    if (!Number.isInteger(page) || page < 1 || page > pages) return setInvalid(true);
    setInvalid(false);
    setValue('');
    list.change({ page });
  };
  return (
    <form className="admin-pagination__jump" onSubmit={submit} noValidate>
      <label htmlFor={id}>{t('admin.list.jumpLabel')}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={pages}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
      />
      <button type="submit" className="admin-button" disabled={list.loading}>
        {t('admin.list.jump')}
      </button>
      {invalid && (
        <span className="admin-field__errors" id={`${id}-error`} role="alert">
          {t('admin.list.jumpInvalid', { pages })}
        </span>
      )}
    </form>
  );
}

export function Pagination({ list, totalLabel }: { list: ListController; totalLabel: string }) {
  const { t } = useAdmin();
  if (!list.page) return null;
  const current = list.state.page;
  // A capped total ("more than 1,000") has no last page: a next page exists while this one is full.
  const pages = list.page.totalCapped ? null : pageCount(list.page.total, list.state.limit);
  const hasNext = pages === null ? list.page.items.length >= list.state.limit : current < pages;
  return (
    <nav className="admin-pagination" aria-label={t('admin.list.pagination')}>
      <button type="button" className="admin-button" disabled={current <= 1 || list.loading} onClick={() => list.change({ page: current - 1 })}>
        {t('admin.list.previous')}
      </button>
      <p aria-live="polite">
        {pages === null ? t('admin.list.pageOpen', { page: current }) : t('admin.list.pageOf', { page: current, pages })} · {totalLabel}
      </p>
      <button type="button" className="admin-button" disabled={!hasNext || list.loading} onClick={() => list.change({ page: current + 1 })}>
        {t('admin.list.next')}
      </button>
      {pages !== null && pages > 2 && <PageJump list={list} pages={pages} />}
    </nav>
  );
}
