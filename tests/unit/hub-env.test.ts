import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/server/config/env.ts';

describe('CONTACT_RATE_LIMIT', () => {
  it('defaults to 5 messages per client per 10 minutes; 0 switches it off', () => {
    expect(parseEnv({}).CONTACT_RATE_LIMIT).toBe(5);
    expect(parseEnv({ CONTACT_RATE_LIMIT: '0' }).CONTACT_RATE_LIMIT).toBe(0);
    expect(parseEnv({ CONTACT_RATE_LIMIT: '2' }).CONTACT_RATE_LIMIT).toBe(2);
  });

  it('refuses negative or fractional values, naming the variable', () => {
    expect(() => parseEnv({ CONTACT_RATE_LIMIT: '-1' })).toThrow(EnvError);
    expect(() => parseEnv({ CONTACT_RATE_LIMIT: '1.5' })).toThrow(/CONTACT_RATE_LIMIT/);
  });
});
