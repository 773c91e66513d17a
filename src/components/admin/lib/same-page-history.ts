/**
 * Back and Forward between history entries a screen wrote itself (a list's filters, sort and
 * page). Astro's ClientRouter answers every `popstate` that carries its state by fetching the
 * whole page and swapping it in. Chromium calls a window's `popstate` listeners in the order
 * they were added, capture or not, so a listener an island adds after hydration runs after the
 * router's and cannot stop it. This module adds its listener when it is first imported, which
 * `AdminRouter.astro` does before the router's script runs, and hands each event to the screen
 * that claimed them.
 */
type Claim = (event: PopStateEvent) => boolean;

let claim: Claim | null = null;

/** Lets `handle` take Back/Forward events (it returns true for those it handled); returns the release. */
export function claimSamePageTraversals(handle: Claim): () => void {
  claim = handle;
  return () => {
    if (claim === handle) claim = null;
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => {
    if (claim?.(event)) event.stopImmediatePropagation();
  });
}
