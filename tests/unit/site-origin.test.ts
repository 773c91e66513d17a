/** Where absolute URLs come from: configuration only, never the request. */
import { describe, expect, it } from 'vitest';
import { resolveSiteOrigin, siteUrlProblem } from '../../src/server/config/site-origin.ts';
import { clientAddressOf } from '../../src/server/http/client-address.ts';

describe('resolveSiteOrigin', () => {
  it('is PUBLIC_SITE_URL’s origin when set', () => {
    expect(resolveSiteOrigin({ PUBLIC_SITE_URL: 'https://hub.example.org/some/path', HOST: '0.0.0.0', PORT: '8080' })).toBe('https://hub.example.org');
  });

  it('is the listening address otherwise, a wildcard interface named localhost', () => {
    expect(resolveSiteOrigin({})).toBe('http://localhost:4321');
    expect(resolveSiteOrigin({ HOST: '127.0.0.1', PORT: '39001' })).toBe('http://127.0.0.1:39001');
    expect(resolveSiteOrigin({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://localhost:8080');
    expect(resolveSiteOrigin({ HOST: '::1', PORT: '8080' })).toBe('http://[::1]:8080');
  });
});

describe('siteUrlProblem', () => {
  it('requires PUBLIC_SITE_URL in production on a public interface only', () => {
    expect(siteUrlProblem({ HOST: '0.0.0.0' }, 'production')).toMatch(/PUBLIC_SITE_URL must be set/);
    expect(siteUrlProblem({ HOST: '192.0.2.4' }, 'production')).toMatch(/PUBLIC_SITE_URL/);
    expect(siteUrlProblem({ HOST: '0.0.0.0', PUBLIC_SITE_URL: 'https://hub.example.org' }, 'production')).toBeUndefined();
    expect(siteUrlProblem({ HOST: 'localhost' }, 'production')).toBeUndefined();
    expect(siteUrlProblem({ HOST: '127.0.0.1' }, 'production')).toBeUndefined();
    expect(siteUrlProblem({ HOST: '0.0.0.0' }, 'development')).toBeUndefined();
  });
});

describe('clientAddressOf', () => {
  const request = (forwardedFor?: string) => new Request('http://x/', forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {});

  it('is the TCP peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf(request('203.0.113.9'), '127.0.0.1', undefined)).toBe('127.0.0.1');
    expect(clientAddressOf(request('203.0.113.9'), '127.0.0.1', { hops: 0 })).toBe('127.0.0.1');
  });

  it('believes as many hops as configured, from the right', () => {
    expect(clientAddressOf(request('203.0.113.9'), '127.0.0.1', { hops: 1 })).toBe('203.0.113.9');
    expect(clientAddressOf(request('198.51.100.1, 203.0.113.9'), '127.0.0.1', { hops: 1 })).toBe('203.0.113.9');
    expect(clientAddressOf(request('198.51.100.1, 203.0.113.9, 10.0.0.2'), '127.0.0.1', { hops: 2 })).toBe('203.0.113.9');
    expect(clientAddressOf(request(), '127.0.0.1', { hops: 1 })).toBe('127.0.0.1');
  });

  it('believes only the listed proxies', () => {
    const proxies = { addresses: ['10.0.0.0/8', 'loopback'] };
    expect(clientAddressOf(request('198.51.100.1, 203.0.113.9, 10.0.0.2'), '127.0.0.1', proxies)).toBe('203.0.113.9');
    // A peer that is not a listed proxy is the client, whatever it forwards.
    expect(clientAddressOf(request('203.0.113.9'), '192.0.2.50', proxies)).toBe('192.0.2.50');
  });
});
