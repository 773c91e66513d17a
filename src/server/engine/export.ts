/**
 * CSV and JSON exports of a collection, streamed in batches so a 100k-event export never sits in
 * memory. Rows are the full API view of each item; CSV flattens texts to `<field>_<locale>`
 * columns, relation lists to space-separated ids and links to readable text (csv-cell.ts).
 */
import { getTableColumns } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { Executor } from '../../../db/client.ts';
import { locales } from '../../i18n/config.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';
import { loadStates } from './entity-state.ts';
import { localeCompleteness } from './completeness.ts';
import { csvCell } from './csv-cell.ts';
import { entityView } from './entity-view.ts';
import { nextExportIds, type ListDefinition } from './list.ts';

const BATCH = 500;
const hidden = new Set(['sha256']);

/** CSV header of a collection: base columns, texts per locale, relation lists, badges. */
function csvColumns(spec: EntitySpec): string[] {
  const base = Object.keys(getTableColumns(spec.table)).filter((key) => !hidden.has(key));
  const texts = locales.flatMap((locale) => spec.translations.fields.map((field) => `${field}_${locale}`));
  const badges = locales.map((locale) => `status_${locale}`);
  return [...base, ...texts, ...Object.keys(spec.links), ...badges];
}

function flatten(spec: EntitySpec, state: EntityState): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state.values)) row[key] = value;
  for (const locale of locales) {
    for (const field of spec.translations.fields) row[`${field}_${locale}`] = state.translations[locale]?.[field] ?? null;
  }
  for (const key of Object.keys(spec.links)) row[key] = state.links[key] ?? [];
  const badges = localeCompleteness(spec.translations, state.translations);
  for (const locale of locales) row[`status_${locale}`] = badges[locale];
  return row;
}

async function* batches<Q extends { q?: string | undefined }>(db: Executor, definition: ListDefinition<Q>, query: Q) {
  let after = 0;
  for (;;) {
    const ids = await nextExportIds(db, definition, query, after, BATCH);
    if (ids.length === 0) return;
    const states = await loadStates(db, definition.spec, ids);
    yield ids.flatMap((id) => states.get(id) ?? []);
    after = ids[ids.length - 1]!;
    if (ids.length < BATCH) return;
  }
}

/** The export as a streamed response body (CSV with a header row, or a JSON array). */
export function exportStream<Q extends { q?: string | undefined }>(
  db: Executor,
  definition: ListDefinition<Q>,
  query: Q,
  format: 'csv' | 'json',
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { spec } = definition;
  const columns = csvColumns(spec);
  const source = batches(db, definition, query);
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) {
        if (format === 'json') controller.enqueue(encoder.encode(first ? '[]\n' : '\n]\n'));
        else if (first) controller.enqueue(encoder.encode(stringify([], { header: true, columns })));
        controller.close();
        return;
      }
      let text: string;
      if (format === 'json') {
        text = next.value.map((state, index) => `${first && index === 0 ? '[\n' : ',\n'}${JSON.stringify(entityView(spec, state))}`).join('');
      } else {
        const rows = next.value.map((state) => {
          const flat = flatten(spec, state);
          return columns.map((column) => csvCell(flat[column]));
        });
        text = stringify(rows, { header: first, columns });
      }
      if (next.value.length > 0) first = false;
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}
