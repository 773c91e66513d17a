/**
 * Translation suggestions (docs/decisions/056): the texts of a source locale, translated by the
 * configured service into the fields a translator asked for, returned to the form and marked as
 * unreviewed on the item (engine/suggestion-marks.ts) until a person edits or accepts them.
 * Nothing else is written: the form keeps the suggestions until Save.
 */
import type { Database } from '../../../db/client.ts';
import type { AcceptSuggestionInput, SuggestTranslationInput, SuggestTranslationResult } from '../../lib/admin-schemas/translation-suggestions.ts';
import { adminResources } from '../collections/registry.ts';
import { loadStates } from '../engine/entity-state.ts';
import { clearSuggestions, markSuggestions } from '../engine/suggestion-marks.ts';
import { AdminError, notFound } from '../errors/domain-errors.ts';
import { MachineTranslationError, machineTranslationFailures, type Translate } from './machine-translation.ts';
import { prepareText } from './markdown-segments.ts';

/** The item's resource, once its translated fields include every field named (400 otherwise) and it exists (404). */
async function itemResource(db: Database, collection: SuggestTranslationInput['collection'], id: number, fields: readonly string[], at: string) {
  const resource = adminResources[collection];
  const unknown = fields.filter((field) => !resource.spec.translations.fields.includes(field));
  if (unknown.length > 0) {
    const errors = Object.fromEntries(unknown.map((field) => [`${at}.${field}`, ['UNKNOWN_FIELD']]));
    throw new AdminError(400, 'VALIDATION_FAILED', 'The request names fields this collection does not translate', { errors });
  }
  if (!(await loadStates(db, resource.spec, [id])).get(id)) throw notFound(resource.spec.entity, id);
  return resource;
}

/** Suggests translations of `input.fields` into `input.to`; the service's failures become 502/503 problems. */
export async function suggestTranslations(db: Database, translate: Translate, input: SuggestTranslationInput): Promise<SuggestTranslationResult> {
  const { spec } = await itemResource(db, input.collection, input.id, Object.keys(input.fields), 'fields');
  const prepared = Object.entries(input.fields)
    .filter(([, text]) => text.trim() !== '')
    .map(([field, text]) => ({ field, text: prepareText(text) }));
  const segments = prepared.flatMap(({ text }) => text.segments);
  let translated: string[] = [];
  try {
    if (segments.length > 0) translated = await translate(segments, input.from, input.to);
  } catch (error) {
    if (!(error instanceof MachineTranslationError)) throw error;
    throw new AdminError(machineTranslationFailures[error.code], error.code, 'The translation service could not suggest a translation');
  }
  const suggestions: Record<string, string> = {};
  let offset = 0;
  for (const { field, text } of prepared) {
    const suggestion = text.restore(translated.slice(offset, offset + text.segments.length));
    offset += text.segments.length;
    if (suggestion.trim() !== '') suggestions[field] = suggestion;
  }
  await markSuggestions(db, spec.entity, input.id, input.to, suggestions);
  return { suggestions };
}

/** A person accepted these suggested texts as they are: they may be saved and published. */
export async function acceptSuggestions(db: Database, input: AcceptSuggestionInput): Promise<void> {
  const { spec } = await itemResource(db, input.collection, input.id, input.fields, 'fields');
  await clearSuggestions(db, spec.entity, input.id, input.locale, input.fields);
}
