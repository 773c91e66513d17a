/**
 * `POST /api/admin/translations/suggest` and `…/suggest/accept` (docs/decisions/056): shared by the
 * routes and the side-by-side translation view. Field names are checked against the collection's
 * translated fields by the service.
 */
import { z } from 'zod';
import { locales } from '../../i18n/config.ts';
import { collectionNames } from '../collections/declare.ts';

const locale = z.enum(locales, { error: 'INVALID_VALUE' });
const fieldName = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, { error: 'INVALID_VALUE' });
const itemTarget = {
  collection: z.enum(collectionNames, { error: 'INVALID_VALUE' }),
  id: z.number({ error: 'INVALID_TYPE' }).int({ error: 'INVALID_VALUE' }).positive({ error: 'INVALID_VALUE' }),
};

export const suggestTranslationSchema = z
  .strictObject({
    ...itemTarget,
    from: locale,
    to: locale,
    /** Field → its source text, as the form shows it (unsaved edits included). */
    fields: z
      .record(fieldName, z.string({ error: 'INVALID_TYPE' }).max(50_000, { error: 'TOO_LONG' }))
      .refine((fields) => Object.keys(fields).length > 0 && Object.keys(fields).length <= 20, { error: 'INVALID_VALUE' }),
  })
  .refine((body) => body.from !== body.to, { path: ['to'], error: 'SAME_LOCALE' });

export type SuggestTranslationInput = z.output<typeof suggestTranslationSchema>;

export const acceptSuggestionSchema = z.strictObject({
  ...itemTarget,
  locale,
  fields: z.array(fieldName).min(1, { error: 'REQUIRED' }).max(20, { error: 'TOO_LARGE' }),
});

export type AcceptSuggestionInput = z.output<typeof acceptSuggestionSchema>;

/** What the suggest endpoint answers: the suggested text of each field that had words to translate. */
export interface SuggestTranslationResult {
  suggestions: Record<string, string>;
}
