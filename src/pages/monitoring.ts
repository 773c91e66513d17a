/**
 * POST /monitoring — Sentry tunnel used by the browser SDK (`tunnel: '/monitoring'`); forwards
 * envelopes for the configured DSN's project only. Any other method → 405.
 * Behaviour and status codes: src/server/errors/tunnel/tunnel.ts.
 */
import type { APIRoute } from 'astro';
import { getTunnelDsn, getTunnelRateLimiter } from '../server/errors/tunnel/config.ts';
import { tunnelEnvelope } from '../server/errors/tunnel/tunnel.ts';
import { clientAddressOf } from '../server/http/client-address.ts';

export const prerender = false;

export const ALL: APIRoute = ({ request, clientAddress }) =>
  tunnelEnvelope(request, { dsn: getTunnelDsn(), clientKey: clientAddressOf(request, clientAddress), limiter: getTunnelRateLimiter() });
