/**
 * The process environment, validated once. Every variable the product reads is declared here
 * with its default; README.md lists the same table.
 */
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
    error: 'must be one of 1, 0, true, false, on, off, yes, no',
  })
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const databaseUrl = z
  .string()
  .trim()
  .min(1)
  .refine((value) => /^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/.test(value), {
    message: 'must start with file:, libsql://, http(s):// or ws(s)://',
  });

export const envSchema = z
  .object({
    DATABASE_URL: databaseUrl.default('file:./data/hub.db'),
    DATABASE_AUTH_TOKEN: z.string().min(1).optional(),
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 (any free port) and 65535')
      .max(65535, 'must be between 0 (any free port) and 65535')
      .default(4321),
    PUBLIC_SITE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    HUB_DEMO: booleanFlag.optional(),
    UPLOADS_DIR: z.string().min(1).default('./data/uploads'),
  })
  .transform((env) => ({
    ...env,
    // Demo content goes into the embedded default database unless switched off; never by
    // default into a remote database, which is somebody's real data.
    HUB_DEMO: env.HUB_DEMO ?? env.DATABASE_URL.startsWith('file:'),
  }));

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses an environment record; throws `EnvError` naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
}

let cached: Env | undefined;

/** The validated `process.env`, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
