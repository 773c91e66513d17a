/** The inbox's pure rules: when a handled message expires, and the subject of a reply. */
import { describe, expect, it } from 'vitest';
import { languageName, replySubject } from '../../src/server/inbox/mail.ts';
import { retentionCutoff } from '../../src/server/inbox/retention.ts';
import { MAIL_RETENTION_MS, mailRetentionMs } from '../../src/server/mail/retention.ts';
import { eraseSchema, parseMessageId } from '../../src/server/inbox/schemas.ts';

describe('retention cutoff', () => {
  it('is the same moment 12 calendar months earlier', () => {
    expect(retentionCutoff(new Date('2026-11-25T11:00:00Z'), 12).toISOString()).toBe('2025-11-25T11:00:00.000Z');
    // 29 February has no twin a year earlier: the cutoff rolls to 1 March, never earlier.
    expect(retentionCutoff(new Date('2028-02-29T00:00:00Z'), 12).toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });

  it('follows the setting, for the messages and for the mail that carried them', () => {
    expect(retentionCutoff(new Date('2026-11-25T11:00:00Z'), 3).toISOString()).toBe('2026-08-25T11:00:00.000Z');
    expect(mailRetentionMs(12)).toBe(MAIL_RETENTION_MS);
    expect(mailRetentionMs(6)).toBe(MAIL_RETENTION_MS / 2);
  });
});

describe('reply subject', () => {
  it('prefixes "Re:" once', () => {
    expect(replySubject('Accessibilité')).toBe('Re: Accessibilité');
    expect(replySubject('RE: Tickets')).toBe('RE: Tickets');
  });
});

describe('language names', () => {
  it('names the language a message was written in, in the reader’s words', () => {
    expect(languageName('fr', 'en')).toBe('French');
    expect(languageName('fr', 'de')).toBe('Französisch');
    expect(languageName('de', 'fr')).toBe('allemand');
  });
});

describe('inbox inputs', () => {
  it('accepts only plain positive ids', () => {
    expect(parseMessageId('42')).toBe(42);
    for (const value of ['0', '-1', '4.2', '042', 'matrix-999999', '1e3', undefined]) expect(parseMessageId(value)).toBeNull();
  });

  it('asks for the address a second time, in any case', () => {
    expect(eraseSchema.safeParse({ email: 'Ada@Example.org', confirm: 'ada@example.org' }).success).toBe(true);
    const mismatch = eraseSchema.safeParse({ email: 'ada@example.org', confirm: 'eve@example.org' });
    expect(mismatch.error?.issues).toEqual([expect.objectContaining({ path: ['confirm'], message: 'CONFIRMATION_MISMATCH' })]);
  });
});
