import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/server/config/env.ts';

describe('environment validation', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      DATABASE_URL: 'file:./data/hub.db',
      HOST: 'localhost',
      PORT: 4321,
      UPLOADS_DIR: './data/uploads',
      HUB_DEMO: true,
    });
    expect(env.DATABASE_AUTH_TOKEN).toBeUndefined();
  });

  it('turns demo content off by default for a remote database', () => {
    expect(parseEnv({ DATABASE_URL: 'libsql://hub.example.org' }).HUB_DEMO).toBe(false);
    expect(parseEnv({ DATABASE_URL: 'libsql://hub.example.org', HUB_DEMO: 'on' }).HUB_DEMO).toBe(true);
    expect(parseEnv({ HUB_DEMO: '0' }).HUB_DEMO).toBe(false);
  });

  it('coerces the port and treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '8080', HOST: '' }).PORT).toBe(8080);
    expect(parseEnv({ HOST: '' }).HOST).toBe('localhost');
  });

  it.each([
    ['PORT', 'eighty', /PORT: must be a port number/],
    ['PORT', '70000', /PORT: must be between/],
    ['DATABASE_URL', 'postgres://x', /DATABASE_URL: must start with file:/],
    ['PUBLIC_SITE_URL', 'not a url', /PUBLIC_SITE_URL: must be an http\(s\) URL/],
    ['HUB_DEMO', 'maybe', /HUB_DEMO: must be one of/],
  ])('rejects %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(message);
  });

  it('reports every bad variable at once', () => {
    try {
      parseEnv({ PORT: 'x', HUB_DEMO: 'x' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/HUB_DEMO/);
    }
  });
});
