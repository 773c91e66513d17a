/**
 * Toasts shared by every admin island: a form pushes "Saved", the toast region (mounted once in
 * the admin shell and persisted across client-side navigations) shows it. Browser-only state:
 * never written during server rendering, where module state would be shared between requests.
 */
import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** How long a success/info toast stays; errors stay until dismissed (they may need reading). */
export const TOAST_TIMEOUT_MS = 6_000;
const MAX_TOASTS = 5;

export const $toasts = atom<readonly Toast[]>([]);

let nextId = 1;

/** Removes one toast. */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/**
 * Shows a toast; returns its id. Only the newest few are kept. A success reports the latest
 * outcome, so it replaces earlier outcomes (an error the save has now fixed, an older "Created");
 * an error replaces an earlier success, which it contradicts. Infos only add.
 */
export function pushToast(kind: ToastKind, message: string): number {
  const id = nextId++;
  const kept = $toasts.get().filter((toast) => kind === 'info' || toast.kind === 'info' || (kind === 'error' && toast.kind === 'error'));
  $toasts.set([...kept, { id, kind, message }].slice(-MAX_TOASTS));
  if (kind !== 'error' && typeof window !== 'undefined') window.setTimeout(() => dismissToast(id), TOAST_TIMEOUT_MS);
  return id;
}
