/**
 * Reading an import request: JSON (`content` holds the file's text) or multipart/form-data (a
 * `file` part, or a `content` field when the screen sends back the file it already showed).
 * The body is read within the file limit plus room for the form, so nothing larger is buffered.
 */
import { BodyRefusal, isJsonRequest, readBodyBytes } from '../http/body-limit.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { parseInput } from '../engine/validation.ts';
import { MAX_IMPORT_BYTES } from './rows.ts';
import { importRequestSchema, type ImportRequest } from './schemas.ts';

/** Room for the form's other fields and multipart boundaries beside the file. */
const FORM_OVERHEAD = 64 * 1024;

function tooLarge(): AdminError {
  return new AdminError(413, 'IMPORT_TOO_LARGE', `An import file may be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`, {
    errors: { file: ['IMPORT_TOO_LARGE'] },
    extensions: { limit: MAX_IMPORT_BYTES },
  });
}

const decoder = new TextDecoder('utf-8');

async function readBytes(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return await readBodyBytes(request, MAX_IMPORT_BYTES * (isJsonRequest(request) ? 2 : 1) + FORM_OVERHEAD, 'IMPORT_TOO_LARGE');
  } catch (error) {
    if (error instanceof BodyRefusal && error.status === 413) throw tooLarge();
    if (error instanceof BodyRefusal) throw new AdminError(error.status, error.code, error.message);
    throw error;
  }
}

/** The form's fields, the file's text in `content`. */
async function formFields(request: Request, bytes: Uint8Array<ArrayBuffer>): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await new Request(request.url, { method: 'POST', headers: request.headers, body: bytes }).formData();
  } catch {
    throw new AdminError(400, 'MALFORMED_UPLOAD', 'The form could not be read');
  }
  const fields: Record<string, unknown> = {};
  // The screen's column mapping: a select per field (`map.title`…) and a `map` marker, so a
  // mapping with every field left empty still arrives as one.
  const mapping: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key === 'map' || key.startsWith('map.')) {
      if (key !== 'map' && typeof value === 'string' && value !== '') mapping[key.slice(4)] = value;
      fields['mapping'] = mapping;
    } else if (key === 'file' && typeof value !== 'string') {
      if (value.size === 0) continue;
      if (value.size > MAX_IMPORT_BYTES) throw tooLarge();
      fields['content'] = decoder.decode(await value.arrayBuffer());
      fields['fileName'] = value.name.slice(0, 255);
    } else if (typeof value === 'string' && key !== 'file' && value !== '') {
      fields[key] = value;
    }
  }
  return fields;
}

/** The checked import request; 413 past the file limit, 415 for another body type, 400 for bad fields. */
export async function readImportRequest(request: Request): Promise<ImportRequest> {
  const contentType = request.headers.get('content-type') ?? '';
  const json = isJsonRequest(request);
  if (!json && !/^multipart\/form-data\s*;/i.test(contentType)) {
    await request.body?.cancel().catch(() => undefined);
    throw new AdminError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the import as multipart/form-data or application/json');
  }
  const bytes = await readBytes(request);
  let fields: unknown;
  if (json) {
    try {
      fields = JSON.parse(decoder.decode(bytes));
    } catch {
      throw new AdminError(400, 'INVALID_JSON', 'The body is not valid JSON');
    }
  } else {
    fields = await formFields(request, bytes);
  }
  const skip = new URL(request.url).searchParams.get('skip');
  if (skip !== null && typeof fields === 'object' && fields !== null && !('skip' in fields)) fields = { ...fields, skip };
  const input = parseInput(importRequestSchema, fields);
  // Counted without encoding a copy: the text may be 20 MB.
  if (Buffer.byteLength(input.content, 'utf8') > MAX_IMPORT_BYTES) throw tooLarge();
  return { ...input, content: input.content.replace(/^\uFEFF/, '') };
}
