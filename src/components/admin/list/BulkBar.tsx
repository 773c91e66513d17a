/**
 * Actions on the selected rows: publish / unpublish / archive (publishable collections) and
 * delete. Publishing publishes what it can and lists the others, each with a link to fix it; the
 * other actions are all or nothing, as the API does them: a refused batch lists each item's reason;
 * a delete of items still in use says where in its first dialog (read from each item's `usedBy`
 * before asking), and offers to detach them for those allowed to.
 * With the whole page selected and more items matching, the bar offers "Select all N matching":
 * the action then sends the list's query and the server picks the items (decision 057). For a
 * person limited to some editions, N counts only the items they may change, and so does the server.
 */
import { paths } from '../../../lib/paths.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { BULK_MATCHING_CAP } from '../../../lib/bulk-matching-cap.ts';
import { $currentUser, userCan } from '../../../stores/current-user.ts';
import { pushToast } from '../../../stores/toasts.ts';
import type { Collection } from '../../../lib/collections/index.ts';
import { UsageList } from '../edit-form/UsageList.tsx';
import { apiRequest, problemVars, usagesOf, type Problem, type Usage } from '../lib/api.ts';
import { translateCode } from '../lib/translate.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { reasonsByItem, skippedErrors, type BulkReason } from './bulk-reasons.ts';
import type { ListController } from './use-list.ts';

type Action = 'publish' | 'unpublish' | 'archive' | 'delete';

interface Outcome {
  kind: 'confirm' | 'confirmAll' | 'inUse' | 'rejected' | 'partial';
  /** confirmAll: the action to confirm. */
  action?: Action;
  usages?: { usages: Usage[]; total: number };
  reasons?: BulkReason[];
  /** Partial publish: how many items were published. */
  published?: number;
}

/** The answer of the bulk endpoint; `matched` and `countChanged` only for "all matching". */
interface BulkAnswer {
  ids?: number[];
  changed?: number[];
  skipped?: { id: number; errors: Record<string, string[]> }[];
  matched?: number;
  countChanged?: boolean;
}

const detachPermissions: Record<string, string> = { medias: 'media.deleteInUse', files: 'media.deleteInUse' };

export function BulkBar({ config, list }: { config: Collection; list: ListController }) {
  const { t, locale, localeNames } = useAdmin();
  const user = useStore($currentUser, { ssr: 'initial' });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const ids = [...list.selected];
  // A person limited to some editions selects only what they may change (decision 059).
  const pageSize = list.page?.items.filter((item) => !item.readOnly).length ?? 0;
  const total = list.page?.changeableTotal ?? list.page?.total ?? 0;
  const limited = list.page?.changeableTotal !== undefined;
  const allMatching = list.allMatching;
  const count = allMatching ? total : ids.length;
  const formatted = new Intl.NumberFormat(locale).format(total);
  const what = t(`admin.bulk.matching.${config.name}`, { count: total, formatted });
  // The offer leaves with the click that takes it: keyboard focus goes on to "Clear selection".
  const clearRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (allMatching) clearRef.current?.focus();
  }, [allMatching]);
  const canSelectAll = !allMatching && pageSize > 0 && ids.length === pageSize && total > pageSize && !list.page?.totalCapped;
  const titles = new Map((list.page?.items ?? []).map((item) => [item.id, item.title || item.slug || `#${item.id}`]));

  const reasonsOf = (problem: Problem): BulkReason[] => reasonsByItem(t, localeNames, problem.errors ?? {});

  const run = async (action: Action, detach = false) => {
    setBusy(true);
    try {
      const result = await apiRequest<BulkAnswer>('POST', paths.adminApi(config.name, 'bulk'), {
        action,
        ...(allMatching ? { matching: list.matchingQuery(), shown: total } : { ids }),
        ...(detach ? { detach: true } : {}),
      });
      if (result.ok) {
        const changed = result.data.changed?.length ?? count;
        const skipped = result.data.skipped ?? [];
        setOutcome(skipped.length ? { kind: 'partial', published: changed, reasons: reasonsByItem(t, localeNames, skippedErrors(skipped)) } : null);
        const matched = result.data.matched ?? 0;
        const changedNote = result.data.countChanged
          ? ` ${t('admin.bulk.countChanged', { count: matched, formatted: new Intl.NumberFormat(locale).format(matched), shown: formatted })}`
          : '';
        pushToast('success', `${t(`admin.bulk.done.${action}`, { count: changed })}${changedNote}`);
        if (action === 'delete') list.drop(result.data.ids ?? ids);
        list.reload();
        return;
      }
      const { problem } = result;
      if (problem.code === 'IN_USE') setOutcome({ kind: 'inUse', usages: usagesOf(problem) });
      else if (problem.code === 'BULK_REJECTED') setOutcome({ kind: 'rejected', reasons: reasonsOf(problem) });
      else {
        setOutcome(null);
        const cap = new Intl.NumberFormat(locale).format(BULK_MATCHING_CAP);
        pushToast('error', translateCode(t, problem.code, { ...problemVars(problem), cap }));
      }
    } finally {
      setBusy(false);
    }
  };

  /** Asks before deleting: where the selected items are used, or a plain confirmation when nowhere. */
  const askDelete = async () => {
    setBusy(true);
    try {
      const details = await Promise.all(ids.map((id) => apiRequest<Record<string, unknown>>('GET', paths.adminApi(config.name, id))));
      const found = details.flatMap((detail) => (detail.ok ? [usagesOf(detail.data)] : []));
      const total = found.reduce((sum, usages) => sum + usages.total, 0);
      setOutcome(total > 0 ? { kind: 'inUse', usages: { usages: found.flatMap((usages) => usages.usages), total } } : { kind: 'confirm' });
    } finally {
      setBusy(false);
    }
  };

  const canDetach = userCan(user, detachPermissions[config.name] ?? 'content.deletePublished');
  // A partial publish reloads the list, which clears the selection: its report must stay open.
  const dialog = (
    <Dialog
      open={outcome !== null}
      role="alertdialog"
      title={
        outcome?.kind === 'inUse'
          ? t('admin.bulk.inUseTitle')
          : outcome?.kind === 'rejected'
            ? t('admin.bulk.rejectedTitle')
            : outcome?.kind === 'partial'
              ? t('bulkPublish.partialTitle', { count: outcome.published ?? 0 })
              : outcome?.kind === 'confirmAll'
                ? t(`admin.bulk.confirmAll.${outcome.action ?? 'publish'}`, { what })
                : t('admin.bulk.confirmDelete', { count })
      }
      onClose={() => setOutcome(null)}
      actions={
        <>
          {outcome?.kind === 'confirmAll' && outcome.action && (
            <button
              type="button"
              className={outcome.action === 'delete' ? 'admin-button admin-button--danger' : 'admin-button admin-button--primary'}
              disabled={busy}
              onClick={() => void run(outcome.action ?? 'publish')}
              data-confirm={outcome.action}
            >
              {t(`admin.bulk.${outcome.action}`)}
            </button>
          )}
          {outcome?.kind === 'confirm' && (
            <button type="button" className="admin-button admin-button--danger" disabled={busy} onClick={() => void run('delete')} data-confirm="delete">
              {t('admin.delete.confirm')}
            </button>
          )}
          {outcome?.kind === 'inUse' && canDetach && (
            <button type="button" className="admin-button admin-button--danger" disabled={busy} onClick={() => void run('delete', true)} data-confirm="detach">
              {t('admin.delete.detachAndDelete')}
            </button>
          )}
          <button type="button" className="admin-button admin-button--quiet" data-dialog-cancel onClick={() => setOutcome(null)}>
            {outcome?.kind === 'confirm' || outcome?.kind === 'confirmAll' ? t('admin.common.cancel') : t('admin.common.close')}
          </button>
        </>
      }
    >
      {outcome?.kind === 'confirm' && <p>{t('admin.delete.body')}</p>}
      {outcome?.kind === 'confirmAll' && <p>{t('admin.bulk.confirmAllBody')}</p>}
      {outcome?.kind === 'confirmAll' && outcome.action === 'delete' && <p>{t('admin.delete.body')}</p>}
      {outcome?.kind === 'inUse' && outcome.usages && (
        <>
          <p>{t('admin.delete.inUseIntro', { count: outcome.usages.total })}</p>
          <UsageList usages={outcome.usages.usages} total={outcome.usages.total} />
          {!canDetach && <p>{t('admin.delete.cannotDetach')}</p>}
        </>
      )}
      {(outcome?.kind === 'rejected' || outcome?.kind === 'partial') && (
        <>
          {outcome.kind === 'partial' && <p>{t('bulkPublish.skippedIntro', { count: outcome.reasons?.length ?? 0 })}</p>}
          <ul className="admin-bulk__reasons">
            {outcome.reasons?.map((reason) => (
              <li key={reason.id} data-skipped={reason.id}>
                <a href={paths.adminEdit(locale, config.name, reason.id)}>{t('bulkPublish.fix', { title: titles.get(reason.id) ?? `#${reason.id}` })}</a>
                <ul>
                  {reason.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
  if (count === 0) return outcome ? dialog : null;
  const actions: Action[] = config.publishable ? ['publish', 'unpublish', 'archive', 'delete'] : ['delete'];
  return (
    <div className="admin-bulk" role="region" aria-label={t('admin.bulk.label')}>
      <p className="admin-bulk__count" aria-live="polite" data-selection={allMatching ? 'all-matching' : 'page'}>
        {allMatching ? t(limited ? 'admin.bulk.allChangeableSelected' : 'admin.bulk.allMatchingSelected', { what }) : t('admin.list.selected', { count })}
      </p>
      {canSelectAll &&
        (total <= BULK_MATCHING_CAP ? (
          <button type="button" className="admin-button admin-button--quiet" data-select-all-matching onClick={list.selectAllMatching}>
            {t(limited ? 'admin.bulk.selectAllChangeable' : 'admin.bulk.selectAllMatching', { count: total, formatted })}
          </button>
        ) : (
          <p className="admin-bulk__note">{t('admin.bulk.tooManyToSelect', { cap: new Intl.NumberFormat(locale).format(BULK_MATCHING_CAP) })}</p>
        ))}
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={action === 'delete' ? 'admin-button admin-button--danger' : 'admin-button'}
          disabled={busy}
          data-bulk={action}
          onClick={() => {
            if (allMatching) setOutcome({ kind: 'confirmAll', action });
            else void (action === 'delete' ? askDelete() : run(action));
          }}
        >
          {t(`admin.bulk.${action}`)}
        </button>
      ))}
      <button type="button" className="admin-button admin-button--quiet" ref={clearRef} onClick={() => list.setAll([])}>
        {t('admin.bulk.clear')}
      </button>
      {dialog}
    </div>
  );
}
