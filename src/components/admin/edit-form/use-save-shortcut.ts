/**
 * Ctrl+S (⌘S on a Mac) saves the form from anywhere on its page, as its Save button would: the
 * browser's "Save page" dialog never opens over the form. Nothing happens while the form cannot
 * be saved (`canSave`: hydrated, no request in flight) or while a dialog is open.
 */
import { useEffect, useSyncExternalStore } from 'react';

/** The shortcut as `aria-keyshortcuts` names it. */
export const SAVE_KEYSHORTCUTS = 'Control+S Meta+S';

/** True for Ctrl+S or ⌘S, without other modifiers, outside an input method's composition. */
export function isSaveShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && !event.isComposing && event.key.toLowerCase() === 's';
}

export function useSaveShortcut(formId: string, canSave: boolean): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event)) return;
      const form = document.getElementById(formId);
      if (!(form instanceof HTMLFormElement)) return;
      event.preventDefault();
      if (!canSave || document.querySelector('dialog[open]')) return;
      form.requestSubmit();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [formId, canSave]);
}

const noSubscription = () => () => {};

/** The shortcut as this device writes it: "⌘S" on Apple systems, "Ctrl+S" elsewhere (and on the server). */
export function useSaveKeysLabel(): string {
  return useSyncExternalStore(
    noSubscription,
    () => (/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? '⌘S' : 'Ctrl+S'),
    () => 'Ctrl+S',
  );
}
