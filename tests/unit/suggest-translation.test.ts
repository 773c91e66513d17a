/** The form's side of translation suggestions (docs/decisions/056). */
import { describe, expect, it } from 'vitest';
import { isUnreviewed, suggestionRequestFields, suggestionWrites } from '../../src/components/admin/lib/suggest-translation.ts';
import type { FormDraft } from '../../src/components/admin/lib/payload.ts';

const draft: FormDraft = {
  translations: {
    en: { title: 'Night swim', summary: 'Lanterns', body: '', venueName: 'Quay' },
    fr: { title: '', summary: 'Lanternes', body: '', venueName: '  ' },
  },
};

describe('translation suggestions in the form', () => {
  it('asks only for the empty target fields whose source has text', () => {
    expect(suggestionRequestFields(draft, 'en', 'fr')).toEqual({ title: 'Night swim', venueName: 'Quay' });
    expect(suggestionRequestFields(draft, 'en', 'de')).toEqual({ title: 'Night swim', summary: 'Lanterns', venueName: 'Quay' });
  });

  it('fills only fields still empty when the answer comes', () => {
    const typed: FormDraft = { translations: { ...draft.translations, fr: { ...draft.translations['fr'], title: 'Baignade' } } };
    expect(suggestionWrites(typed, 'fr', { title: 'NAGE', venueName: 'QUAI' })).toEqual([{ path: 'translations.fr.venueName', value: 'QUAI', previous: '  ' }]);
  });

  it('marks a field as unreviewed while its text is exactly the suggestion', () => {
    const marks = { 'translations.fr.summary': 'Lanternes' };
    expect(isUnreviewed(marks, draft, 'translations.fr.summary')).toBe(true);
    const edited: FormDraft = { translations: { ...draft.translations, fr: { ...draft.translations['fr'], summary: 'Lanternes !' } } };
    expect(isUnreviewed(marks, edited, 'translations.fr.summary')).toBe(false);
    expect(isUnreviewed(marks, draft, 'translations.fr.title')).toBe(false);
  });
});
