import i18next, { type TFunction } from 'i18next';
import { defaultLocale, locales, type Locale } from './config.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };

type StringKey = keyof typeof en;
/** A key of the strings files, or the base of a plural pair (`hub.results` for `hub.results_one`/`_other`). */
export type UiKey = StringKey | (StringKey extends infer K ? (K extends `${infer Base}_one` ? Base : never) : never);
export type Translate = (key: UiKey, options?: Record<string, unknown>) => string;

const strings: Record<Locale, Record<string, string>> = { en, fr, de };

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

/**
 * Returns the translation function fixed to `locale` (falls back to English for missing keys).
 * A string asked for without options is the same on every call: it is resolved once per locale
 * (i18next resolves each call through its fallback chain, ≈ 2 µs, and a page asks hundreds).
 */
export function getTranslator(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    const fixed: TFunction = instance.getFixedT(locale);
    const plain = new Map<string, string>();
    t = (key, options) => {
      if (options) return fixed(key as string, options) as string;
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
