/**
 * An edit form as its components see it: the form's state (edit-form-state.ts) and its actions
 * (edit-form-actions.ts) bound to the browser — fetch, toasts, navigation, focus and the
 * unsaved-changes guard. Validation uses the shared zod schemas; every answer of the API shows
 * where it belongs: field errors next to their fields, a slug suggestion, a conflict, usages.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useId, useMemo, useState } from 'react';
import type { Collection } from '../../../lib/collections/index.ts';
import { $currentUser } from '../../../stores/current-user.ts';
import { setFormDirty } from '../../../stores/dirty-guard.ts';
import { pushToast } from '../../../stores/toasts.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import {
  discardCopy,
  moveStatus,
  publishCopy,
  removeItem,
  resolveConflict,
  saveCopy,
  saveItem,
  type CopyStart,
  type DraftStart,
  type FormEnv,
} from './edit-form-actions.ts';
import { formReducer, initialFormState, type ConflictChoice, type DeleteState, type FormAction, type Item } from './edit-form-state.ts';
import { goTo } from './navigation.ts';
import { useLocalDraft } from './use-local-draft.ts';
import { editsThroughCopy, workingCopyOf } from './working-copy-state.ts';

export type { Conflict, DeleteState } from './edit-form-state.ts';
export type { WorkingCopy } from './working-copy-state.ts';

export interface EditFormOptions {
  config: Collection;
  /** The item as loaded by the page; null on a create form. */
  item: Item | null;
  /** Initial values of a new item. */
  defaults?: Record<string, unknown>;
}

/** Focuses the first invalid control once React has rendered the errors. */
function focusFirstInvalid(formId: string): void {
  requestAnimationFrame(() => {
    const form = document.getElementById(formId);
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? form?.querySelector<HTMLElement>('.admin-form__summary'))?.focus();
  });
}

export function useEditForm({ config, item, defaults = {} }: EditFormOptions) {
  const { t, locale } = useAdmin();
  const formId = `form-${useId().replace(/:/g, '')}`;
  // A store rather than useReducer: an action reads the state again after each await, and a
  // request in flight must block a second click before React renders.
  const [$form] = useState(() => atom(initialFormState(config.draft, item, defaults)));
  const state = useStore($form);
  const user = useStore($currentUser);
  const dispatch = useMemo(() => (action: FormAction) => $form.set(formReducer($form.get(), action)), [$form]);
  // Unsaved edits kept on this device, per person (the store is empty until the page's user is known).
  const localDraft = useLocalDraft($form, dispatch, config.name, user?.id ?? null);
  const { forget: forgetLocalDraft } = localDraft;

  const actions = useMemo(() => {
    const env: FormEnv = {
      config,
      t,
      locale,
      fetch: (path, init) => fetch(path, init),
      getState: () => $form.get(),
      dispatch,
      toast: pushToast,
      goTo,
      focusInvalid: () => focusFirstInvalid(formId),
      markClean: () => {
        setFormDirty(formId, false);
        forgetLocalDraft();
      },
    };
    return {
      setValue: (path: string, value: unknown) => env.dispatch({ type: 'edited', path, value }),
      /** Sets initial values of a new item without making the form dirty (values known only in the browser). */
      setDefaults: (values: Record<string, unknown>) => env.dispatch({ type: 'defaulted', values }),
      /** Starts the form again from `next`, as the server returned it. */
      resetTo: (next: Item) => env.dispatch({ type: 'loaded', item: next }),
      /** The item and whether edits are unsaved, as they are now (after an awaited save). */
      current: () => ({ item: $form.get().item, dirty: $form.get().dirty }),
      setInUse: (inUse: DeleteState | null) => env.dispatch({ type: 'usagesShown', inUse }),
      save: (overrides?: Record<string, unknown>, from?: DraftStart) => saveItem(env, overrides, from),
      move: (to: string) => moveStatus(env, to),
      saveCopy: (from?: CopyStart) => saveCopy(env, from),
      publishCopy: (from?: CopyStart) => publishCopy(env, from),
      discardCopy: () => discardCopy(env),
      resolveConflict: (choice: ConflictChoice) => void resolveConflict(env, choice),
      remove: (detach?: boolean) => removeItem(env, detach),
    };
  }, [$form, config, dispatch, forgetLocalDraft, formId, locale, t]);

  useEffect(() => setFormDirty(formId, state.dirty), [formId, state.dirty]);
  useEffect(() => () => setFormDirty(formId, false), [formId]);

  return {
    formId,
    item: state.item,
    base: state.base,
    draft: state.draft,
    errors: state.errors,
    saving: state.saving,
    dirty: state.dirty,
    copyMode: editsThroughCopy(config, state.item),
    workingCopy: workingCopyOf(state.item),
    conflict: state.conflict,
    slugSuggestion: state.slugSuggestion,
    inUse: state.inUse,
    localDraft,
    ...actions,
  };
}

export type EditFormState = ReturnType<typeof useEditForm>;
