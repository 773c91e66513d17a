/**
 * The islands' translation function over the plain strings object the page passes as a prop
 * (`admin.*` keys picked with the server's `t`): `{{name}}` interpolation and i18next-style
 * `_one`/`_other` plural keys, without shipping i18next to the browser.
 */

export type AdminStrings = Readonly<Record<string, string>>;
export type AdminT = (key: string, vars?: Record<string, string | number>) => string;

/** Replaces `{{name}}` placeholders; unknown ones are left visible so a gap is noticed. */
export function interpolate(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** A translator over `strings` for `locale` (used for plural rules). Missing keys show the key. */
export function createTranslator(strings: AdminStrings, locale: string): AdminT {
  const plurals = new Intl.PluralRules(locale);
  return (key, vars) => {
    let template = strings[key];
    if (vars && typeof vars['count'] === 'number') {
      template = strings[`${key}_${plurals.select(vars['count'])}`] ?? strings[`${key}_other`] ?? template;
    }
    return template === undefined ? key : interpolate(template, vars);
  };
}

/** Where the sentences of API and validation codes live: the admin's, then features' own sections. */
const codeSections = ['admin.error.', 'publication.error.', 'workingCopy.error.'];

/** The localized sentence of an API or validation code (`admin.error.<CODE>`, …), else a generic one. */
export function translateCode(t: AdminT, code: string, vars?: Record<string, string | number>): string {
  for (const section of codeSections) {
    const text = t(`${section}${code}`, vars);
    if (text !== `${section}${code}`) return text;
  }
  return t('admin.error.UNKNOWN', { code });
}
