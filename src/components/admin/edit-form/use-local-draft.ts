/**
 * Keeps an edit form's unsaved state on this device while it is dirty (local-draft.ts), and offers
 * a kept draft back when the form opens. The form's store is watched outside React: each change
 * is written half a second after the last keystroke, and at once when the page is hidden or goes
 * away; a clean form (saved, reverted, created) forgets it. While a kept draft is offered, nothing
 * is written over it until the person restores or discards it.
 */
import { useStore } from '@nanostores/react';
import { atom, type WritableAtom } from 'nanostores';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormAction, FormState } from './edit-form-state.ts';
import { idOf } from './edit-form-state.ts';
import type { DraftOffer } from './local-draft.ts';
import { localDraftStore, pruneExpiredDrafts, type LocalDraftStore } from './local-draft-store.ts';

/** How long the form waits after a change before writing it (typing stays cheap). */
const WRITE_DELAY_MS = 500;

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
  const initialItem = $form.get().item;
  const itemId = initialItem ? idOf(initialItem) : null;
  const store = useMemo<LocalDraftStore | null>(() => {
    const storage = storageOrNull();
    return storage && userId ? localDraftStore(storage, { userId, collection, itemId }) : null;
  }, [collection, itemId, userId]);
  // A store, like the form's: what localStorage holds is learnt in an effect, once hydrated.
  const [$offer] = useState(() => atom<DraftOffer | null>(null));
  const offer = useStore($offer);
  /** False while a kept draft waits for an answer: the form's own state is not written over it. */
  const keeping = useRef(false);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!store) return;
    let live = true;
    pruneExpiredDrafts(window.localStorage, Date.now());
    const kept = store.read();
    keeping.current = !kept;
    // The reader (and its schema) loads only when this form has a kept draft.
    if (kept) {
      void import('./local-draft.ts')
        .then(({ offerOf, parseLocalDraft }) => {
          if (!live) return;
          const { base, loaded, copyVersion } = $form.get();
          const found = offerOf(parseLocalDraft(kept), { base, loaded, copyVersion }, Date.now());
          if (!found) store.clear();
          keeping.current = !found;
          $offer.set(found);
        })
        .catch(() => {
          // The chunk did not load (offline, a new deploy): the kept draft waits for the next visit.
        });
    }

    const writeNow = () => {
      clearTimeout(pending.current);
      pending.current = undefined;
      if (!keeping.current) return;
      const state = $form.get();
      if (!state.dirty) return store.clear();
      store.write({ savedAt: Date.now(), base: state.base, loaded: state.loaded, draft: state.draft, copyVersion: state.copyVersion });
    };
    const unlisten = $form.listen((state, previous) => {
      if (!keeping.current || (state.draft === previous?.draft && state.dirty === previous.dirty)) return;
      if (!state.dirty) return writeNow();
      clearTimeout(pending.current);
      pending.current = setTimeout(writeNow, WRITE_DELAY_MS);
    });
    const flush = () => {
      if (pending.current !== undefined) writeNow();
    };
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      live = false;
      flush();
      unlisten();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [$form, $offer, store]);

  const restore = useCallback(() => {
    if (!offer) return;
    const { base, loaded, draft, copyVersion } = offer.draft;
    keeping.current = true;
    $offer.set(null);
    dispatch({ type: 'restored', base, loaded, draft, copyVersion });
  }, [$offer, dispatch, offer]);

  const discard = useCallback(() => {
    store?.clear();
    keeping.current = true;
    $offer.set(null);
  }, [$offer, store]);

  const forget = useCallback(() => {
    clearTimeout(pending.current);
    pending.current = undefined;
    keeping.current = false;
    store?.clear();
  }, [store]);

  return { offer, restore, discard, forget };
}
