/**
 * Strings with `{{name}}` placeholders, filled without i18next's pipeline. Resolving a string
 * through i18next costs 3–6 µs per call (key parsing, fallback chain, plural rules, a regex per
 * placeholder), and a page asks for hundreds with options; the strings files use only plain
 * placeholders and `_one`/`_other` plurals, which this covers exactly (docs/decisions/012).
 */

/** Literal text at even indexes, placeholder names at odd ones. */
export type Template = readonly string[];

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** Splits `text` at its placeholders (i18next trims the name between the braces). */
export function compileTemplate(text: string): Template {
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, match.index), match[1]!.trim());
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

/**
 * The template filled with `values` as i18next would (`escapeValue: false`: values as they are,
 * numbers as their string); undefined when a placeholder has no string or number value, which
 * i18next answers in its own way.
 */
export function fillTemplate(template: Template, values: Readonly<Record<string, unknown>>): string | undefined {
  let text = template[0]!;
  for (let i = 1; i < template.length; i += 2) {
    const value = values[template[i]!];
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    text += value + template[i + 1]!;
  }
  return text;
}

/** Options that are instructions to i18next rather than values: calls with them go through i18next. */
export function asksForI18nextFeatures(options: Readonly<Record<string, unknown>>): boolean {
  for (const name in options) {
    if (I18NEXT_OPTIONS.has(name) || name.startsWith('defaultValue')) return true;
  }
  return options.count !== undefined && typeof options.count !== 'number';
}

const I18NEXT_OPTIONS = new Set([
  'context',
  'lng',
  'lngs',
  'fallbackLng',
  'ns',
  'keyPrefix',
  'nsSeparator',
  'keySeparator',
  'replace',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'postProcess',
  'interpolation',
  'skipInterpolation',
  'ordinal',
]);
