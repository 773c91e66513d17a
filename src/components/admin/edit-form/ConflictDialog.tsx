/**
 * The 409 dialog: someone saved this item since it was opened. Lists what they changed (with my
 * value beside theirs, clashes marked) and lets the editor keep their changes on top of the
 * current version, or load the current version and drop theirs. Escape cancels. A conflict over
 * an item's working copy (someone saved a draft meanwhile) says so; after "Publish changes" the
 * keep-mine button says it publishes.
 */
import type { Conflict } from './use-edit-form.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { describeField } from './ErrorSummary.tsx';
import { FieldDiff } from './FieldDiff.tsx';
import { useForm } from './form-context.tsx';

export function ConflictDialog({ conflict, onResolve }: { conflict: Conflict | null; onResolve: (choice: 'mine' | 'theirs' | 'cancel') => void }) {
  const { t, localeNames } = useAdmin();
  const { fieldLabels } = useForm();
  const empty = t('admin.conflict.empty');
  const report = conflict?.report;
  return (
    <Dialog
      open={conflict !== null}
      title={t('admin.conflict.title')}
      onClose={() => onResolve('cancel')}
      className="admin-conflict"
      actions={
        <>
          <button type="button" className="admin-button admin-button--primary" onClick={() => onResolve('mine')} data-choice="mine">
            {t(conflict?.then === 'publish' ? 'admin.conflict.keepMineAndPublish' : 'admin.conflict.keepMine')}
          </button>
          <button type="button" className="admin-button" onClick={() => onResolve('theirs')} data-choice="theirs">
            {t('admin.conflict.takeTheirs')}
          </button>
          <button type="button" className="admin-button admin-button--quiet" onClick={() => onResolve('cancel')}>
            {t('admin.common.cancel')}
          </button>
        </>
      }
    >
      <p>{t(conflict?.onCopy ? 'admin.conflict.draftIntro' : 'admin.conflict.intro')}</p>
      {report && report.theirs.length > 0 ? (
        <FieldDiff
          caption={t('admin.conflict.caption')}
          headings={[t('admin.conflict.field'), t('admin.conflict.theirs'), t('admin.conflict.mine')]}
          rows={report.theirs.map((entry) => ({
            path: entry.path,
            label: describeField(entry.path, fieldLabels, localeNames),
            left: entry.theirs,
            right: entry.mine,
            flag: entry.clash ? t('admin.conflict.clash') : undefined,
          }))}
          empty={empty}
        />
      ) : (
        <p>{t('admin.conflict.onlyVersion')}</p>
      )}
      {report && report.mineOnly.length > 0 && (
        <p>{t('admin.conflict.mineKept', { fields: report.mineOnly.map((path) => describeField(path, fieldLabels, localeNames)).join(', ') })}</p>
      )}
    </Dialog>
  );
}
