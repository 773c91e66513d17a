/**
 * The unsaved-changes guard shared by every edit form. Forms mark themselves dirty; while any is,
 * leaving the page asks first — for full page loads (`beforeunload`, the browser's own prompt)
 * and for Astro's client-side navigations (a localized `confirm` on link clicks, captured before
 * the ClientRouter sees them). Browser-only state.
 */
import { computed, map } from 'nanostores';

export const $dirtyForms = map<Record<string, boolean>>({});

/** True while at least one form holds unsaved changes. */
export const $hasUnsavedChanges = computed($dirtyForms, (forms) => Object.values(forms).some(Boolean));

/** Marks one form (by a stable id) dirty or clean. */
export function setFormDirty(formId: string, dirty: boolean): void {
  if (Boolean($dirtyForms.get()[formId]) === dirty) return;
  if (dirty) $dirtyForms.setKey(formId, true);
  else $dirtyForms.setKey(formId, undefined as unknown as boolean);
}

/** Forgets every dirty flag (after the user agreed to leave). */
export function clearDirtyForms(): void {
  $dirtyForms.set({});
}

let installed = false;
let message = 'You have unsaved changes. Leave this page anyway?';

/** True when a click on `target` would navigate this tab to another same-origin page. */
function navigatingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return null;
  if (link.target && link.target !== '_self') return null;
  if (link.hasAttribute('download')) return null;
  const to = new URL(link.href, location.href);
  if (to.origin !== location.origin) return null;
  // A link to a fragment of this very page does not leave it.
  if (to.pathname === location.pathname && to.search === location.search && to.hash) return null;
  return link;
}

/**
 * Installs the guard once per page session (it survives client-side navigations); `text` is the
 * localized question. Returns nothing: the guard reads the store on every attempt.
 */
export function installDirtyGuard(text: string): void {
  message = text;
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('beforeunload', (event) => {
    if (!$hasUnsavedChanges.get()) return;
    event.preventDefault();
    // Older browsers need returnValue set to show their prompt.
    event.returnValue = '';
  });
  // Capture phase: runs before the ClientRouter's own click listener, which skips prevented clicks.
  document.addEventListener(
    'click',
    (event) => {
      if (!$hasUnsavedChanges.get() || !navigatingLink(event)) return;
      if (window.confirm(message)) {
        clearDirtyForms();
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );
  // Back/forward inside the ClientRouter: cancelling the preparation makes the router fall back
  // to a full navigation, where `beforeunload` asks with the browser's own prompt.
  document.addEventListener('astro:before-preparation', (event) => {
    if ($hasUnsavedChanges.get() && !window.confirm(message)) event.preventDefault();
    else clearDirtyForms();
  });
}
