/** The API representation of one item: base fields, texts per locale, relation ids, badges. */
import type { EntitySpec, EntityState } from './entity-spec.ts';
import { localeCompleteness } from './completeness.ts';

/** Columns that never leave the server. */
export const hiddenColumns: ReadonlySet<string> = new Set(['sha256']);

/** JSON-ready view of a state (dates become ISO strings when serialised). */
export function entityView(spec: EntitySpec, state: EntityState): Record<string, unknown> {
  const values = Object.fromEntries(Object.entries(state.values).filter(([key]) => !hiddenColumns.has(key)));
  return {
    ...values,
    ...state.links,
    translations: state.translations,
    locales: localeCompleteness(spec.translations, state.translations),
    ...spec.present?.(state),
  };
}
