/**
 * The machine suggestions a form holds (docs/decisions/056), kept by the locale tabs so they
 * outlive switching tabs: form path → the suggested text, until a person accepts it. A field
 * whose text differs from its suggestion (edited, undone) no longer shows the mark.
 */
import { useCallback, useMemo, useState } from 'react';
import type { SuggestionMarks } from '../lib/suggest-translation.ts';

export interface SuggestionMarksState {
  marks: SuggestionMarks;
  add(marks: Readonly<Record<string, string>>): void;
  remove(paths: readonly string[]): void;
}

export function useSuggestionMarks(): SuggestionMarksState {
  const [marks, setMarks] = useState<SuggestionMarks>({});
  const add = useCallback((added: Readonly<Record<string, string>>) => setMarks((current) => ({ ...current, ...added })), []);
  const remove = useCallback(
    (paths: readonly string[]) => setMarks((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !paths.includes(path)))),
    [],
  );
  return useMemo(() => ({ marks, add, remove }), [marks, add, remove]);
}
