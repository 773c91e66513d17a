/**
 * Multipart upload with progress. `fetch` cannot report upload progress, XMLHttpRequest can:
 * its `upload.onprogress` drives the progress bar. Resolves like `apiRequest` (never throws).
 */
import type { ApiResult } from './api.ts';

export interface UploadHandle<T> {
  /** Resolves with the item, or a problem (`ABORTED` when cancelled, `NETWORK_ERROR`). */
  result: Promise<ApiResult<T>>;
  abort: () => void;
}

/** POSTs `form` to `url`, calling `onProgress` with 0–1 as bytes go out. */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress: (fraction: number) => void): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const result = new Promise<ApiResult<T>>((resolve) => {
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as Record<string, unknown>) : {};
      } catch {
        // Not JSON (a proxy's page): the status still tells what happened.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve({ ok: true, status: xhr.status, data: body as T });
        return;
      }
      const code = typeof body['code'] === 'string' ? body['code'] : xhr.status === 413 ? 'FILE_TOO_LARGE' : `HTTP_${xhr.status}`;
      resolve({ ok: false, status: xhr.status, problem: { ...body, status: xhr.status, code, title: String(body['title'] ?? xhr.statusText) } });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, problem: { status: 0, code: 'NETWORK_ERROR', title: 'Network error' } });
    xhr.onabort = () => resolve({ ok: false, status: 0, problem: { status: 0, code: 'ABORTED', title: 'Aborted' } });
    xhr.send(form);
  });
  return { result, abort: () => xhr.abort() };
}

const MB = 1024 * 1024;

/** Upload limits (the server's, see docs/decisions/008): checked early to spare a doomed upload. */
const clientUploadLimits = { image: 20 * MB, video: 200 * MB, audio: 100 * MB, file: 50 * MB } as const;

/** The limit that applies to a picked file, judged by its type (the server judges by its bytes). */
export function limitFor(target: 'medias' | 'files', type: string): number {
  if (target === 'files') return clientUploadLimits.file;
  if (type.startsWith('video/')) return clientUploadLimits.video;
  return type.startsWith('audio/') ? clientUploadLimits.audio : clientUploadLimits.image;
}

/** Bytes as "1.2 MB" in the UI locale. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}
