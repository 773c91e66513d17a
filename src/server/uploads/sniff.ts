/**
 * What an upload really is, decided from its bytes (magic numbers via `file-type`), never from
 * its name or the client's Content-Type. Text has no magic number: a download counts as text
 * only when the whole file is valid UTF-8 without control characters and does not start like
 * markup; its extension then only chooses between text/plain and text/csv.
 */
import { createReadStream } from 'node:fs';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { AdminError } from '../errors/domain-errors.ts';
import type { UploadCategory } from './limits.ts';
import { extensionOf } from '../storage/file-names.ts';

export interface AcceptedType {
  mime: string;
  /** Extension of the storage key. */
  ext: string;
  category: UploadCategory;
}

/**
 * Medias: raster images, web video and web audio (what every current browser plays). SVG is absent
 * on purpose: it can carry script.
 */
const mediaTypes: Record<string, AcceptedType> = {
  'image/jpeg': { mime: 'image/jpeg', ext: 'jpg', category: 'image' },
  'image/png': { mime: 'image/png', ext: 'png', category: 'image' },
  'image/webp': { mime: 'image/webp', ext: 'webp', category: 'image' },
  'image/avif': { mime: 'image/avif', ext: 'avif', category: 'image' },
  'image/gif': { mime: 'image/gif', ext: 'gif', category: 'image' },
  'video/mp4': { mime: 'video/mp4', ext: 'mp4', category: 'video' },
  'video/webm': { mime: 'video/webm', ext: 'webm', category: 'video' },
  'audio/mpeg': { mime: 'audio/mpeg', ext: 'mp3', category: 'audio' },
  'audio/x-m4a': { mime: 'audio/mp4', ext: 'm4a', category: 'audio' },
  'audio/ogg': { mime: 'audio/ogg', ext: 'ogg', category: 'audio' },
  'audio/ogg; codecs=opus': { mime: 'audio/ogg', ext: 'ogg', category: 'audio' },
};

const file = (mime: string, ext: string): AcceptedType => ({ mime, ext, category: 'file' });

/** Downloads: PDF, ZIP, Office documents (OOXML, OpenDocument, legacy binary), text, CSV. */
const fileTypes: Record<string, AcceptedType> = {
  'application/pdf': file('application/pdf', 'pdf'),
  'application/zip': file('application/zip', 'zip'),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': file(
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'docx',
  ),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': file('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'),
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': file(
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'pptx',
  ),
  'application/vnd.oasis.opendocument.text': file('application/vnd.oasis.opendocument.text', 'odt'),
  'application/vnd.oasis.opendocument.spreadsheet': file('application/vnd.oasis.opendocument.spreadsheet', 'ods'),
  'application/vnd.oasis.opendocument.presentation': file('application/vnd.oasis.opendocument.presentation', 'odp'),
};

/** Legacy Office files share one container format (CFB); the extension names the application. */
const legacyOffice: Record<string, AcceptedType> = {
  doc: file('application/msword', 'doc'),
  xls: file('application/vnd.ms-excel', 'xls'),
  ppt: file('application/vnd.ms-powerpoint', 'ppt'),
};

export type UploadTarget = 'medias' | 'files';

function unsupported(target: UploadTarget, detected?: string): AdminError {
  const accepted = target === 'medias' ? 'JPEG, PNG, WebP, AVIF, GIF, MP4, WebM, MP3, M4A or Ogg' : 'PDF, text, CSV, ZIP or Office documents';
  return new AdminError(415, 'UNSUPPORTED_FILE_TYPE', `This kind of file is not accepted here; send ${accepted}`, {
    errors: { file: ['UNSUPPORTED_FILE_TYPE'] },
    extensions: { detected: detected ?? null },
  });
}

/**
 * The category the first bytes suggest, to apply the right size limit while still streaming.
 * Unknown bytes get the strictest limit of the target: they will be refused anyway.
 */
export async function guessCategory(head: Uint8Array, target: UploadTarget): Promise<UploadCategory> {
  if (target === 'files') return 'file';
  const type = await fileTypeFromBuffer(head).catch(() => undefined);
  return (type && mediaTypes[type.mime]?.category) || 'image';
}

const CONTROL = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

/** True when the whole file is UTF-8 text without control characters, streamed (no buffering). */
async function isPlainText(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let start = true;
  try {
    for await (const chunk of createReadStream(path)) {
      let text = decoder.decode(chunk as Buffer, { stream: true });
      if (start) {
        text = text.replace(/^\uFEFF/, '');
        // Markup served back from our origin is how stored XSS starts; it is not "plain text".
        if (/^\s*<[!?a-zA-Z]/.test(text)) return false;
        start = text.trim() === '';
      }
      if (CONTROL.test(text)) return false;
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The accepted type of a staged upload, or 415 `UNSUPPORTED_FILE_TYPE`. */
export async function detectType(path: string, originalName: string, target: UploadTarget): Promise<AcceptedType> {
  const detected = await fileTypeFromFile(path).catch(() => undefined);
  if (target === 'medias') {
    const accepted = detected && mediaTypes[detected.mime];
    if (!accepted) throw unsupported(target, detected?.mime);
    return accepted;
  }
  if (detected) {
    if (detected.ext === 'cfb') {
      const legacy = legacyOffice[extensionOf(originalName)];
      if (legacy) return legacy;
    }
    const accepted = fileTypes[detected.mime];
    if (!accepted) throw unsupported(target, detected.mime);
    return accepted;
  }
  if (await isPlainText(path)) {
    return extensionOf(originalName) === 'csv' ? file('text/csv', 'csv') : file('text/plain', 'txt');
  }
  throw unsupported(target);
}
