/** Which query terms are spelled out from the index vocabulary, and in which folded form. */
import { describe, expect, it } from 'vitest';
import { vocabularyPrefix } from '../../src/server/search/vocabulary.ts';

describe('vocabularyPrefix', () => {
  it('folds Latin-1 diacritics the way the tokenizer stores words', () => {
    expect(vocabularyPrefix('théâtre')).toBe('theatre');
    expect(vocabularyPrefix('müller')).toBe('muller');
    expect(vocabularyPrefix('garçon')).toBe('garcon');
    expect(vocabularyPrefix('concert2024')).toBe('concert2024');
  });

  it('leaves whole-word terms and letters the tokenizer may fold otherwise in their prefix form', () => {
    expect(vocabularyPrefix('da')).toBeNull();
    expect(vocabularyPrefix('straße')).toBeNull();
    expect(vocabularyPrefix('øresund')).toBeNull();
    expect(vocabularyPrefix('cœur')).toBeNull();
    expect(vocabularyPrefix('москва')).toBeNull();
    expect(vocabularyPrefix('٣٣٣')).toBeNull();
  });
});
