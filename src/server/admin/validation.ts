/** Turns zod issues into the API's field errors: `{ "translations.fr.title": ["TOO_LONG"] }`. */
import type { z } from 'zod';
import { AdminError, type FieldErrorMap } from './errors.ts';

/** Key of errors about the whole body rather than one field. */
export const ROOT_PATH = '$';

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
    case 'invalid_value':
    case 'invalid_union':
      return 'INVALID_VALUE';
    default:
      return 'INVALID_VALUE';
  }
}

/** Field errors of a failed parse; unknown fields are reported at their own path. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrorMap {
  // No prototype: a client may name a field `__proto__`, which must stay an ordinary key.
  const errors: FieldErrorMap = Object.create(null) as FieldErrorMap;
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

/**
 * Parses `input` or throws a 400 listing every field error. Shape problems (unknown fields, wrong
 * types, oversize strings, bad formats) are client bugs or tampering: 400, never 5xx.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, code = 'VALIDATION_FAILED'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AdminError(400, code, 'The request has invalid or unknown fields', { errors: issuesToFieldErrors(result.error.issues) });
}
