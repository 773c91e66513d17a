/**
 * Side-by-side translation (docs/decisions/037): which locale is edited, which one is shown
 * read-only beside it, and how a copy reaches the form. Provided by `TranslationCompare` around a
 * locale tab; fields read it through `Compared`, so the form itself knows nothing about it.
 */
import { createContext, useContext } from 'react';
import type { CopyWrite } from '../lib/copy-translation.ts';

export interface CompareState {
  /** The locale whose fields are being edited. */
  target: string;
  /** The read-only source locale; null when not comparing. */
  source: string | null;
  /** Applies a copy to the form state (nothing is saved) and offers to undo it. */
  copy(writes: readonly CopyWrite[]): void;
}

export const CompareContext = createContext<CompareState | null>(null);

/** The comparison around this field, or null outside one. */
export function useCompare(): CompareState | null {
  return useContext(CompareContext);
}
