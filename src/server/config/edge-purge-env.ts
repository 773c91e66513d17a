/**
 * The environment of shared cache purges (docs/decisions/050, docs/operators.md): which Varnish
 * servers, Fastly service and Cloudflare zone this hub purges. Part of the env schema
 * (`env.ts`), in a file of its own to keep that one readable.
 */
import { z } from 'zod';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** One or more base URLs, comma-separated (empty = none). */
const urlList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  )
  .pipe(z.array(httpUrl, { error: 'must be a comma-separated list of http(s) URLs' }));

const secret = z.string().trim().min(1);

export const edgePurgeEnvShape = {
  /** Varnish servers (base URLs, comma-separated) purged by xkey with `deploy/varnish/default.vcl`. */
  HUB_PURGE_VARNISH: urlList.default([]),
  HUB_PURGE_FASTLY_SERVICE: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]+$/, 'must be a Fastly service id (letters and digits)')
    .optional(),
  HUB_PURGE_FASTLY_TOKEN: secret.optional(),
  HUB_PURGE_CLOUDFLARE_ZONE: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]+$/, 'must be a Cloudflare zone id (letters and digits)')
    .optional(),
  HUB_PURGE_CLOUDFLARE_TOKEN: secret.optional(),
  /** The providers' API base URLs: only tests point them elsewhere. */
  HUB_PURGE_FASTLY_API: httpUrl.default('https://api.fastly.com'),
  HUB_PURGE_CLOUDFLARE_API: httpUrl.default('https://api.cloudflare.com'),
  /** Wait after a shared cache's first failed purge, in ms; doubled per failure up to 360 times. */
  HUB_PURGE_RETRY_BASE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(10, 'must be between 10 and 600000 milliseconds')
    .max(600_000, 'must be between 10 and 600000 milliseconds')
    .default(5_000),
};

type EdgePurgeSettings = {
  HUB_PURGE_VARNISH: string[];
  HUB_PURGE_POLL_MS: number;
} & { [name in 'HUB_PURGE_FASTLY_SERVICE' | 'HUB_PURGE_FASTLY_TOKEN' | 'HUB_PURGE_CLOUDFLARE_ZONE' | 'HUB_PURGE_CLOUDFLARE_TOKEN']?: string | undefined };

/**
 * Ids and tokens come in pairs, and purges are read from the `cache_purges` log, which is only
 * written while purge polling is on.
 */
export function checkEdgePurge(env: EdgePurgeSettings, ctx: z.RefinementCtx): void {
  const pairs = [
    ['HUB_PURGE_FASTLY_SERVICE', 'HUB_PURGE_FASTLY_TOKEN'],
    ['HUB_PURGE_CLOUDFLARE_ZONE', 'HUB_PURGE_CLOUDFLARE_TOKEN'],
  ] as const;
  for (const [id, token] of pairs) {
    if (Boolean(env[id]) !== Boolean(env[token])) {
      const missing = env[id] ? token : id;
      ctx.addIssue({ code: 'custom', path: [missing], message: `is required with ${missing === id ? token : id}` });
    }
  }
  const purges = env.HUB_PURGE_VARNISH.length > 0 || Boolean(env.HUB_PURGE_FASTLY_SERVICE) || Boolean(env.HUB_PURGE_CLOUDFLARE_ZONE);
  if (purges && env.HUB_PURGE_POLL_MS === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['HUB_PURGE_POLL_MS'],
      message: 'must not be 0 when a shared cache is purged (HUB_PURGE_VARNISH, _FASTLY_, _CLOUDFLARE_)',
    });
  }
}
