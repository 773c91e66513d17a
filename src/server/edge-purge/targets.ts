/**
 * The shared caches a hub purges by tag, and the one request each understands (docs/decisions/050):
 * - Varnish with `deploy/varnish/default.vcl`: `PURGE /` with the keys in `xkey-purge`;
 * - Fastly: `POST /service/{id}/purge` with the keys in `Surrogate-Key`, at most 256 per call;
 * - Cloudflare: `POST /client/v4/zones/{zone}/purge_cache` with `{ "tags": [...] }`, at most 100
 *   per call (its documented limit on every plan).
 * Keys come from `purgeKeysOf` (page-cache/shared-tags.ts), the function the headers use too.
 */
import type { Env } from '../config/env.ts';
import { SHARED_TAGS_MAX_CHARS } from '../page-cache/shared-tags.ts';

export interface EdgeTarget {
  /** Stable name of the target: its cursor's key and what the admin shows. */
  id: string;
  kind: 'varnish' | 'fastly' | 'cloudflare';
  /** Purges `keys` (at most `maxKeys` of them); rejects with a short reason. */
  purge(keys: readonly string[], signal: AbortSignal): Promise<void>;
  maxKeys: number;
}

export class PurgeRequestError extends Error {
  override name = 'PurgeRequestError';
}

/** Splits `keys` into calls of at most `maxKeys` keys and `maxChars` characters with separators. */
export function chunkKeys(keys: readonly string[], maxKeys: number, maxChars = SHARED_TAGS_MAX_CHARS): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const key of keys) {
    if (current.length > 0 && (current.length >= maxKeys || length + key.length + 1 > maxChars)) {
      chunks.push(current);
      current = [];
      length = 0;
    }
    current.push(key);
    length += key.length + 1;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Rejects unless the answer is a 2xx; the reason names the status and the start of the body. */
async function expectOk(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  if (!response.ok) throw new PurgeRequestError(`HTTP ${response.status}${body ? `: ${body.trim().slice(0, 200)}` : ''}`);
  return body;
}

export function varnishTarget(baseUrl: string): EdgeTarget {
  return {
    id: `varnish ${baseUrl}`,
    kind: 'varnish',
    maxKeys: 1000,
    async purge(keys, signal) {
      await expectOk(await fetch(`${baseUrl}/`, { method: 'PURGE', headers: { 'xkey-purge': keys.join(' ') }, signal }));
    },
  };
}

export function fastlyTarget(apiBase: string, serviceId: string, token: string): EdgeTarget {
  return {
    id: `fastly ${serviceId}`,
    kind: 'fastly',
    maxKeys: 256,
    async purge(keys, signal) {
      const url = `${apiBase.replace(/\/+$/, '')}/service/${encodeURIComponent(serviceId)}/purge`;
      await expectOk(
        await fetch(url, { method: 'POST', headers: { 'Fastly-Key': token, 'Surrogate-Key': keys.join(' '), Accept: 'application/json' }, signal }),
      );
    },
  };
}

export function cloudflareTarget(apiBase: string, zoneId: string, token: string): EdgeTarget {
  return {
    id: `cloudflare ${zoneId}`,
    kind: 'cloudflare',
    maxKeys: 100,
    async purge(keys, signal) {
      const url = `${apiBase.replace(/\/+$/, '')}/client/v4/zones/${encodeURIComponent(zoneId)}/purge_cache`;
      const body = await expectOk(
        await fetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ tags: keys }),
          signal,
        }),
      );
      // The API answers 200 with `success: false` for some refusals.
      let success = false;
      try {
        success = (JSON.parse(body) as { success?: unknown }).success === true;
      } catch {
        success = false;
      }
      if (!success) throw new PurgeRequestError(`purge refused: ${body.trim().slice(0, 200)}`);
    },
  };
}

type TargetSettings = Pick<
  Env,
  | 'HUB_PURGE_VARNISH'
  | 'HUB_PURGE_FASTLY_SERVICE'
  | 'HUB_PURGE_FASTLY_TOKEN'
  | 'HUB_PURGE_FASTLY_API'
  | 'HUB_PURGE_CLOUDFLARE_ZONE'
  | 'HUB_PURGE_CLOUDFLARE_TOKEN'
  | 'HUB_PURGE_CLOUDFLARE_API'
>;

/** The targets the environment configures, in a stable order. */
export function targetsFromEnv(env: TargetSettings): EdgeTarget[] {
  const targets = env.HUB_PURGE_VARNISH.map((url) => varnishTarget(url));
  if (env.HUB_PURGE_FASTLY_SERVICE && env.HUB_PURGE_FASTLY_TOKEN) {
    targets.push(fastlyTarget(env.HUB_PURGE_FASTLY_API, env.HUB_PURGE_FASTLY_SERVICE, env.HUB_PURGE_FASTLY_TOKEN));
  }
  if (env.HUB_PURGE_CLOUDFLARE_ZONE && env.HUB_PURGE_CLOUDFLARE_TOKEN) {
    targets.push(cloudflareTarget(env.HUB_PURGE_CLOUDFLARE_API, env.HUB_PURGE_CLOUDFLARE_ZONE, env.HUB_PURGE_CLOUDFLARE_TOKEN));
  }
  return targets;
}

/** Sends `keys` to `target` in as many calls as its limits need, one after the other. */
export async function purgeInChunks(target: EdgeTarget, keys: readonly string[], signal: AbortSignal): Promise<void> {
  for (const chunk of chunkKeys(keys, target.maxKeys)) await target.purge(chunk, signal);
}
