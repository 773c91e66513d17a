/**
 * The address of the client a request comes from, for every per-client limit (sign-in, contact,
 * monitoring) and log line. It is the TCP peer unless HUB_TRUST_PROXY names the reverse proxies
 * in front: only then is X-Forwarded-For read, and only as far as those proxies vouch for it
 * (proxy-addr walks it from the right, stopping at the first address no trusted proxy appended).
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import { getEnv, type TrustedProxies } from '../config/env.ts';

type Trust = (address: string, hop: number) => boolean;

/** proxy-addr's trust function for the configured proxies, or undefined when none is trusted. */
function compileTrust(proxies: TrustedProxies | undefined): Trust | undefined {
  if (!proxies) return undefined;
  if ('hops' in proxies) {
    const { hops } = proxies;
    return hops > 0 ? (_address, hop) => hop < hops : undefined;
  }
  return proxyAddr.compile(proxies.addresses);
}

let trust: { proxies: TrustedProxies | undefined; compiled: Trust | undefined } | undefined;

/**
 * The client's address: `socketAddress` (the TCP peer, Astro's `clientAddress`) when no proxy is
 * trusted or none forwarded, else the nearest X-Forwarded-For entry the trusted proxies did not add.
 */
export function clientAddressOf(request: Request, socketAddress: string, proxies = getEnv().HUB_TRUST_PROXY): string {
  if (!trust || trust.proxies !== proxies) trust = { proxies, compiled: compileTrust(proxies) };
  const forwardedFor = trust.compiled && request.headers.get('x-forwarded-for');
  if (!trust.compiled || !forwardedFor) return socketAddress;
  // proxy-addr reads only these two members of a Node request.
  const peer = { headers: { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: socketAddress } } as unknown as IncomingMessage;
  return proxyAddr(peer, trust.compiled);
}
