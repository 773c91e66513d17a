/**
 * Zod issues → field errors keyed by field path — `{ "translations.fr.title": ["TOO_LONG"] }` —
 * the one mapping the API's 400s and the admin forms' client-side checks share, so a form shows
 * the same codes before and after a round trip. Pure and browser-safe.
 */
import type { z } from 'zod';

/** Error codes by field path (`$` for the whole body). */
export type FieldErrorMap = Record<string, string[]>;

/** Key of errors about the whole body rather than one field. */
const ROOT_PATH = '$';

const CODE = /^[A-Z][A-Z0-9_]*$/;

function pathOf(path: readonly PropertyKey[]): string {
  return path.length === 0 ? ROOT_PATH : path.map(String).join('.');
}

/** A stable code for an issue: our own message when it is one, else one derived from zod's code. */
function codeOf(issue: z.core.$ZodIssue): string {
  if (CODE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      // Issues carry no input unless asked; zod's own message names what it received.
      return issue.input === undefined && /received undefined/.test(issue.message) ? 'REQUIRED' : 'INVALID_TYPE';
    case 'too_big':
      return issue.origin === 'string' ? 'TOO_LONG' : 'TOO_LARGE';
    case 'too_small':
      return issue.origin === 'string' ? 'REQUIRED' : 'TOO_SMALL';
    case 'invalid_format':
      return 'INVALID_FORMAT';
    default:
      return 'INVALID_VALUE';
  }
}

/** Field errors of a failed parse; unknown fields are reported at their own path. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrorMap {
  // No prototype: a client may name a field `__proto__`, which must stay an ordinary key.
  const errors: FieldErrorMap = Object.create(null);
  const add = (path: string, code: string) => {
    const list = (errors[path] ??= []);
    if (!list.includes(code)) list.push(code);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(pathOf([...issue.path, key]), 'UNKNOWN_FIELD');
    } else {
      add(pathOf(issue.path), codeOf(issue));
    }
  }
  return errors;
}
