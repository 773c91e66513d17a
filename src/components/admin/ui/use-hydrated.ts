/**
 * False while the server renders and while React hydrates the server's HTML, true from the first
 * client render on. A form keeps its fields disabled until then: what someone types before React
 * owns the inputs would otherwise be overwritten or mixed with the server's value, and a click on
 * Save would submit the form natively instead of through the API.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
