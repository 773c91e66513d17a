import i18next, { type TFunction } from 'i18next';
import { defaultLocale, locales, type Locale } from './config.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import { withFrenchSpacing } from './french-typography.ts';
import { asksForI18nextFeatures, compileTemplate, fillTemplate, type Template } from './templates.ts';

type StringKey = keyof typeof en;
/** A key of the strings files, or the base of a plural pair (`hub.results` for `hub.results_one`/`_other`). */
export type UiKey = StringKey | (StringKey extends infer K ? (K extends `${infer Base}_one` ? Base : never) : never);
export type Translate = (key: UiKey, options?: Record<string, unknown>) => string;

// French punctuation spacing is typography, not translation: added once here, for every reader.
const strings: Record<Locale, Record<string, string>> = { en, fr: withFrenchSpacing(fr), de };

/**
 * One i18next instance for the process, initialised synchronously. Requests never switch its
 * language: each gets its own fixed `t` through `getTranslator(locale)`, so interleaved requests
 * in different locales cannot leak into each other.
 */
const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  resources: Object.fromEntries(locales.map((l) => [l, { translation: strings[l] }])),
  lng: defaultLocale,
  fallbackLng: defaultLocale,
  supportedLngs: locales,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const translators = new Map<Locale, Translate>();

/** Where i18next looks for a key, in order: the locale, then the default locale. */
const lookupChain = (locale: Locale): Locale[] => (locale === defaultLocale ? [locale] : [locale, defaultLocale]);

/** Each locale's strings compiled into templates on first use (null: no such string). */
const templates = new Map<string, Template | null>();

function templateOf(locale: Locale, key: string): Template | null {
  const id = `${locale}\n${key}`;
  let template = templates.get(id);
  if (template === undefined) {
    const text = strings[locale][key];
    templates.set(id, (template = text === undefined ? null : compileTemplate(text)));
  }
  return template;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
const pluralOf = (locale: Locale, count: number) => {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
};

/**
 * `key` with `options` resolved as i18next resolves it (each locale of the chain in turn, its
 * plural form before the plain key), for the options the strings files use; undefined when the
 * call needs i18next itself.
 */
function translateDirectly(locale: Locale, key: string, options: Readonly<Record<string, unknown>>): string | undefined {
  if (asksForI18nextFeatures(options)) return undefined;
  const count = options.count as number | undefined;
  for (const code of lookupChain(locale)) {
    const template = (count === undefined ? null : templateOf(code, `${key}_${pluralOf(code, count)}`)) ?? templateOf(code, key);
    if (template) return fillTemplate(template, options);
  }
  return undefined;
}

/** i18next itself, fixed to `locale`: what the translators answer, for tests comparing with it. */
export function i18nextTranslator(locale: Locale): TFunction {
  return instance.getFixedT(locale);
}

/**
 * Returns the translation function fixed to `locale` (falls back to English for missing keys).
 * A string asked for without options is the same on every call: it is resolved once per locale
 * (i18next resolves each call through its fallback chain, ≈ 2 µs, and a page asks hundreds).
 * With options, the templates above answer (i18next only for what they do not cover).
 */
export function getTranslator(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    const fixed: TFunction = instance.getFixedT(locale);
    const plain = new Map<string, string>();
    t = (key, options) => {
      if (options) return translateDirectly(locale, key, options) ?? (fixed(key as string, options) as string);
      let text = plain.get(key);
      if (text === undefined) {
        text = fixed(key as string, {}) as string;
        plain.set(key, text);
      }
      return text;
    };
    translators.set(locale, t);
  }
  return t;
}

/** Every key/value of one locale's strings file, for the parity test and island props. */
export function getStrings(locale: Locale): Readonly<Record<string, string>> {
  return strings[locale];
}
