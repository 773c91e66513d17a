/** Where "Retry now" sends the admin back to, and how the Sent mail view reads its query. */
import { describe, expect, it } from 'vitest';
import { parseMailId, parseMailListQuery } from '../../src/server/mail/admin.ts';
import { readRetryNotice, retryRedirect } from '../../src/server/mail/admin-notices.ts';

describe('retryRedirect', () => {
  const fallback = '/en/admin/mail/7';
  it('returns to the list it came from, filters kept, with the outcome', () => {
    expect(retryRedirect('/en/admin/mail?status=failed&page=2', fallback, '/en/admin/mail', 'retried')).toBe('/en/admin/mail?status=failed&page=2&retry=done');
    expect(retryRedirect('/en/admin/mail?retry=done', fallback, '/en/admin/mail', 'not-retryable')).toBe('/en/admin/mail?retry=refused');
  });

  it('never sends anywhere but the Sent mail view of this locale', () => {
    for (const returnTo of [
      'https://evil.example/en/admin/mail',
      '//evil.example/en/admin/mail',
      '/en/admin/events',
      '/fr/admin/mail',
      '/en/admin/mailbox',
      undefined,
      42,
    ]) {
      expect(retryRedirect(returnTo, fallback, '/en/admin/mail', 'retried')).toBe('/en/admin/mail/7?retry=done');
    }
  });

  it('reads the notice back', () => {
    expect(readRetryNotice(new URLSearchParams('retry=done'))).toBe('retried');
    expect(readRetryNotice(new URLSearchParams('retry=refused'))).toBe('refused');
    expect(readRetryNotice(new URLSearchParams('retry=<script>'))).toBeUndefined();
  });
});

describe('the Sent mail query', () => {
  it('takes a status and a page, and nothing else', () => {
    expect(parseMailListQuery(new URLSearchParams(''))).toEqual({ page: 1 });
    expect(parseMailListQuery(new URLSearchParams('status=failed&page=3&utm=x'))).toEqual({ status: 'failed', page: 3 });
    expect(parseMailListQuery(new URLSearchParams('status='))).toEqual({ page: 1 });
    expect(parseMailListQuery(new URLSearchParams('status=lost'))).toBeUndefined();
    expect(parseMailListQuery(new URLSearchParams('page=0'))).toBeUndefined();
    expect(parseMailListQuery(new URLSearchParams('page=1.5'))).toBeUndefined();
  });

  it('reads message ids', () => {
    expect(parseMailId('12')).toBe(12);
    for (const bad of ['0', '012', '-1', '1e3', 'matrix-999999', '99999999999999999', undefined]) expect(parseMailId(bad)).toBeUndefined();
  });
});
