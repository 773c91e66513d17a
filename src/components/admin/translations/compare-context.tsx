/**
 * Side-by-side translation (docs/decisions/037): which locale is edited, which one is shown
 * read-only beside it, and how a copy reaches the form. Provided by `TranslationCompare` around a
 * locale tab; fields read it through `Compared`, so the form itself knows nothing about it.
 * Machine suggestions (decision 056) travel the same way: their marks and "Accept".
 */
import { createContext, useContext } from 'react';
import type { CopyWrite } from '../lib/copy-translation.ts';
import type { SuggestionMarks } from '../lib/suggest-translation.ts';

export interface CompareState {
  /** The locale whose fields are being edited. */
  target: string;
  /** The read-only source locale; null when not comparing. */
  source: string | null;
  /** Applies a copy to the form state (nothing is saved) and offers to undo it. */
  copy(writes: readonly CopyWrite[]): void;
  /** Form path → the machine suggestion a field was filled with, until accepted. */
  suggestions: SuggestionMarks;
  /** A person accepts the suggestion of `field` (of the target locale) as it is. */
  accept(fields: readonly string[]): void;
}

export const CompareContext = createContext<CompareState | null>(null);

/** The comparison around this field, or null outside one. */
export function useCompare(): CompareState | null {
  return useContext(CompareContext);
}
