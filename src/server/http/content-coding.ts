/**
 * Content codings (RFC 9110 §8.4): which compressed encodings a client takes, and the ETag each
 * encoding's copy carries. Cached pages, the build's precompressed files and responses compressed
 * on the fly all negotiate here, so a client gets the same answer from each.
 */

export type Encoding = 'br' | 'gzip' | 'identity';
export type Compression = Exclude<Encoding, 'identity'>;

/** The compressed encodings a client accepts, best first (brotli, then gzip); empty: identity only. */
export function acceptedEncodings(acceptEncoding: string | undefined): Compression[] {
  if (!acceptEncoding) return [];
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(ok);
}

export const ETAG_SUFFIX: Readonly<Record<Encoding, string>> = { identity: '', gzip: '-gz', br: '-br' };

/** The ETag sent with `encoding`'s copy of a body tagged `etag`: caches never mix the copies up. */
export function etagOf(etag: string, encoding: Encoding): string {
  return encoding === 'identity' ? etag : etag.replace(/"$/, `${ETAG_SUFFIX[encoding]}"`);
}
