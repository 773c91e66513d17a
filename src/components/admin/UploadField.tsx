/**
 * Upload of one media or file: drop it on the zone or pick it with the (visible, labelled) file
 * input; images preview at once; a progress bar follows the bytes; the upload can be cancelled.
 * Too-large files are refused before sending; the server's answer (type, size, pixels) is shown
 * as a translated message.
 */
import { paths } from '../../lib/paths.ts';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { translateCode } from './lib/translate.ts';
import { formatBytes, limitFor, uploadWithProgress } from './lib/upload.ts';
import { useAdmin } from './ui/admin-context.tsx';

export interface UploadFieldProps {
  id: string;
  target: 'medias' | 'files';
  label: string;
  /** JSON sent as the `metadata` part (texts of the new item). */
  metadata?: Record<string, unknown> | undefined;
  /** Narrower than the collection's types (an image field takes no video). */
  accept?: string;
  onUploaded: (item: Record<string, unknown>) => void;
}

const accepts = {
  medias: 'image/jpeg,image/png,image/webp,image/avif,image/gif,video/mp4,video/webm,audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg,.mp3,.m4a,.ogg,.opus',
  files: '.pdf,.txt,.csv,.zip,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,application/pdf,text/plain,text/csv,application/zip',
};

export function UploadField({ id, target, label, metadata, accept, onUploaded }: UploadFieldProps) {
  const { t, locale } = useAdmin();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const abort = useRef<(() => void) | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const start = async (picked: File) => {
    setError(null);
    setFile(picked);
    setPreview(picked.type.startsWith('image/') ? URL.createObjectURL(picked) : null);
    const limit = limitFor(target, picked.type);
    if (picked.size > limit) {
      setError(translateCode(t, 'FILE_TOO_LARGE', { limit: formatBytes(limit, locale) }));
      return;
    }
    const form = new FormData();
    if (metadata) form.append('metadata', JSON.stringify(metadata));
    form.append('file', picked, picked.name);
    setProgress(0);
    const handle = uploadWithProgress<Record<string, unknown>>(paths.adminApi(target), form, setProgress);
    abort.current = handle.abort;
    const result = await handle.result;
    abort.current = null;
    setProgress(null);
    if (input.current) input.current.value = '';
    if (result.ok) {
      setFile(null);
      onUploaded(result.data);
      return;
    }
    if (result.problem.code === 'ABORTED') {
      setError(t('admin.upload.cancelled'));
      return;
    }
    const serverLimit = Number(result.problem['limit']);
    const vars = { limit: Number.isFinite(serverLimit) && serverLimit > 0 ? formatBytes(serverLimit, locale) : formatBytes(limit, locale) };
    const fieldCodes = Object.values(result.problem.errors ?? {}).flat();
    setError(
      [
        translateCode(t, result.problem.code, vars),
        ...fieldCodes.filter((code) => code !== result.problem.code).map((code) => translateCode(t, code, vars)),
      ].join(' '),
    );
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && progress === null) void start(dropped);
  };

  const busy = progress !== null;
  return (
    <div
      className={`admin-upload${over ? ' admin-upload--over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid={`upload-${target}`}
    >
      <label htmlFor={id} className="admin-upload__label">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept ?? accepts[target]}
        disabled={busy}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          if (picked) void start(picked);
        }}
      />
      <p id={`${id}-hint`} className="admin-field__hint">
        {t(`admin.upload.hint.${target}`)}
      </p>
      {file && (
        <div className="admin-upload__file">
          {preview && <img src={preview} alt={t('admin.upload.previewAlt', { name: file.name })} className="admin-upload__preview" />}
          <span>
            {file.name} · {formatBytes(file.size, locale)}
          </span>
        </div>
      )}
      {busy && (
        <div className="admin-upload__progress">
          <progress max={1} value={progress} aria-label={t('admin.upload.progress', { name: file?.name ?? '' })} />
          <span>{Math.round(progress * 100)} %</span>
          <button type="button" className="admin-button admin-button--quiet" onClick={() => abort.current?.()}>
            {t('admin.common.cancel')}
          </button>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="admin-field__errors">
          {error}
        </p>
      )}
    </div>
  );
}
