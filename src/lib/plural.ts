/** Plural-aware translation: i18next picks `<key>_one` / `<key>_other` from `count`. */
import type { Translate, UiKey } from '../i18n/index.ts';

/** Keys that exist only in plural forms in the strings files, named without the suffix. */
export type PluralKey = UiKey extends infer K ? (K extends `${infer Base}_one` ? Base : never) : never;

/** `t(key, { count })` for a plural key (the strings files hold only its suffixed forms). */
export function tPlural(t: Translate, key: PluralKey, count: number, options: Record<string, unknown> = {}): string {
  return t(key as unknown as UiKey, { ...options, count });
}
