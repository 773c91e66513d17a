import { describe, expect, it } from 'vitest';
import { negotiateLocale } from '../../src/i18n/negotiate.ts';

describe('Accept-Language negotiation', () => {
  it.each([
    [null, 'en'],
    ['', 'en'],
    ['fr', 'fr'],
    ['de-CH,de;q=0.9,en;q=0.8', 'de'],
    ['es-ES,es;q=0.9,fr;q=0.5,de;q=0.4', 'fr'],
    ['en;q=0.2, de;q=0.7', 'de'],
    ['fr;q=0, de;q=0.1', 'de'],
    ['ja,zh', 'en'],
    ['*', 'en'],
    ['FR-ca', 'fr'],
    [';;;q=abc,,', 'en'],
    ['x'.repeat(10_000), 'en'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});
