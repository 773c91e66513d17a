/**
 * The review panel of an edit form (docs/decisions/064). Someone who may not publish submits the
 * item for review, with an optional message (the form is saved first, the normal way), sees
 * "Changes requested by X: …" when it comes back, resubmits or withdraws. Someone who may
 * publish sees "Waiting for review since … · by X", approves (publishing it now, or scheduling it
 * at a "Publish at" time) or requests changes with a required comment. Every answer ends in the panel or a toast.
 */
import { useId, useRef, useState } from 'react';
import type { Collection } from '../../../lib/collections/index.ts';
import { formatAdminDate } from '../../../lib/dates.ts';
import { wallTimeToInstant } from '../../../lib/zoned-time.ts';
import { paths } from '../../../lib/paths.ts';
import { pushToast } from '../../../stores/toasts.ts';
import { idOf } from '../edit-form/edit-form-state.ts';
import type { EditFormState } from '../edit-form/use-edit-form.ts';
import { workingCopyOf } from '../edit-form/working-copy-state.ts';
import { problemVars, sendRequest } from '../lib/api.ts';
import { translateCode } from '../lib/translate.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { reviewOf, type ReviewView } from './review-state.ts';

type Action = 'submit' | 'approve' | 'request-changes' | 'withdraw';

export function ReviewPanel({ form, config }: { form: EditFormState; config: Collection }) {
  const { t, locale, timeZone, permissions } = useAdmin();
  const [review, setReview] = useState<ReviewView | null>(() => reviewOf(form.item));
  const [message, setMessage] = useState('');
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [commentMissing, setCommentMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  // "Publish at": empty publishes on approval; a time (in the item's zone, else the admin's) schedules.
  const [publishWall, setPublishWall] = useState('');
  const [publishError, setPublishError] = useState<string | null>(null);
  const publishId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const commentField = useRef<HTMLTextAreaElement>(null);
  const canPublish = permissions.includes('content.publish');
  const waiting = review?.status === 'waiting';
  const time = (at: string | null) => formatAdminDate(locale, timeZone, at);

  /** Saves unsaved edits the form's own way, then posts `action`; false when either failed. */
  async function run(action: Action, body: (item: Record<string, unknown>) => unknown, done: string): Promise<boolean> {
    if (busy || form.saving) return false;
    setBusy(true);
    try {
      if (action === 'submit' || action === 'approve') {
        if (form.current().dirty) await (form.copyMode ? form.saveCopy() : form.save());
        if (form.current().dirty) return false;
      }
      const item = form.current().item;
      if (!item) return false;
      const result = await sendRequest<ReviewView | { item: Record<string, unknown>; review: ReviewView }>(
        (path, init) => fetch(path, init),
        'POST',
        paths.adminApiReview(config.name, idOf(item), action),
        body(item),
      );
      if (!result.ok) {
        const publishAtCode = result.problem.errors?.['publishAt']?.[0];
        if (publishAtCode) setPublishError(translateCode(t, publishAtCode, problemVars(result.problem)));
        else pushToast('error', t('admin.review.failed', { reason: translateCode(t, result.problem.code, problemVars(result.problem)) }));
        return false;
      }
      if ('review' in result.data) {
        form.resetTo(result.data.item);
        setReview(result.data.review);
      } else setReview(result.data);
      pushToast('success', t(done));
      return true;
    } finally {
      setBusy(false);
    }
  }

  const versions = (item: Record<string, unknown>) => ({ version: item['version'], copyVersion: workingCopyOf(item)?.version ?? null });
  const submit = () =>
    void run('submit', (item) => ({ ...versions(item), ...(message.trim() ? { message } : {}) }), 'admin.review.toast.submitted').then((ok) => {
      if (ok) setMessage('');
    });
  const zone = typeof form.item?.['timeZone'] === 'string' && form.item['timeZone'] ? form.item['timeZone'] : timeZone;
  const approve = () => {
    const publishAt = publishWall ? wallTimeToInstant(publishWall, zone) : null;
    if (publishWall && !publishAt) {
      setPublishError(t('workingCopy.error.NOT_IN_FUTURE'));
      return;
    }
    setPublishError(null);
    void run(
      'approve',
      (item) => ({ ...versions(item), ...(publishAt ? { publishAt: publishAt.toISOString() } : {}) }),
      publishAt ? 'admin.review.toast.scheduled' : 'admin.review.toast.approved',
    ).then((ok) => {
      if (!ok) return;
      setPublishWall('');
      heading.current?.focus();
    });
  };
  const withdraw = () =>
    void run('withdraw', () => ({}), 'admin.review.toast.withdrawn').then((ok) => {
      if (ok) heading.current?.focus();
    });
  const sendChanges = () => {
    if (!comment.trim()) {
      setCommentMissing(true);
      commentField.current?.focus();
      return;
    }
    void run('request-changes', () => ({ comment }), 'admin.review.toast.changesRequested').then((ok) => {
      if (!ok) return;
      setAsking(false);
      setComment('');
      heading.current?.focus();
    });
  };

  // Someone who publishes has nothing to do here until someone asks.
  if (canPublish && !review) return null;
  const decidedBy = review?.decidedBy?.label ?? '';
  return (
    <section id="review" className="admin-review" aria-labelledby="review-heading" data-testid="review-panel">
      <h2 id="review-heading" ref={heading} tabIndex={-1}>
        {t('admin.review.heading')}
      </h2>
      {waiting && (
        <div className="admin-review__waiting" data-testid="review-waiting">
          <p>{t('admin.review.waiting', { time: time(review.submittedAt), name: review.submittedBy.label })}</p>
          {review.message && <p className="admin-review__text">{review.message}</p>}
        </div>
      )}
      {review?.status === 'changes-requested' && (
        <div className="admin-review__changes" data-testid="review-changes">
          <p>{t('admin.review.changesRequested', { name: decidedBy, time: time(review.decidedAt) })}</p>
          <p className="admin-review__text">{review.comment}</p>
        </div>
      )}
      {review?.status === 'approved' && <p data-testid="review-approved">{t('admin.review.approved', { name: decidedBy, time: time(review.decidedAt) })}</p>}
      {waiting && canPublish && !asking && config.publishable && (
        <div className={publishError ? 'admin-field admin-field--invalid' : 'admin-field'}>
          <label htmlFor={`${publishId}-at`}>{t('admin.review.publishAt')}</label>
          <input
            id={`${publishId}-at`}
            type="datetime-local"
            step={60}
            value={publishWall}
            aria-describedby={`${publishId}-hint${publishError ? ` ${publishId}-error` : ''}`}
            aria-invalid={publishError ? true : undefined}
            onChange={(event) => {
              setPublishWall(event.target.value);
              setPublishError(null);
            }}
          />
          <p id={`${publishId}-hint`} className="admin-field__hint">
            {t('admin.review.publishAtHint', { zone })}
          </p>
          {publishError && (
            <p id={`${publishId}-error`} className="admin-field__error" role="alert">
              {publishError}
            </p>
          )}
        </div>
      )}
      {waiting && canPublish && !asking && (
        <div className="admin-review__actions">
          <button type="button" className="admin-button admin-button--primary" aria-disabled={busy} data-action="review-approve" onClick={approve}>
            {t(!config.publishable ? 'admin.review.approveOnly' : publishWall ? 'admin.review.approveSchedule' : 'admin.review.approve')}
          </button>
          <button type="button" className="admin-button" aria-disabled={busy} data-action="review-request-changes" onClick={() => setAsking(true)}>
            {t('admin.review.requestChanges')}
          </button>
        </div>
      )}
      {waiting && asking && (
        <div className={commentMissing ? 'admin-field admin-field--invalid' : 'admin-field'}>
          <label htmlFor="review-comment">{t('admin.review.comment')}</label>
          {commentMissing && (
            <p id="review-comment-error" className="admin-field__errors" role="alert">
              {t('admin.review.commentRequired')}
            </p>
          )}
          <textarea
            id="review-comment"
            ref={commentField}
            rows={3}
            maxLength={2000}
            required
            autoFocus
            value={comment}
            aria-invalid={commentMissing || undefined}
            aria-describedby={commentMissing ? 'review-comment-error' : undefined}
            onChange={(event) => {
              setComment(event.target.value);
              if (event.target.value.trim()) setCommentMissing(false);
            }}
          />
          <div className="admin-review__actions">
            <button type="button" className="admin-button admin-button--primary" aria-disabled={busy} data-action="review-send-changes" onClick={sendChanges}>
              {t('admin.review.sendChanges')}
            </button>
            <button
              type="button"
              className="admin-button"
              onClick={() => {
                setAsking(false);
                setCommentMissing(false);
                heading.current?.focus();
              }}
            >
              {t('admin.review.cancel')}
            </button>
          </div>
        </div>
      )}
      {waiting && !canPublish && (
        <div className="admin-review__actions">
          <button type="button" className="admin-button" aria-disabled={busy} data-action="review-withdraw" onClick={withdraw}>
            {t('admin.review.withdraw')}
          </button>
        </div>
      )}
      {!waiting && !canPublish && (
        <div className="admin-field">
          <p className="admin-field__hint">{t('admin.review.submitIntro')}</p>
          <label htmlFor="review-message">{t('admin.review.message')}</label>
          <textarea id="review-message" rows={2} maxLength={2000} value={message} onChange={(event) => setMessage(event.target.value)} />
          <div className="admin-review__actions">
            <button type="button" className="admin-button admin-button--primary" aria-disabled={busy} data-action="review-submit" onClick={submit}>
              {t(review?.status === 'changes-requested' ? 'admin.review.resubmit' : 'admin.review.submit')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
