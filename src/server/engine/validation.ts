/** Parsing request input with zod: failures become a 400 listing every field error. */
import type { z } from 'zod';
import { issuesToFieldErrors } from '../../lib/field-errors.ts';
import { AdminError } from '../errors/domain-errors.ts';

/**
 * Parses `input` or throws a 400 listing every field error. Shape problems (unknown fields, wrong
 * types, oversize strings, bad formats) are client bugs or tampering: 400, never 5xx.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, code = 'VALIDATION_FAILED'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AdminError(400, code, 'The request has invalid or unknown fields', { errors: issuesToFieldErrors(result.error.issues) });
}
