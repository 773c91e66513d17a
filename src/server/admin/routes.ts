/** Small steps the admin API routes share: flags and headers read or written the same way everywhere. */
import type { CollectionName } from '../../lib/collections/index.ts';
import { paths } from '../../lib/paths.ts';
import { AdminError } from '../errors/domain-errors.ts';

/** `?detach=true|false|1|0` of a delete; anything else is a 400. */
export function detachFlag(url: URL): boolean {
  const value = url.searchParams.get('detach');
  if (value === null || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new AdminError(400, 'INVALID_QUERY', 'detach must be true or false', { errors: { detach: ['INVALID_VALUE'] } });
}

/** The `Location` of a created item: its API path. */
export function createdLocation(collection: CollectionName, body: unknown): Record<string, string> {
  const id = typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'number' ? body.id : undefined;
  return id === undefined ? {} : { Location: paths.adminApi(collection, id) };
}

/** Headers of an export download named after the collection and the day. */
export function exportHeaders(collection: CollectionName, format: 'csv' | 'json'): HeadersInit {
  const day = new Date().toISOString().slice(0, 10);
  return {
    'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="${collection}-${day}.${format}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}
