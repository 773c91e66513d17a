/**
 * The dates of a rule, computed by `recurrence-dates.ts`, which brings ical.js: loaded the first
 * time a screen shows a repeating event, so the admin's other screens never carry it.
 */
import { useEffect, useState } from 'react';
import type { Expand } from './repeat-state.ts';

let loaded: Expand | undefined;

/** `expandOccurrences` once loaded (undefined until then, or while nothing needs it). */
export function useExpander(needed: boolean): Expand | undefined {
  const [expand, setExpand] = useState<Expand | undefined>(() => loaded);
  useEffect(() => {
    if (!needed || expand) return;
    let live = true;
    void import('../../../lib/recurrence-dates.ts').then((module) => {
      loaded = module.expandOccurrences;
      if (live) setExpand(() => module.expandOccurrences);
    });
    return () => {
      live = false;
    };
  }, [needed, expand]);
  return expand;
}
