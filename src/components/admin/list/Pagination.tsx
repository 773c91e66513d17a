/** Previous / next page and where we are ("Page 2 of 7 · 160 events", or "Page 2 · More than 1,000 events"). */
import { pageCount } from '../lib/list-state.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import type { ListController } from './use-list.ts';

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
    </nav>
  );
}
