/**
 * The list screen of one collection: toolbar (search, filters, sort, export), bulk actions, the
 * table, pagination, and the loading, empty and error states.
 */
import { collections, type CollectionName } from '../../../lib/collections/index.ts';
import { paths } from '../../../lib/paths.ts';
import { translateCode } from '../lib/translate.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { AdminIsland, type AdminIslandProps } from '../ui/AdminIsland.tsx';
import { BulkBar } from './BulkBar.tsx';
import { ListTable } from './ListTable.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { SavedViews, type OpenedView } from './SavedViews.tsx';
import { Pagination } from './Pagination.tsx';
import { useList } from './use-list.ts';

export interface ListScreenProps extends AdminIslandProps {
  collection: CollectionName;
  /** The page URL's query string, so the server render and the browser start from the same state. */
  search: string;
  /** The person's default view, when the list opened with it (its query is then `search`). */
  openedView?: OpenedView | undefined;
}

function Screen({ collection, search, openedView }: { collection: CollectionName; search: string; openedView?: OpenedView | undefined }) {
  const { t, locale } = useAdmin();
  const config = collections[collection];
  const list = useList(config, search);
  const title = t(`admin.collection.${collection}`);
  const total = list.page?.total ?? 0;
  const filtered = Boolean(list.state.q || Object.values(list.state.filters).some(Boolean));
  // A search with more matches than the server counts shows "More than 1,000 events".
  const totalLabel = list.page?.totalCapped
    ? t(`admin.list.totalMore.${collection}`, { count: total, formatted: new Intl.NumberFormat(locale).format(total) })
    : t(`admin.list.total.${collection}`, { count: total });

  return (
    <div className="admin-screen" data-screen={`list-${collection}`}>
      <header className="admin-screen__header">
        <h1>{title}</h1>
        <a className="admin-button admin-button--primary" href={paths.adminCreate(locale, collection)}>
          {t(`admin.list.new.${collection}`)}
        </a>
      </header>
      <SavedViews config={config} list={list} opened={openedView} />
      <ListToolbar config={config} list={list} />
      <p className="admin-list__status" role="status">
        {list.loading ? t('admin.common.loading') : list.page ? totalLabel : ''}
      </p>
      {list.problem && (
        <div className="admin-list__problem" role="alert">
          <p>{translateCode(t, list.problem.code)}</p>
          <button type="button" className="admin-button" onClick={list.reload}>
            {t('admin.common.retry')}
          </button>
        </div>
      )}
      <BulkBar config={config} list={list} />
      {list.page && total === 0 && !list.loading ? (
        <div className="admin-empty" data-testid="empty-state">
          {filtered ? (
            <>
              <p>{t('admin.list.noMatch')}</p>
              <button
                type="button"
                className="admin-button"
                onClick={() => list.change({ q: '', filters: Object.fromEntries(config.listState.filterKeys.map((key) => [key, ''])) })}
              >
                {t('admin.list.clearFilters')}
              </button>
            </>
          ) : (
            <>
              <p>{t(`admin.list.empty.${collection}`)}</p>
              <a className="admin-button admin-button--primary" href={paths.adminCreate(locale, collection)}>
                {t(`admin.list.new.${collection}`)}
              </a>
            </>
          )}
        </div>
      ) : list.page || list.loading ? (
        <ListTable config={config} list={list} caption={title} />
      ) : null}
      <Pagination list={list} totalLabel={totalLabel} />
    </div>
  );
}

export default function ListScreen({ collection, search, openedView, ...island }: ListScreenProps) {
  return (
    <AdminIsland {...island}>
      <Screen collection={collection} search={search} openedView={openedView} />
    </AdminIsland>
  );
}
