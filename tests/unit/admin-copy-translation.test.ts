/** Copying texts between locales of a form draft ("Copy from English"), and undoing a copy. */
import { describe, expect, it } from 'vitest';
import {
  localesWithText,
  overwritesText,
  parseTranslationPath,
  planCopy,
  undoWrites,
  type CopyWrite,
} from '../../src/components/admin/lib/copy-translation.ts';
import { writePath } from '../../src/components/admin/lib/draft-paths.ts';
import type { FormDraft } from '../../src/components/admin/lib/payload.ts';

const fields = ['title', 'summary', 'body'];

function draftOf(translations: FormDraft['translations']): FormDraft {
  return { slug: 'night', translations };
}

function apply(draft: FormDraft, writes: readonly CopyWrite[]): FormDraft {
  return writes.reduce((current, write) => writePath(current, write.path, write.value), draft);
}

describe('localesWithText', () => {
  it('lists the other locales holding any non-blank text, in order', () => {
    const draft = draftOf({
      en: { title: 'Night', summary: '', body: '' },
      fr: { title: '  ', summary: '', body: '' },
      de: { title: '', summary: '', body: 'Text' },
    });
    expect(localesWithText(draft, ['en', 'fr', 'de'], 'fr')).toEqual(['en', 'de']);
    expect(localesWithText(draft, ['en', 'fr', 'de'], 'en')).toEqual(['de']);
  });
});

describe('planCopy', () => {
  const draft = draftOf({
    en: { title: 'Night music', summary: 'Late concert', body: '## Programme\n\n- Bach' },
    fr: { title: 'Musique de nuit', summary: '', body: '' },
  });

  it('copies one field into the target locale, leaving the source and other fields alone', () => {
    const writes = planCopy(draft, 'en', 'fr', ['summary']);
    expect(writes).toEqual([{ path: 'translations.fr.summary', value: 'Late concert', previous: '' }]);
    const after = apply(draft, writes);
    expect(after.translations['fr']).toEqual({ title: 'Musique de nuit', summary: 'Late concert', body: '' });
    expect(after.translations['en']).toEqual(draft.translations['en']);
  });

  it('copies Markdown verbatim', () => {
    const after = apply(draft, planCopy(draft, 'en', 'fr', ['body']));
    expect(after.translations['fr']?.['body']).toBe('## Programme\n\n- Bach');
  });

  it('copies every field with source text, and says when it replaces typed text', () => {
    const writes = planCopy(draft, 'en', 'fr', fields);
    expect(writes.map((write) => write.path)).toEqual(['translations.fr.title', 'translations.fr.summary', 'translations.fr.body']);
    expect(overwritesText(writes)).toBe(true);
    expect(overwritesText(planCopy(draft, 'en', 'fr', ['summary', 'body']))).toBe(false);
  });

  it('never blanks a field from an empty source, and skips fields already equal', () => {
    const partial = draftOf({ en: { title: 'Same', summary: '   ', body: '' }, fr: { title: 'Same', summary: 'Résumé', body: 'Texte' } });
    expect(planCopy(partial, 'en', 'fr', fields)).toEqual([]);
  });

  it('creates the target locale when it had no row yet', () => {
    const after = apply(draft, planCopy(draft, 'en', 'de', ['title']));
    expect(after.translations['de']).toEqual({ title: 'Night music' });
  });
});

describe('undoWrites', () => {
  it('puts back exactly what a copy replaced', () => {
    const draft = draftOf({ en: { title: 'Night', summary: 'Late', body: '' }, fr: { title: 'Nuit', summary: '', body: 'Garde' } });
    const writes = planCopy(draft, 'en', 'fr', fields);
    const copied = apply(draft, writes);
    expect(copied.translations['fr']).toEqual({ title: 'Night', summary: 'Late', body: 'Garde' });
    expect(apply(copied, undoWrites(writes)).translations['fr']).toEqual(draft.translations['fr']);
  });
});

describe('parseTranslationPath', () => {
  it('splits translated field paths and ignores base fields', () => {
    expect(parseTranslationPath('translations.fr.title')).toEqual({ locale: 'fr', field: 'title' });
    expect(parseTranslationPath('slug')).toBeUndefined();
    expect(parseTranslationPath('translations.fr')).toBeUndefined();
  });
});
