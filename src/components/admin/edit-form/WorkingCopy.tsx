/**
 * The edit form's parts for a published item's working copy (decision 035): the notice that says
 * what the form shows and what the public sees, and the "Publish changes" and "Discard draft"
 * buttons beside "Save draft".
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $currentUser, userCan } from '../../../stores/current-user.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import type { EditFormState, WorkingCopy } from './use-edit-form.ts';

/** Says whether the form shows unpublished changes (by whom, since when) or the published item. */
export function WorkingCopyNotice({ copy }: { copy: WorkingCopy | null }) {
  const { t, locale } = useAdmin();
  if (!copy) {
    return (
      <p className="admin-working-copy" data-testid="working-copy-notice">
        {t('workingCopy.noticePublished')}
      </p>
    );
  }
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(copy.updatedAt));
  return (
    <div className="admin-working-copy admin-working-copy--changes" role="status" data-testid="working-copy-notice">
      <p>{t('workingCopy.noticeChanges', { who: copy.updatedBy.label ?? '—', when })}</p>
      {copy.stale && <p className="admin-working-copy__stale">{t('workingCopy.noticeStale')}</p>}
    </div>
  );
}

/**
 * "Publish changes" (with the publish permission) and, when a copy is stored, "Discard draft",
 * which asks first: the copy's edits cannot be brought back.
 */
export function WorkingCopyActions({ form }: { form: EditFormState }) {
  const { t } = useAdmin();
  const [discarding, setDiscarding] = useState(false);
  const user = useStore($currentUser, { ssr: 'initial' });
  // Before the user store is filled (first render), offer it; the server decides anyway.
  const canPublish = !user || userCan(user, 'content.publish');
  return (
    <>
      {canPublish && (form.workingCopy || form.dirty) && (
        <button
          type="button"
          className="admin-button admin-button--primary"
          aria-disabled={form.saving}
          data-action="publish-changes"
          onClick={() => !form.saving && void form.publishCopy()}
        >
          {t('workingCopy.publish')}
        </button>
      )}
      {form.workingCopy && (
        <button
          type="button"
          className="admin-button"
          aria-disabled={form.saving}
          data-action="discard-draft"
          onClick={() => !form.saving && setDiscarding(true)}
        >
          {t('workingCopy.discard')}
        </button>
      )}
      <Dialog
        open={discarding}
        role="alertdialog"
        title={t('workingCopy.discardTitle')}
        onClose={() => setDiscarding(false)}
        actions={
          <>
            <button
              type="button"
              className="admin-button admin-button--danger"
              disabled={form.saving}
              data-confirm="discard-draft"
              onClick={() => void form.discardCopy().then(() => setDiscarding(false))}
            >
              {t('workingCopy.discardConfirm')}
            </button>
            <button type="button" className="admin-button admin-button--quiet" onClick={() => setDiscarding(false)}>
              {t('admin.common.cancel')}
            </button>
          </>
        }
      >
        <p>{t('workingCopy.discardBody')}</p>
      </Dialog>
    </>
  );
}
