/**
 * Keeps one edit form's unsaved state on this device while it is dirty, and offers a kept draft
 * back (docs/decisions/054). The form's store is watched outside React: a change is written half
 * a second after the last keystroke, and at once when the page is hidden or goes away; a clean
 * form (saved, reverted) forgets it. While a kept draft is offered, nothing is written over it
 * until the person restores or discards it. Loaded by use-local-draft.ts once there is something
 * to keep or to offer.
 */
import type { WritableAtom } from 'nanostores';
import type { FormAction, FormState } from './edit-form-state.ts';
import { offerOf, parseLocalDraft, type DraftOffer } from './local-draft.ts';
import { localDraftStore, pruneExpiredDrafts } from './local-draft-store.ts';
import type { LocalDraftKey } from './local-draft-key.ts';

/** How long the form waits after a change before writing it (typing stays cheap). */
const WRITE_DELAY_MS = 500;

export interface KeeperOptions {
  storage: Storage;
  key: LocalDraftKey;
  $form: WritableAtom<FormState>;
  dispatch: (action: FormAction) => void;
  /** Shows (a kept draft) or hides (null) the banner. */
  onOffer: (offer: DraftOffer | null) => void;
}

export interface Keeper {
  /** Puts the offered draft back in the form, as if typed: dirty, not saved. */
  restore: (offer: DraftOffer) => void;
  /** Drops the offered draft. */
  discard: () => void;
  /** Forgets the kept draft and keeps nothing more (the item was created or deleted). */
  forget: () => void;
  /** Writes what is pending and stops watching (the form unmounts). */
  stop: () => void;
}

export function startKeeping({ storage, key, $form, dispatch, onOffer }: KeeperOptions): Keeper {
  const store = localDraftStore(storage, key);
  const now = Date.now();
  pruneExpiredDrafts(storage, now);
  const { base, loaded, copyVersion } = $form.get();
  const offer = offerOf(parseLocalDraft(store.read()), { base, loaded, copyVersion }, now);
  if (!offer) store.clear();
  /** False while a kept draft waits for an answer, and after `forget`. */
  let keeping = !offer;
  let pending: ReturnType<typeof setTimeout> | undefined;
  onOffer(offer);

  const writeNow = () => {
    clearTimeout(pending);
    pending = undefined;
    if (!keeping) return;
    const state = $form.get();
    if (!state.dirty) return store.clear();
    store.write({ savedAt: Date.now(), base: state.base, loaded: state.loaded, draft: state.draft, copyVersion: state.copyVersion });
  };
  const later = () => {
    clearTimeout(pending);
    pending = setTimeout(writeNow, WRITE_DELAY_MS);
  };
  const unlisten = $form.listen((state, previous) => {
    if (!keeping || (state.draft === previous?.draft && state.dirty === previous.dirty)) return;
    if (state.dirty) later();
    else writeNow();
  });
  const flush = () => pending !== undefined && writeNow();
  const onVisibility = () => document.visibilityState === 'hidden' && flush();
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onVisibility);
  // Edits made before this module loaded are kept too.
  if (keeping && $form.get().dirty) later();

  return {
    restore({ draft }) {
      keeping = true;
      onOffer(null);
      dispatch({ type: 'restored', base: draft.base, loaded: draft.loaded, draft: draft.draft, copyVersion: draft.copyVersion });
    },
    discard() {
      store.clear();
      keeping = true;
      onOffer(null);
      if ($form.get().dirty) later();
    },
    forget() {
      clearTimeout(pending);
      pending = undefined;
      keeping = false;
      store.clear();
    },
    stop() {
      flush();
      unlisten();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
