import { describe, expect, it } from 'vitest';
import { createTranslator, translateCode } from '../../src/components/admin/lib/translate.ts';
import { errorsAt, hasErrorsUnder } from '../../src/components/admin/lib/field-errors.ts';
import { issuesToFieldErrors } from '../../src/lib/field-errors.ts';
import { tagsCollection } from '../../src/lib/collections/tags.ts';

const strings = {
  'admin.list.selected_one': '{{count}} item selected',
  'admin.list.selected_other': '{{count}} items selected',
  'admin.greeting': 'Hello {{name}}',
  'admin.error.TOO_LONG': 'Too long',
  'admin.error.UNKNOWN': 'Unexpected error ({{code}})',
  'publication.error.UNPUBLISH_BEFORE_PUBLISH': 'Ends before it starts',
  'workingCopy.error.NOT_PUBLISHED': 'Only a published item keeps a draft',
};

describe('island strings', () => {
  const t = createTranslator(strings, 'en');

  it('interpolates and picks plural forms', () => {
    expect(t('admin.greeting', { name: 'Ada' })).toBe('Hello Ada');
    expect(t('admin.list.selected', { count: 1 })).toBe('1 item selected');
    expect(t('admin.list.selected', { count: 3 })).toBe('3 items selected');
    expect(createTranslator(strings, 'fr')('admin.list.selected', { count: 0 })).toBe('0 item selected');
  });

  it('shows the key for a missing string and a generic sentence for an unknown code', () => {
    expect(t('admin.nope')).toBe('admin.nope');
    expect(translateCode(t, 'TOO_LONG')).toBe('Too long');
    expect(translateCode(t, 'SOMETHING_NEW')).toBe('Unexpected error (SOMETHING_NEW)');
  });

  it('finds the codes of features with their own sections (publication, working copies)', () => {
    expect(translateCode(t, 'UNPUBLISH_BEFORE_PUBLISH')).toBe('Ends before it starts');
    expect(translateCode(t, 'NOT_PUBLISHED')).toBe('Only a published item keeps a draft');
  });
});

describe('client-side field errors', () => {
  it('keys zod issues of the shared schemas like the API does', () => {
    const result = tagsCollection.createSchema!.safeParse({ slug: 'Not A Slug', translations: { fr: { label: '' } }, colour: 'red' });
    const errors = issuesToFieldErrors(result.error!.issues);
    expect(errors).toEqual({ slug: ['INVALID_SLUG'], 'translations.fr.label': ['REQUIRED'], colour: ['UNKNOWN_FIELD'] });
    expect(errorsAt(errors, 'slug')).toEqual(['INVALID_SLUG']);
    expect(hasErrorsUnder(errors, 'translations.fr')).toBe(true);
    expect(hasErrorsUnder(errors, 'translations.en')).toBe(false);
  });
});
