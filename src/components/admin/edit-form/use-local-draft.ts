/**
 * An edit form's unsaved state kept on this device (docs/decisions/054), as the form sees it: the
 * offer of a kept draft, and Restore / Discard / forget. The keeping itself (local-draft-keeper.ts)
 * loads only when there is something to keep or offer — the form's first change, or a kept draft
 * of this form on opening — so a form that is only looked at loads none of it.
 */
import { useStore } from '@nanostores/react';
import { atom, type WritableAtom } from 'nanostores';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormAction, FormState } from './edit-form-state.ts';
import { idOf } from './edit-form-state.ts';
import type { DraftOffer } from './local-draft.ts';
import type { Keeper } from './local-draft-keeper.ts';
import { localDraftKey } from './local-draft-key.ts';

export interface LocalDraftControls {
  /** A kept draft to offer back, or null. */
  offer: DraftOffer | null;
  /** Puts the kept draft back in the form, as if typed: dirty, not saved. */
  restore: () => void;
  /** Drops the kept draft. */
  discard: () => void;
  /** Forgets the kept draft now (the item was created or deleted). */
  forget: () => void;
}

function storageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function useLocalDraft(
  $form: WritableAtom<FormState>,
  dispatch: (action: FormAction) => void,
  collection: string,
  userId: string | null,
): LocalDraftControls {
  const [itemId] = useState(() => {
    const item = $form.get().item;
    return item ? idOf(item) : null;
  });
  // A store, like the form's: what localStorage holds is learnt in an effect, once hydrated.
  const [$offer] = useState(() => atom<DraftOffer | null>(null));
  const offer = useStore($offer);
  const keeper = useRef<Keeper | null>(null);
  /** This form's storage key once the person is known (read by `forget`, whose identity must not change). */
  const keyName = useRef<string | null>(null);

  useEffect(() => {
    const storage = storageOrNull();
    if (!storage || !userId) return;
    const key = { userId, collection, itemId };
    keyName.current = localDraftKey(key);
    let live = true;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      stopWaiting();
      import('./local-draft-keeper.ts')
        .then(({ startKeeping }) => {
          if (live) keeper.current = startKeeping({ storage, key, $form, dispatch, onOffer: (next) => $offer.set(next) });
        })
        .catch(() => {
          // The chunk did not load (offline, a new deploy): this visit keeps nothing.
        });
    };
    const stopWaiting = $form.listen((state) => state.dirty && start());
    let kept: string | null = null;
    try {
      kept = storage.getItem(localDraftKey(key));
    } catch {
      // Refused storage: nothing was kept.
    }
    if (kept !== null) start();
    return () => {
      live = false;
      stopWaiting();
      keeper.current?.stop();
      keeper.current = null;
    };
  }, [$form, $offer, collection, dispatch, itemId, userId]);

  const restore = useCallback(() => {
    if (offer) keeper.current?.restore(offer);
  }, [offer]);
  const discard = useCallback(() => keeper.current?.discard(), []);
  // Stable: the form's actions (and the fields' effects that depend on them) must not change
  // when the signed-in person becomes known after hydration.
  const forget = useCallback(() => {
    if (keeper.current) return keeper.current.forget();
    try {
      if (keyName.current) storageOrNull()?.removeItem(keyName.current);
    } catch {
      // Refused storage: nothing was kept.
    }
  }, []);

  return { offer, restore, discard, forget };
}
