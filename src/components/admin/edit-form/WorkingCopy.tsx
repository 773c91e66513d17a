/**
 * The edit form's parts for a published item's working copy (decision 035): the notice that says
 * what the form shows and what the public sees, and the "Publish changes" and "Discard draft"
 * buttons beside "Save draft".
 */
import { useId, useState, type ReactNode } from 'react';
import { formatAdminDate } from '../../../lib/dates.ts';
import { instantToWallTime, wallTimeToInstant } from '../../../lib/zoned-time.ts';
import { paths } from '../../../lib/paths.ts';
import { pushToast } from '../../../stores/toasts.ts';
import { apiRequest, problemVars } from '../lib/api.ts';
import { scheduleProblemText } from '../lib/schedule-problem.ts';
import { translateCode } from '../lib/translate.ts';
import { mayPublish } from '../../../stores/current-user.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { idOf } from './edit-form-state.ts';
import type { EditFormState, WorkingCopy } from './use-edit-form.ts';

/** Says whether the form shows unpublished changes (by whom, since when) or the published item. */
export function WorkingCopyNotice({ copy }: { copy: WorkingCopy | null }) {
  const { t, locale, timeZone } = useAdmin();
  if (!copy) {
    return (
      <p className="admin-working-copy" data-testid="working-copy-notice">
        {t('workingCopy.noticePublished')}
      </p>
    );
  }
  // In the locale's own clock (24 h in fr/de) and the admin's zone, named, as every admin date.
  const format = (at: string) => formatAdminDate(locale, timeZone, at);
  return (
    <div className="admin-working-copy admin-working-copy--changes" role="status" data-testid="working-copy-notice">
      <p>{t('workingCopy.noticeChanges', { who: copy.updatedBy.label ?? '—', when: format(copy.updatedAt) })}</p>
      {copy.stale && <p className="admin-working-copy__stale">{t('workingCopy.noticeStale')}</p>}
      {copy.scheduledAt && (
        <p data-testid="working-copy-scheduled">{t('workingCopy.noticeScheduled', { when: format(copy.scheduledAt), who: copy.scheduledBy?.label ?? '—' })}</p>
      )}
      {!copy.scheduledAt && copy.scheduleProblem && copy.scheduleFailedAt && (
        <p className="admin-working-copy__stale" data-testid="working-copy-schedule-failed">
          {t('workingCopy.noticeFailed', { when: format(copy.scheduleFailedAt), reason: scheduleProblemText(t, copy.scheduleProblem) })}
        </p>
      )}
    </div>
  );
}

/**
 * "Publish changes at": a date and time in the item's time zone (else the admin's) for the stored draft, with
 * "Schedule changes" and, once scheduled, "Cancel schedule". Edits not yet saved into the draft
 * must be saved first: the schedule publishes the stored draft.
 */
export function WorkingCopySchedule({ form, config }: { form: EditFormState; config: { name: string } }) {
  const { t, permissions, timeZone } = useAdmin();
  const id = useId();
  const copy = form.workingCopy;
  const item = form.item;
  // An item without a zone of its own (a venue) schedules in the admin's zone: the browser's own
  // zone would render differently on the server and break hydration (React #418).
  const ownZone = typeof item?.['timeZone'] === 'string' && item['timeZone'] ? item['timeZone'] : null;
  const zone = ownZone ?? timeZone;
  const [wall, setWall] = useState(() => instantToWallTime(copy?.scheduledAt ?? null, zone));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!copy || !item || !mayPublish(permissions)) return null;
  const blocked = busy || form.saving || form.dirty;
  const send = async (method: 'PUT' | 'DELETE') => {
    if (blocked) return;
    const at = wallTimeToInstant(wall, zone);
    if (method === 'PUT' && !at) {
      setError(t('workingCopy.error.NOT_IN_FUTURE'));
      return;
    }
    setBusy(true);
    const body = method === 'PUT' ? { version: copy.baseVersion, scheduledAt: at!.toISOString() } : undefined;
    const result = await apiRequest<Record<string, unknown>>(method, paths.adminApiWorkingCopy(config.name, idOf(item), 'schedule'), body);
    setBusy(false);
    if (!result.ok) {
      const code = result.problem.errors?.['scheduledAt']?.[0] ?? result.problem.code;
      setError(translateCode(t, code, problemVars(result.problem)));
      return;
    }
    setError(null);
    form.resetTo(result.data);
    pushToast('success', t(method === 'PUT' ? 'workingCopy.toast.scheduled' : 'workingCopy.toast.unscheduled'));
  };
  return (
    <div className="admin-working-copy__schedule" data-testid="working-copy-schedule">
      <label htmlFor={`${id}-at`}>{t('workingCopy.scheduledAt')}</label>
      <input
        id={`${id}-at`}
        type="datetime-local"
        step={60}
        value={wall}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setWall(event.target.value)}
      />
      <p id={`${id}-hint`} className="admin-field__hint">
        {t(ownZone ? 'workingCopy.scheduledAtHint' : 'workingCopy.scheduledAtHintAdmin', { zone })}
        {form.dirty && ` ${t('workingCopy.scheduleSaveFirst')}`}
      </p>
      {error && (
        <p id={`${id}-error`} className="admin-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-working-copy__schedule-actions">
        <CopyButton action="schedule-changes" busy={blocked} onClick={() => void send('PUT')}>
          {t('workingCopy.schedule')}
        </CopyButton>
        {copy.scheduledAt && (
          <CopyButton action="unschedule-changes" busy={blocked} className="admin-button admin-button--quiet" onClick={() => void send('DELETE')}>
            {t('workingCopy.unschedule')}
          </CopyButton>
        )}
      </div>
    </div>
  );
}

/**
 * A button of the working-copy controls, named by `data-action`. While `busy` it is marked
 * `aria-disabled` (not `disabled`, so it keeps its place in the tab order) and a click does nothing.
 */
function CopyButton({
  action,
  busy,
  className = 'admin-button',
  onClick,
  children,
}: {
  action: string;
  busy: boolean;
  className?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} aria-disabled={busy} data-action={action} onClick={() => !busy && onClick()}>
      {children}
    </button>
  );
}

/**
 * "Publish changes" (with the publish permission) and, when a copy is stored, "Discard draft",
 * which asks first: the copy's edits cannot be brought back.
 */
export function WorkingCopyActions({ form }: { form: EditFormState }) {
  const { t, permissions } = useAdmin();
  const [discarding, setDiscarding] = useState(false);
  const canPublish = mayPublish(permissions);
  return (
    <>
      {canPublish && (form.workingCopy || form.dirty) && (
        <CopyButton action="publish-changes" busy={form.saving} className="admin-button admin-button--primary" onClick={() => void form.publishCopy()}>
          {t('workingCopy.publish')}
        </CopyButton>
      )}
      {form.workingCopy && (
        <CopyButton action="discard-draft" busy={form.saving} onClick={() => setDiscarding(true)}>
          {t('workingCopy.discard')}
        </CopyButton>
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
