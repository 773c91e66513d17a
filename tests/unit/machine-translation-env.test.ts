/** Which translation service "Suggest" uses, from the environment (docs/decisions/056). */
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/server/config/env.ts';

describe('MACHINE_TRANSLATION', () => {
  it('is off with neither service set', () => {
    expect(parseEnv({}).MACHINE_TRANSLATION).toBeNull();
  });

  it("uses DeepL's Free API for a key ending in :fx, its Pro API otherwise, or the URL given", () => {
    expect(parseEnv({ DEEPL_API_KEY: 'abc:fx' }).MACHINE_TRANSLATION).toEqual({
      service: 'deepl',
      url: 'https://api-free.deepl.com',
      key: 'abc:fx',
      timeoutMs: 15_000,
    });
    expect(parseEnv({ DEEPL_API_KEY: 'abc' }).MACHINE_TRANSLATION).toMatchObject({ service: 'deepl', url: 'https://api.deepl.com' });
    expect(parseEnv({ DEEPL_API_KEY: 'abc', DEEPL_API_URL: 'http://127.0.0.1:9/' }).MACHINE_TRANSLATION).toMatchObject({ url: 'http://127.0.0.1:9' });
  });

  it('uses LibreTranslate when no DeepL key is set, and DeepL when both are', () => {
    expect(parseEnv({ LIBRETRANSLATE_URL: 'http://127.0.0.1:5000', LIBRETRANSLATE_API_KEY: 'k' }).MACHINE_TRANSLATION).toEqual({
      service: 'libretranslate',
      url: 'http://127.0.0.1:5000',
      key: 'k',
      timeoutMs: 15_000,
    });
    expect(parseEnv({ LIBRETRANSLATE_URL: 'http://127.0.0.1:5000', DEEPL_API_KEY: 'abc' }).MACHINE_TRANSLATION).toMatchObject({ service: 'deepl' });
  });

  it('refuses a URL or key without its service, and a URL that is not http(s)', () => {
    expect(() => parseEnv({ DEEPL_API_URL: 'http://127.0.0.1:9' })).toThrow(/DEEPL_API_KEY: is required with DEEPL_API_URL/);
    expect(() => parseEnv({ LIBRETRANSLATE_API_KEY: 'k' })).toThrow(/LIBRETRANSLATE_URL: is required/);
    expect(() => parseEnv({ LIBRETRANSLATE_URL: 'ftp://x' })).toThrow(EnvError);
  });
});
