/** Previous / next page and where we are ("Page 2 of 7 · 160 events"). */
import { pageCount } from '../lib/list-state.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import type { ListController } from './use-list.ts';

export function Pagination({ list, totalLabel }: { list: ListController; totalLabel: string }) {
  const { t } = useAdmin();
  if (!list.page) return null;
  const pages = pageCount(list.page.total, list.state.limit);
  const current = list.state.page;
  return (
    <nav className="admin-pagination" aria-label={t('admin.list.pagination')}>
      <button type="button" className="admin-button" disabled={current <= 1 || list.loading} onClick={() => list.change({ page: current - 1 })}>
        {t('admin.list.previous')}
      </button>
      <p aria-live="polite">
        {t('admin.list.pageOf', { page: current, pages })} · {totalLabel}
      </p>
      <button type="button" className="admin-button" disabled={current >= pages || list.loading} onClick={() => list.change({ page: current + 1 })}>
        {t('admin.list.next')}
      </button>
    </nav>
  );
}
