/**
 * "Duplicate" on an edit page: the server copies the saved item as a draft (not unsaved edits,
 * which the dirty guard still protects), then the editor lands on the copy's edit page.
 */
import { useRef, useState } from 'react';
import type { CollectionName } from '../../../lib/collections/index.ts';
import { paths } from '../../../lib/paths.ts';
import { pushToast } from '../../../stores/toasts.ts';
import { apiRequest, problemVars } from '../lib/api.ts';
import { translateCode } from '../lib/translate.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { goTo } from './navigation.ts';

export interface DuplicateButtonProps {
  collection: CollectionName;
  id: number;
  disabled: boolean;
}

export function DuplicateButton({ collection, id, disabled }: DuplicateButtonProps) {
  const { t, locale } = useAdmin();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const duplicate = async () => {
    if (running.current || disabled) return;
    running.current = true;
    setBusy(true);
    try {
      const result = await apiRequest<{ id: number }>('POST', `${paths.adminApi(collection, id)}/duplicate`);
      if (!result.ok) {
        pushToast('error', `${t('admin.duplicate.failed')} ${translateCode(t, result.problem.code, problemVars(result.problem))}`);
        return;
      }
      pushToast('success', t('admin.duplicate.done'));
      goTo(paths.adminEdit(locale, collection, result.data.id));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="admin-button admin-button--quiet"
      aria-disabled={disabled || busy}
      onClick={() => void duplicate()}
      data-action="duplicate"
    >
      {busy ? t('admin.duplicate.busy') : t('admin.duplicate.button')}
    </button>
  );
}
