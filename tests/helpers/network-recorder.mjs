/**
 * Preloaded into the server under test (`NODE_OPTIONS=--import …`): records every attempt to
 * reach a non-loopback host — socket connects (http, https, fetch, tls all end there) and DNS
 * lookups — one JSON line per attempt in the file named by HUB_NETWORK_LOG, then lets it proceed.
 * The Clerk test asserts the file stays empty.
 */
import dns from 'node:dns';
import { appendFileSync } from 'node:fs';
import net from 'node:net';

const logFile = process.env.HUB_NETWORK_LOG;

function isLoopback(host) {
  if (!host) return true; // Node connects to localhost when no host is given.
  const name = String(host)
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return name === 'localhost' || name === '::1' || name.startsWith('127.') || name.startsWith('::ffff:127.');
}

function record(kind, target) {
  if (!logFile) return;
  try {
    appendFileSync(logFile, `${JSON.stringify({ kind, target, pid: process.pid, stack: new Error().stack?.split('\n').slice(2, 8) })}\n`);
  } catch {
    // The log is best effort; never break the process under test.
  }
}

/** The connect options, whichever of Socket#connect's call shapes was used. */
function connectTarget(args) {
  let first = args[0];
  if (Array.isArray(first)) first = first[0]; // internal normalised form: [options, callback]
  if (first && typeof first === 'object') return first.path ? null : { host: first.host, port: first.port };
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return { host: typeof args[1] === 'string' ? args[1] : undefined, port: first };
  }
  return null; // a Unix socket path
}

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function connect(...args) {
  const target = connectTarget(args);
  if (target && !isLoopback(target.host)) record('connect', `${target.host}:${target.port}`);
  return originalConnect.apply(this, args);
};

const originalLookup = dns.lookup;
dns.lookup = function lookup(hostname, ...rest) {
  if (!isLoopback(hostname)) record('dns', hostname);
  return originalLookup.call(this, hostname, ...rest);
};

const originalPromiseLookup = dns.promises.lookup;
dns.promises.lookup = function lookup(hostname, ...rest) {
  if (!isLoopback(hostname)) record('dns', hostname);
  return originalPromiseLookup.call(this, hostname, ...rest);
};
