/**
 * "Unsaved changes from 14:05 were kept on this device: Restore / Discard": shown when the form
 * opens on a draft this device kept (a crash, a closed tab). When the item was saved since, it
 * says so: restoring then keeps the person's changes, and the save meets the conflict dialog.
 */
import { useId } from 'react';
import { formatAdminDate, toLocalDateKey } from '../../../lib/dates.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import type { DraftOffer } from './local-draft.ts';

export function LocalDraftBanner({ offer, onRestore, onDiscard }: { offer: DraftOffer; onRestore: () => void; onDiscard: () => void }) {
  const { t, locale, timeZone } = useAdmin();
  const id = useId();
  const at = new Date(offer.savedAt);
  const today = toLocalDateKey(timeZone, at) === toLocalDateKey(timeZone, new Date());
  const time = formatAdminDate(locale, timeZone, at, today ? 'time' : 'dateTime');
  return (
    <section className="admin-local-draft" aria-labelledby={`${id}-kept`} data-testid="local-draft">
      <p id={`${id}-kept`}>{t('admin.localDraft.kept', { time })}</p>
      {offer.changedSince && (
        <p className="admin-local-draft__changed" data-testid="local-draft-changed">
          {t('admin.localDraft.changedSince')}
        </p>
      )}
      <div className="admin-local-draft__actions">
        <button type="button" className="admin-button" onClick={onRestore}>
          {t('admin.localDraft.restore')}
        </button>
        <button type="button" className="admin-button admin-button--quiet" onClick={onDiscard}>
          {t('admin.localDraft.discard')}
        </button>
      </div>
    </section>
  );
}
