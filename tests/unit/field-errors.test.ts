import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToFieldErrors } from '../../src/lib/field-errors.ts';

/** The field errors of parsing `input` with `schema` (which must fail). */
function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the parse to fail');
  return issuesToFieldErrors(result.error.issues);
}

describe('issuesToFieldErrors (shared by the API and the admin forms)', () => {
  const schema = z.strictObject({ name: z.string(), email: z.email(), count: z.number().max(3), tags: z.array(z.string()).min(1) });

  it('tells a missing field from one of the wrong type', () => {
    expect(errorsOf(schema, { name: 5, email: 'a@b.example', count: 1, tags: ['x'] })).toEqual({ name: ['INVALID_TYPE'] });
    expect(errorsOf(schema, { email: 'a@b.example', count: 1, tags: ['x'] })).toEqual({ name: ['REQUIRED'] });
  });

  it('names format, size and unknown-field failures by stable codes', () => {
    expect(errorsOf(schema, { name: 'a', email: 'not an address', count: 9, tags: [], extra: 1 })).toEqual({
      email: ['INVALID_FORMAT'],
      count: ['TOO_LARGE'],
      tags: ['TOO_SMALL'],
      extra: ['UNKNOWN_FIELD'],
    });
  });

  it('keeps a schema’s own code and reports whole-body errors under `$`', () => {
    expect(errorsOf(z.string().min(2, { error: 'TOO_SHORT_NAME' }), 'a')).toEqual({ $: ['TOO_SHORT_NAME'] });
  });

  it('keeps a client key named __proto__ as an ordinary field', () => {
    const errors = errorsOf(z.strictObject({}), JSON.parse('{"__proto__": 1}'));
    expect(Object.keys(errors)).toEqual(['__proto__']);
  });
});
