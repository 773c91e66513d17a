/**
 * Page changes from islands go through Astro's ClientRouter (fetch + swap, full navigation as its
 * own fallback), so toasts in the persisted region and the router's focus handling carry over.
 */
import { navigate } from 'astro:transitions/client';

/** Goes to a same-origin admin page. */
export function goTo(path: string): void {
  navigate(path).catch(() => window.location.assign(path));
}
