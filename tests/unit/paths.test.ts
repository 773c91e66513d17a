import { describe, expect, it } from 'vitest';
import { switchLocale } from '../../src/lib/paths.ts';

describe('switchLocale', () => {
  it('keeps the page and the query', () => {
    expect(switchLocale(new URL('http://x/fr/hub/event/jazz?x=1'), 'de')).toBe('/de/hub/event/jazz?x=1');
    expect(switchLocale(new URL('http://x/en'), 'fr')).toBe('/fr');
    expect(switchLocale(new URL('http://x/en/'), 'fr')).toBe('/fr');
  });
});
