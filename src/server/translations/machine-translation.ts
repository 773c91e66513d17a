/**
 * The machine translation services behind "Suggest" (docs/decisions/056): DeepL's
 * `POST /v2/translate` and LibreTranslate's `POST /translate`, both given HTML fragments
 * (markdown-segments.ts) with their tag handling on. A failure becomes a `MachineTranslationError`
 * with a stable code; the service's own words go to the server log, never to the editor.
 */
import { z } from 'zod';
import type { MachineTranslationConfig } from '../config/machine-translation-env.ts';
import { logLine } from '../log/log-line.ts';

export const machineTranslationFailures = {
  /** No answer within `HUB_MACHINE_TRANSLATION_TIMEOUT_MS`. */
  MACHINE_TRANSLATION_TIMEOUT: 503,
  /** Unreachable, or answered 5xx. */
  MACHINE_TRANSLATION_UNAVAILABLE: 503,
  /** Too many requests, or the account's characters are used up (DeepL's 456). */
  MACHINE_TRANSLATION_QUOTA: 503,
  /** Refused the request (a wrong key, an unsupported language) or answered something unreadable. */
  MACHINE_TRANSLATION_FAILED: 502,
} as const;

export type MachineTranslationFailure = keyof typeof machineTranslationFailures;

export class MachineTranslationError extends Error {
  override name = 'MachineTranslationError';
  readonly code: MachineTranslationFailure;
  constructor(code: MachineTranslationFailure, detail: string) {
    super(detail);
    this.code = code;
  }
}

/** Translates HTML fragments from one locale to another, in order. */
export type Translate = (segments: readonly string[], from: string, to: string) => Promise<string[]>;

interface ServiceRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** DeepL takes at most 50 texts per request. */
const BATCH = 50;

/** DeepL's language codes: English as a target needs its variant. */
function deeplLanguage(locale: string, target: boolean): string {
  const code = locale.toUpperCase();
  if (!target) return code.split('-')[0]!;
  return ({ EN: 'EN-GB', PT: 'PT-PT' } as Record<string, string>)[code] ?? code;
}

const deeplAnswer = z.object({ translations: z.array(z.object({ text: z.string() })) });
const libreAnswer = z.object({ translatedText: z.union([z.array(z.string()), z.string()]) });

function failureOfStatus(status: number): MachineTranslationFailure {
  if (status === 429 || status === 456) return 'MACHINE_TRANSLATION_QUOTA';
  if (status >= 500) return 'MACHINE_TRANSLATION_UNAVAILABLE';
  return 'MACHINE_TRANSLATION_FAILED';
}

async function send(service: string, request: ServiceRequest, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new MachineTranslationError(timedOut ? 'MACHINE_TRANSLATION_TIMEOUT' : 'MACHINE_TRANSLATION_UNAVAILABLE', `${service}: ${String(error)}`);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new MachineTranslationError(failureOfStatus(response.status), `${service} answered ${response.status}: ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new MachineTranslationError('MACHINE_TRANSLATION_FAILED', `${service} answered something that is not JSON`);
  }
}

/** The answer's texts, exactly one per segment sent, or a failure. */
function textsOf(service: string, parsed: string[] | undefined, expected: number): string[] {
  if (!parsed || parsed.length !== expected)
    throw new MachineTranslationError('MACHINE_TRANSLATION_FAILED', `${service} answered ${parsed?.length ?? 'no'} texts for ${expected}`);
  return parsed;
}

function deepl(config: Extract<MachineTranslationConfig, { service: 'deepl' }>): Translate {
  return async (segments, from, to) => {
    const answer = await send(
      'DeepL',
      {
        url: `${config.url}/v2/translate`,
        headers: { Authorization: `DeepL-Auth-Key ${config.key}` },
        body: { text: segments, source_lang: deeplLanguage(from, false), target_lang: deeplLanguage(to, true), tag_handling: 'html' },
      },
      config.timeoutMs,
    );
    return textsOf(
      'DeepL',
      deeplAnswer.safeParse(answer).data?.translations.map((item) => item.text),
      segments.length,
    );
  };
}

function libreTranslate(config: Extract<MachineTranslationConfig, { service: 'libretranslate' }>): Translate {
  return async (segments, from, to) => {
    const answer = await send(
      'LibreTranslate',
      {
        url: `${config.url}/translate`,
        headers: {},
        body: { q: segments, source: from, target: to, format: 'html', ...(config.key ? { api_key: config.key } : {}) },
      },
      config.timeoutMs,
    );
    const translated = libreAnswer.safeParse(answer).data?.translatedText;
    return textsOf('LibreTranslate', typeof translated === 'string' ? [translated] : translated, segments.length);
  };
}

/** The configured service's `Translate`, sending at most 50 fragments per request; logs failures. */
export function translatorFor(config: NonNullable<MachineTranslationConfig>): Translate {
  const translate = config.service === 'deepl' ? deepl(config) : libreTranslate(config);
  return async (segments, from, to) => {
    const results: string[] = [];
    try {
      for (let start = 0; start < segments.length; start += BATCH) results.push(...(await translate(segments.slice(start, start + BATCH), from, to)));
    } catch (error) {
      if (error instanceof MachineTranslationError)
        logLine('warn', 'machine translation failed', { service: config.service, code: error.code, detail: error.message });
      throw error;
    }
    return results;
  };
}
