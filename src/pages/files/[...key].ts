/**
 * GET /files/<key> — a downloadable file, always as an attachment under its original name.
 * Only files registered in `files` are served.
 */
import type { APIRoute } from 'astro';
import { getDb } from '../../server/db.ts';
import { problem } from '../../server/http/problem.ts';
import { findFileByKey } from '../../server/storage/catalog.ts';
import { getStorage } from '../../server/storage/index.ts';
import { parseOriginalKey } from '../../server/storage/keys.ts';
import { attachmentDisposition, objectResponse } from '../../server/storage/responses.ts';

const notFound = () => problem(404, 'FILE_NOT_FOUND', 'No such file');

export const GET: APIRoute = async ({ params, request }) => {
  const key = parseOriginalKey(params.key ?? '');
  if (!key) return notFound();
  const record = await findFileByKey(await getDb(), key);
  if (!record) return notFound();
  const object = await getStorage().read(key.key);
  if (!object) return notFound();
  return objectResponse(request, object, {
    etag: `"${key.sha256}"`,
    // Served as an opaque download: the stored type is the uploader's claim, never rendered inline.
    contentType: record.mimeType || 'application/octet-stream',
    extra: { 'Content-Disposition': attachmentDisposition(record.originalName), 'Content-Security-Policy': "default-src 'none'; sandbox" },
  });
};

export const HEAD = GET;
