/**
 * The environment of translation suggestions (docs/decisions/056, docs/operators.md): DeepL when
 * `DEEPL_API_KEY` is set, else a self-hosted LibreTranslate when `LIBRETRANSLATE_URL` is, else
 * none (no "Suggest" button). Part of the env schema (`env.ts`), in a file of its own.
 */
import { z } from 'zod';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((value) => value.replace(/\/+$/, ''));

export const machineTranslationEnvShape = {
  DEEPL_API_KEY: z.string().trim().min(1).optional(),
  /** DeepL's API base; unset: api-free.deepl.com for a Free key (ending in `:fx`), api.deepl.com otherwise. */
  DEEPL_API_URL: httpUrl.optional(),
  /** A LibreTranslate server's base URL (e.g. http://127.0.0.1:5000). */
  LIBRETRANSLATE_URL: httpUrl.optional(),
  LIBRETRANSLATE_API_KEY: z.string().trim().min(1).optional(),
  /** How long one call to the service may take before the editor is told it failed, in ms. */
  HUB_MACHINE_TRANSLATION_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be between 100 and 120000 milliseconds')
    .max(120_000, 'must be between 100 and 120000 milliseconds')
    .default(15_000),
};

/** The configured service, resolved once with the rest of the environment. */
export type MachineTranslationConfig =
  | { service: 'deepl'; url: string; key: string; timeoutMs: number }
  | { service: 'libretranslate'; url: string; key: string | undefined; timeoutMs: number }
  | null;

type MachineTranslationSettings = { [name in 'DEEPL_API_KEY' | 'DEEPL_API_URL' | 'LIBRETRANSLATE_URL' | 'LIBRETRANSLATE_API_KEY']?: string | undefined } & {
  HUB_MACHINE_TRANSLATION_TIMEOUT_MS: number;
};

/** DeepL first when both are set (its key is the more deliberate setting); null when neither. */
export function machineTranslationOf(env: MachineTranslationSettings): MachineTranslationConfig {
  const timeoutMs = env.HUB_MACHINE_TRANSLATION_TIMEOUT_MS;
  if (env.DEEPL_API_KEY) {
    const url = env.DEEPL_API_URL ?? (env.DEEPL_API_KEY.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com');
    return { service: 'deepl', url, key: env.DEEPL_API_KEY, timeoutMs };
  }
  if (env.LIBRETRANSLATE_URL) return { service: 'libretranslate', url: env.LIBRETRANSLATE_URL, key: env.LIBRETRANSLATE_API_KEY, timeoutMs };
  return null;
}

/** A stray API URL or key without its service would silently leave suggestions off. */
export function checkMachineTranslation(env: MachineTranslationSettings, ctx: z.RefinementCtx): void {
  if (env.DEEPL_API_URL && !env.DEEPL_API_KEY) ctx.addIssue({ code: 'custom', path: ['DEEPL_API_KEY'], message: 'is required with DEEPL_API_URL' });
  if (env.LIBRETRANSLATE_API_KEY && !env.LIBRETRANSLATE_URL)
    ctx.addIssue({ code: 'custom', path: ['LIBRETRANSLATE_URL'], message: 'is required with LIBRETRANSLATE_API_KEY' });
}
