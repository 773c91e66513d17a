import { describe, expect, it } from 'vitest';
import { ifNoneMatchMatches } from '../../src/server/http/conditional.ts';
import { matchesEtag } from '../../src/server/storage/responses.ts';

describe('If-None-Match', () => {
  it('compares weakly, in lists, and matches *', () => {
    expect(ifNoneMatchMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchMatches('W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('"x", "abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchMatches(' * ', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(ifNoneMatchMatches(null, 'W/"abc"')).toBe(false);
    expect(ifNoneMatchMatches(undefined, '"abc"')).toBe(false);
  });

  it('never matches a tag that only starts like the current one', () => {
    expect(ifNoneMatchMatches('"abc-gz"', '"abc"')).toBe(false);
    expect(ifNoneMatchMatches('"abcd"', '"abc"')).toBe(false);
  });

  it('matches the variants a caller names (the page cache tags each encoding apart)', () => {
    const variants = ['"abc-gz"', '"abc-br"'];
    expect(ifNoneMatchMatches('W/"abc-br"', '"abc"', variants)).toBe(true);
    expect(ifNoneMatchMatches('"x", "abc-gz"', '"abc"', variants)).toBe(true);
    expect(ifNoneMatchMatches('"abc-zz"', '"abc"', variants)).toBe(false);
  });

  it('is what stored objects answer 304 by', () => {
    const request = (header: string) => new Request('http://hub/media/1', { headers: { 'if-none-match': header } });
    expect(matchesEtag(request('W/"k1"'), '"k1"')).toBe(true);
    expect(matchesEtag(request('"k2"'), '"k1"')).toBe(false);
  });
});
