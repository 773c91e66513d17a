/**
 * Cache tags as shared caches see them (docs/decisions/050): short safe tags are kept, others are
 * hashed, a header never passes its budget, and a purge of a tag names every key a header could
 * have named it by, so a page is purged whether its tag fitted or was folded into a bucket.
 */
import { describe, expect, it } from 'vitest';
import { headerKeysOf, purgeKeysOf, SHARED_TAGS_MAX_CHARS, sharedBucketOf, sharedTagHeaders, sharedTagOf } from '../../src/server/page-cache/shared-tags.ts';
import { chunkKeys } from '../../src/server/edge-purge/targets.ts';

describe('shared cache keys', () => {
  it('keeps short lowercase tags and hashes the others to a short safe key', () => {
    expect(sharedTagOf('event:42')).toBe('event:42');
    expect(sharedTagOf('site:about:en')).toBe('site:about:en');
    const long = `site:${'x'.repeat(2000)}`;
    for (const tag of [long, 'Event:42', 'tag with space', 'tag,comma', 'é:1']) {
      const key = sharedTagOf(tag);
      expect(key).toMatch(/^h:[0-9a-f]{20}$/);
      expect(sharedTagOf(tag)).toBe(key);
    }
    // Cloudflare compares tags without case: two tags differing by case must not share a key.
    expect(sharedTagOf('Event:42')).not.toBe(sharedTagOf('event:42'));
  });

  it('names `all` first and every tag of a small page as itself', () => {
    expect(headerKeysOf(['event:1', 'hub', 'event:1'])).toEqual(['all', 'event:1', 'hub']);
    expect(sharedTagHeaders(['event:1', 'hub'])).toEqual({ 'Surrogate-Key': 'all event:1 hub', 'Cache-Tag': 'all,event:1,hub' });
  });

  it('folds the tags past the budget into buckets, which a purge of those tags names', () => {
    const tags = Array.from({ length: 3000 }, (_, index) => `event:${index + 1}`);
    const keys = headerKeysOf(tags);
    const header = sharedTagHeaders(tags)['Surrogate-Key'];
    expect(header.length).toBeLessThanOrEqual(SHARED_TAGS_MAX_CHARS);
    expect(keys[0]).toBe('all');
    expect(keys).toContain('event:1');
    expect(keys).not.toContain('event:3000');
    expect(keys).toContain(sharedBucketOf('event:3000'));
    // Whatever key the page got for a tag, a purge of that tag names it.
    for (const tag of ['event:1', 'event:3000']) {
      const purged = purgeKeysOf([tag]);
      expect(keys.some((key) => purged.includes(key))).toBe(true);
    }
    expect(purgeKeysOf(['event:3000'])).toEqual(['event:3000', sharedBucketOf('event:3000')]);
  });

  it('splits a purge into calls within a target’s limits', () => {
    const keys = Array.from({ length: 250 }, (_, index) => `event:${index}`);
    const chunks = chunkKeys(keys, 100);
    expect(chunks.map((chunk) => chunk.length)).toEqual([100, 100, 50]);
    expect(chunks.flat()).toEqual(keys);
    const long = Array.from({ length: 10 }, (_, index) => `h:${String(index).padStart(20, '0')}`);
    expect(chunkKeys(long, 1000, 50).every((chunk) => chunk.join(' ').length <= 50)).toBe(true);
  });
});
