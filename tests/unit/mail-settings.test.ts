/** Mail settings: validated retry and poll timings, and the sender address when MAIL_FROM is unset. */
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/server/config/env.ts';
import { messageIdDomainOf, resolveMailFrom } from '../../src/server/mail/sender-address.ts';

describe('mail environment', () => {
  it('defaults to one-minute retries, five-second polls and files under data/mail', () => {
    expect(parseEnv({})).toMatchObject({ HUB_MAIL_RETRY_BASE_MS: 60_000, HUB_MAIL_POLL_MS: 5_000, MAIL_DIR: './data/mail' });
    expect(parseEnv({ HUB_MAIL_RETRY_BASE_MS: '50', HUB_MAIL_POLL_MS: '200' })).toMatchObject({ HUB_MAIL_RETRY_BASE_MS: 50, HUB_MAIL_POLL_MS: 200 });
  });

  it('names a bad timing', () => {
    expect(() => parseEnv({ HUB_MAIL_RETRY_BASE_MS: '0' })).toThrow(/HUB_MAIL_RETRY_BASE_MS: must be between 10 and 3600000/);
    expect(() => parseEnv({ HUB_MAIL_POLL_MS: 'soon' })).toThrow(EnvError);
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL: must be an smtp/);
  });
});

describe('sender address', () => {
  it('uses MAIL_FROM when set', () => {
    expect(resolveMailFrom('Hub <hub@example.org>', 'https://x.example')).toBe('Hub <hub@example.org>');
  });

  it('otherwise writes from no-reply at the site host, in the site name', () => {
    expect(resolveMailFrom(undefined, 'https://hub.example.org')).toBe('"Edition Hub" <no-reply@hub.example.org>');
    // An IP address is no mail domain.
    expect(resolveMailFrom(undefined, 'http://127.0.0.1:4321')).toBe('"Edition Hub" <no-reply@localhost>');
  });

  it('takes the Message-ID domain from the sender', () => {
    expect(messageIdDomainOf('Edition Hub <Hub@Example.ORG>')).toBe('example.org');
    expect(messageIdDomainOf('hub@example.org')).toBe('example.org');
    expect(messageIdDomainOf('nobody')).toBe('localhost');
  });
});
