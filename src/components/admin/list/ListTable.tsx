/**
 * The rows of a list: a checkbox per row for bulk actions (Space toggles it), sortable column
 * headers (`aria-sort`), status and per-locale translation badges, links to the edit pages. A row
 * the viewer may only read (outside their editions) says "Read only" and has no checkbox.
 */
import type { Collection } from '../../../lib/collections/index.ts';
import type { ListColumn } from '../../../lib/collections/declare.ts';
import type { Locale } from '../../../i18n/config.ts';
import { formatAdminDate } from '../../../lib/dates.ts';
import { paths } from '../../../lib/paths.ts';
import type { ListItem } from '../lib/api.ts';
import { thumbnailOf } from '../lib/describe.ts';
import { scheduleProblemText } from '../lib/schedule-problem.ts';
import { sortDirection, toggleSort } from '../lib/list-state.ts';
import { formatBytes } from '../lib/upload.ts';
import { RepeatNote } from '../repeat/RepeatNote.tsx';
import { EffectiveStatusBadge, LocaleBadges } from '../ui/Badges.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import type { ListController } from './use-list.ts';

/** A date cell: an event's start in the event's own zone, any other instant in the admin's. */
function formatDate(value: unknown, locale: Locale, adminZone: string, itemZone?: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const zone = typeof itemZone === 'string' && itemZone ? itemZone : adminZone;
  try {
    return formatAdminDate(locale, zone, value);
  } catch {
    // A zone this browser does not know: the admin's zone still names the instant correctly.
    return formatAdminDate(locale, adminZone, value);
  }
}

function Cell({ column, item, config, now }: { column: ListColumn; item: ListItem; config: Collection; now: number }) {
  const { t, locale, timeZone } = useAdmin();
  const value = item[column.key];
  switch (column.kind) {
    case 'title':
      return (
        <>
          <a href={paths.adminEdit(locale, config.name, item.id)} className="admin-list__title">
            {item.title || item.slug || `#${item.id}`}
          </a>
          {item.readOnly && (
            <span className="admin-badge admin-badge--read-only" data-testid="read-only">
              {t('admin.list.readOnly')}
            </span>
          )}
        </>
      );
    case 'status': {
      const scheduled = item.status === 'published' && typeof item['publishAt'] === 'string' && new Date(item['publishAt']).getTime() > now;
      return (
        <>
          <EffectiveStatusBadge status={String(value ?? 'draft')} unpublishAt={item['unpublishAt']} now={now} />
          {scheduled && <span className="admin-badge admin-badge--scheduled">{t('admin.status.scheduled')}</span>}
          {item['unpublishedChanges'] === true && (
            <span className="admin-badge admin-badge--changes" data-testid="unpublished-changes">
              {t('workingCopy.badge')}
            </span>
          )}
          {typeof item['changesScheduledAt'] === 'string' && (
            <span className="admin-badge admin-badge--scheduled" data-testid="changes-scheduled">
              {t('workingCopy.badgeScheduled', {
                when: formatDate(item['changesScheduledAt'], locale, timeZone, item['timeZone']),
              })}
            </span>
          )}
          {typeof item['changesScheduleProblem'] === 'string' && (
            <span className="admin-badge admin-badge--changes" data-testid="changes-schedule-failed">
              {t('workingCopy.badgeFailed')}: {scheduleProblemText(t, item['changesScheduleProblem'])}
            </span>
          )}
        </>
      );
    }
    case 'locales':
      return <LocaleBadges locales={item.locales} />;
    case 'date':
      return (
        <>
          {formatDate(value, locale, timeZone, column.key === 'startsAt' ? item['timeZone'] : undefined)}
          {column.key === 'startsAt' && <RepeatNote item={item} />}
        </>
      );
    case 'bytes':
      return <>{typeof value === 'number' ? formatBytes(value, locale) : ''}</>;
    case 'thumb': {
      const thumb = thumbnailOf(item['url']);
      return thumb ? <img src={thumb} alt="" width={64} height={64} loading="lazy" className="admin-list__thumb" /> : <span aria-hidden="true">—</span>;
    }
    case 'eventStatus':
      // Only the statuses a visitor is told about get a badge; "scheduled" is the quiet default.
      return value && value !== 'scheduled' ? (
        <span className="admin-badge">{t(`eventStatus.value.${String(value)}`)}</span>
      ) : (
        <>{t('eventStatus.value.scheduled')}</>
      );
    case 'kind':
      return <>{value ? t(`admin.${config.name}.kind.${String(item['kind'])}`) : ''}</>;
    case 'relation': {
      const id = column.relation ? item[column.relation.idKey] : undefined;
      if (typeof id !== 'number' || !column.relation) return <span aria-hidden="true">—</span>;
      return <a href={paths.adminEdit(locale, column.relation.collection, id)}>{typeof value === 'string' && value ? value : `#${id}`}</a>;
    }
    default:
      return <>{value === null || value === undefined ? '' : String(value)}</>;
  }
}

export function ListTable({ config, list, caption }: { config: Collection; list: ListController; caption: string }) {
  const { t } = useAdmin();
  const items = list.page?.items ?? [];
  // "Scheduled" is judged at the time the page arrived, the same for every row.
  const now = list.receivedAt;
  // Rows outside the viewer's edition scope are never selected (decision 059).
  const ids = items.flatMap((item) => (item.readOnly ? [] : [item.id]));
  const allSelected = ids.length > 0 && ids.every((id) => list.selected.has(id));
  const someSelected = ids.some((id) => list.selected.has(id));

  return (
    <div className="admin-table-wrap">
      <table className="admin-list" aria-busy={list.loading} data-collection={config.name}>
        <caption className="admin-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <td className="admin-list__check">
              <input
                type="checkbox"
                aria-label={t('admin.list.selectAll')}
                checked={allSelected}
                ref={(el) => {
                  if (el) el.indeterminate = someSelected && !allSelected;
                }}
                onChange={() => list.setAll(allSelected ? [] : ids)}
                disabled={ids.length === 0}
              />
            </td>
            {config.list.columns.map((column) => {
              const label = t(column.label ?? `admin.column.${column.key}`);
              if (!column.sort) {
                return (
                  <th scope="col" key={column.key}>
                    {column.kind === 'thumb' ? <span className="admin-visually-hidden">{label}</span> : label}
                  </th>
                );
              }
              const direction = sortDirection(list.state.sort, column.sort);
              return (
                <th scope="col" key={column.key} aria-sort={direction}>
                  <button type="button" className="admin-list__sort" onClick={() => list.change({ sort: toggleSort(list.state.sort, column.sort!) })}>
                    {label}
                    <span aria-hidden="true">{direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}</span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className={list.selected.has(item.id) ? 'admin-list__row--selected' : undefined} data-id={item.id}>
              <td className="admin-list__check">
                {!item.readOnly && (
                  <input
                    type="checkbox"
                    checked={list.selected.has(item.id)}
                    onChange={() => list.toggle(item.id)}
                    aria-label={t('admin.list.select', { label: item.title || item.slug || `#${item.id}` })}
                  />
                )}
              </td>
              {config.list.columns.map((column) => (
                <td key={column.key} data-label={t(column.label ?? `admin.column.${column.key}`)} data-column={column.key}>
                  <Cell column={column} item={item} config={config} now={now} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
