/**
 * Cache tags as shared caches see them (docs/decisions/050): a cacheable public response names
 * its tags in `Surrogate-Key` (Varnish xkey, Fastly) and `Cache-Tag` (Cloudflare), and every purge
 * names the same keys, because both go through `sharedTagOf` and `sharedBucketOf` here.
 * - A tag that is not short, lowercase ASCII (Cloudflare compares tags without case; providers
 *   cap one key at 1024 bytes) is replaced by a hash of it.
 * - A header stays under every provider's limit (Varnish's default 8 KB header line is the
 *   smallest): the tags past the budget are folded into one of 256 bucket keys, and every purge
 *   also purges the buckets of its tags. A big page then goes with a few unrelated purges, which
 *   is always safe; a missing key never is.
 */
import { createHash } from 'node:crypto';
import { getEnv, type Env } from '../config/env.ts';
import { hubTags } from './tags.ts';

const SAFE_TAG = /^[a-z0-9][a-z0-9:._-]{0,63}$/;
/** Longest header value: under Varnish's 8 KB header line with its name, Fastly's and Cloudflare's 16 KB. */
export const SHARED_TAGS_MAX_CHARS = 7000;
/** What the 256 buckets take at most (`b:xx` and a separator each). */
const BUCKETS_MAX_CHARS = 256 * 5;

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** The key a shared cache knows `tag` by: the tag itself when it is short and safe, else its hash. */
export function sharedTagOf(tag: string): string {
  return SAFE_TAG.test(tag) ? tag : `h:${sha256Hex(tag).slice(0, 20)}`;
}

/** The bucket key `tag` falls into when a response has more tags than a header holds. */
export function sharedBucketOf(tag: string): string {
  return `b:${sha256Hex(tag).slice(0, 2)}`;
}

/**
 * The keys a response tagged `tags` names in its headers: `all` first, then every key that fits
 * the budget, then the buckets of those that did not.
 */
export function headerKeysOf(tags: readonly string[]): string[] {
  const ordered = [...new Set([hubTags.all, ...tags])];
  const keys: string[] = [];
  const buckets = new Set<string>();
  let length = 0;
  for (const tag of ordered) {
    const key = sharedTagOf(tag);
    if (buckets.size === 0 && length + key.length + 1 <= SHARED_TAGS_MAX_CHARS - BUCKETS_MAX_CHARS) {
      keys.push(key);
      length += key.length + 1;
    } else {
      // Once one tag overflowed, every later one goes to its bucket too: a response's keys do
      // not depend on the order its tags were collected in beyond this point.
      buckets.add(sharedBucketOf(tag));
    }
  }
  return [...new Set([...keys, ...buckets])];
}

/** The keys a purge of `tags` sends: each tag's key and its bucket (see `headerKeysOf`). */
export function purgeKeysOf(tags: readonly string[]): string[] {
  return [...new Set(tags.flatMap((tag) => [sharedTagOf(tag), sharedBucketOf(tag)]))];
}

type PurgerSettings = Pick<Env, 'HUB_PURGE_VARNISH' | 'HUB_PURGE_FASTLY_SERVICE' | 'HUB_PURGE_CLOUDFLARE_ZONE'>;

/** True when at least one shared cache is purged by this hub (Varnish, Fastly or Cloudflare). */
export function hasSharedPurger(env: PurgerSettings = getEnv()): boolean {
  return env.HUB_PURGE_VARNISH.length > 0 || Boolean(env.HUB_PURGE_FASTLY_SERVICE) || Boolean(env.HUB_PURGE_CLOUDFLARE_ZONE);
}

/** `Surrogate-Key` (space-separated) and `Cache-Tag` (comma-separated) for a response tagged `tags`. */
export function sharedTagHeaders(tags: readonly string[]): Record<'Surrogate-Key' | 'Cache-Tag', string> {
  const keys = headerKeysOf(tags);
  return { 'Surrogate-Key': keys.join(' '), 'Cache-Tag': keys.join(',') };
}
