/**
 * Word forms that let inflections and spellings meet. The index keeps each word as written (the
 * FTS5 tokenizer folds it) and, in the `*_forms` columns, the forms of it that differ: its
 * German spelling with ae/oe/ue/ss for ä/ö/ü/ß, and its Snowball stem in the text's language. A
 * query term looks for words starting with it (or with its German spelling) and for words whose
 * stem is its stem. Index, query and highlighting all derive forms here, so they agree by
 * construction (decision 005).
 */
import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as frenchStem } from '@orama/stemmers/french';
import { stemmer as germanStem } from '@orama/stemmers/german';
import type { Locale } from '../../i18n/config.ts';
import { memoizeText } from '../../lib/text-memo.ts';
import { foldForSearch, forEachToken } from './tokens.ts';

/** Shortest query term matched as a prefix (shorter ones match whole words), and shortest stem kept. */
export const MIN_PREFIX = 3;

/** Snowball stemmers by locale; a locale without one is indexed and searched without stems. */
const stemmers: Partial<Record<Locale, (word: string) => string>> = { en: englishStem, fr: frenchStem, de: germanStem };

/** What a query term matches: words starting with one of `prefixes`, or equal to one of `words`. */
export interface TermForms {
  /** Each at least MIN_PREFIX characters long. */
  prefixes: string[];
  words: string[];
}

/**
 * The German spelling without umlauts or ß ("zuhören" and "zuhoeren" → "zuhoren"), from a folded
 * word: the tokenizer already drops the dots, so ae/oe/ue become a/o/u ("ue" after "q" is a "u"
 * and an "e", as in "Quelle"), and ß becomes ss. Other languages keep the word.
 */
export function canonicalSpelling(folded: string, locale: Locale): string {
  if (locale !== 'de') return folded;
  return folded.replace(/ae|oe|(?<!q)ue/g, (pair) => pair[0]!).replaceAll('ß', 'ss');
}

/** The Snowball stem of a folded word in the locale's language (the word itself without a stemmer). */
export function stemWord(folded: string, locale: Locale): string {
  const stem = stemmers[locale];
  // Stemming the folded, canonical spelling makes stems independent of typed accents and umlauts.
  return stem ? foldForSearch(stem(canonicalSpelling(folded, locale))) : folded;
}

/** The forms of a word the index holds besides the word itself (space-separated, maybe empty). */
const extraForms = memoizeText(
  (word: string, locale: Locale): string => {
    const folded = foldForSearch(word);
    const canonical = canonicalSpelling(folded, locale);
    const stem = stemWord(folded, locale);
    const forms = canonical === folded ? [] : [canonical];
    // Stems shorter than a prefix term would match a large part of the vocabulary ("being" → "be").
    if ([...stem].length >= MIN_PREFIX && stem !== folded && stem !== canonical) forms.push(stem);
    return forms.join(' ');
  },
  { maxChars: 4_000_000, key: (word, locale) => `${locale}:${word}` },
);

/** Every form of a word the index holds: the word folded, then its other forms. */
export function wordForms(word: string, locale: Locale): string[] {
  const extra = extraForms(word, locale);
  return extra ? [foldForSearch(word), ...extra.split(' ')] : [foldForSearch(word)];
}

/** The `*_forms` column text for a text in `locale`: each distinct extra form once. */
export function indexForms(text: string | null, locale: Locale): string {
  if (!text) return '';
  const forms = new Set<string>();
  forEachToken(text, (start, end) => {
    const extra = extraForms(text.slice(start, end), locale);
    if (extra) for (const form of extra.split(' ')) forms.add(form);
  });
  return [...forms].join(' ');
}

/**
 * What a query term (lower case, letters and digits) matches in `locale`; without a locale only
 * the term itself. Terms shorter than MIN_PREFIX match whole words and get no stem. The term is
 * kept as typed (FTS5 folds it as it folds the text); its German spelling is added when it differs.
 */
export function termForms(term: string, locale?: Locale): TermForms {
  const folded = foldForSearch(term);
  const canonical = locale ? canonicalSpelling(folded, locale) : folded;
  const spellings = canonical === folded ? [term] : [term, canonical];
  if ([...term].length < MIN_PREFIX) return { prefixes: [], words: spellings };
  const stem = locale ? stemWord(folded, locale) : folded;
  // A stem the term (or its spelling) starts with is already matched by the prefix.
  const covered = stem.startsWith(folded) || stem.startsWith(canonical);
  return { prefixes: spellings, words: [...stem].length >= MIN_PREFIX && !covered ? [stem] : [] };
}

/**
 * Tells whether a word, given its forms (`wordForms`), is matched by a term, as FTS5 matches
 * them: a form starting with one of the term's prefixes or equal to one of its words.
 */
export function createFormsMatcher(term: TermForms): (forms: readonly string[]) => boolean {
  const prefixes = term.prefixes.map(foldForSearch);
  const words = term.words.map(foldForSearch);
  return (forms) => forms.some((form) => words.includes(form) || prefixes.some((prefix) => form.startsWith(prefix)));
}
