/**
 * Deleting an item: a confirmation first; when the API answers 409 `IN_USE`, the same dialog
 * lists where the item is used and, for those allowed to, offers to detach it and delete.
 */
import { useStore } from '@nanostores/react';
import { $currentUser, userCan } from '../../../stores/current-user.ts';
import type { DeleteState } from './use-edit-form.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { UsageList } from './UsageList.tsx';

export interface DeleteDialogProps {
  open: boolean;
  name: string;
  inUse: DeleteState | null;
  /** Permission the server wants for deleting with detach. */
  detachPermission: string;
  busy: boolean;
  onConfirm: (detach: boolean) => void;
  onClose: () => void;
}

export function DeleteDialog({ open, name, inUse, detachPermission, busy, onConfirm, onClose }: DeleteDialogProps) {
  const { t } = useAdmin();
  const user = useStore($currentUser, { ssr: 'initial' });
  const canDetach = userCan(user, detachPermission);
  return (
    <Dialog
      open={open}
      role="alertdialog"
      title={inUse ? t('admin.delete.inUseTitle', { name }) : t('admin.delete.title', { name })}
      onClose={onClose}
      className="admin-delete"
      actions={
        <>
          {!inUse && (
            <button type="button" className="admin-button admin-button--danger" disabled={busy} onClick={() => onConfirm(false)} data-confirm="delete">
              {t('admin.delete.confirm')}
            </button>
          )}
          {inUse && canDetach && (
            <button type="button" className="admin-button admin-button--danger" disabled={busy} onClick={() => onConfirm(true)} data-confirm="detach">
              {t('admin.delete.detachAndDelete')}
            </button>
          )}
          <button type="button" className="admin-button admin-button--quiet" data-dialog-cancel onClick={onClose}>
            {inUse ? t('admin.common.close') : t('admin.common.cancel')}
          </button>
        </>
      }
    >
      {inUse ? (
        <>
          <p>{t('admin.delete.inUseIntro', { count: inUse.total })}</p>
          <UsageList usages={inUse.usages} total={inUse.total} />
          {!canDetach && <p>{t('admin.delete.cannotDetach')}</p>}
        </>
      ) : (
        <p>{t('admin.delete.body')}</p>
      )}
    </Dialog>
  );
}
