/**
 * The 409 dialog: someone saved this item since it was opened. Lists what they changed (with my
 * value beside theirs, clashes marked) and lets the editor keep their changes on top of the
 * current version, or load the current version and drop theirs. Escape cancels.
 */
import type { Conflict } from './use-edit-form.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { describeField } from './ErrorSummary.tsx';
import { useForm } from './form-context.tsx';

const MAX_TEXT = 160;

function formatValue(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : empty;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

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
            {t('admin.conflict.keepMine')}
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
      <p>{t('admin.conflict.intro')}</p>
      {report && report.theirs.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-conflict__table">
            <caption className="admin-visually-hidden">{t('admin.conflict.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.conflict.field')}</th>
                <th scope="col">{t('admin.conflict.theirs')}</th>
                <th scope="col">{t('admin.conflict.mine')}</th>
              </tr>
            </thead>
            <tbody>
              {report.theirs.map((entry) => (
                <tr key={entry.path} data-path={entry.path} className={entry.clash ? 'admin-conflict__clash' : undefined}>
                  <th scope="row">
                    {describeField(entry.path, fieldLabels, localeNames)}
                    {entry.clash && <span className="admin-conflict__flag">{t('admin.conflict.clash')}</span>}
                  </th>
                  <td>{formatValue(entry.theirs, empty)}</td>
                  <td>{formatValue(entry.mine, empty)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('admin.conflict.onlyVersion')}</p>
      )}
      {report && report.mineOnly.length > 0 && (
        <p>{t('admin.conflict.mineKept', { fields: report.mineOnly.map((path) => describeField(path, fieldLabels, localeNames)).join(', ') })}</p>
      )}
    </Dialog>
  );
}
