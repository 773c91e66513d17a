/**
 * The "new" page of medias and files: upload first (texts for the default locale optional), then
 * continue on the new item's edit page for everything else. A media can also be a YouTube or
 * Vimeo link instead of a file (decision 013).
 */
import { useId, useState, type FormEvent } from 'react';
import { videoLinkField } from '../../../lib/collections/medias.ts';
import { pushToast } from '../../../stores/toasts.ts';
import { paths } from '../../../lib/paths.ts';
import { goTo } from '../edit-form/navigation.ts';
import { apiRequest } from '../lib/api.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';
import { UploadField } from '../UploadField.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { AdminIsland, type AdminIslandProps } from '../ui/AdminIsland.tsx';
import { Field } from '../ui/Field.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';

type Metadata = { translations: Record<string, Record<string, string>> } | undefined;

/** "Or add a video link": the address, checked here with the server's own rule, then created. */
function VideoLinkForm({ metadata }: { metadata: Metadata }) {
  const { t, locale } = useAdmin();
  const hydrated = useHydrated();
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const headingId = `${id}-heading`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = videoLinkField.safeParse(url);
    if (!checked.success) {
      setErrors(issuesToFieldErrors(checked.error.issues)['$'] ?? ['INVALID_VALUE']);
      return;
    }
    setBusy(true);
    const result = await apiRequest<{ id: number }>('POST', paths.adminApi('medias'), { embedUrl: checked.data, ...metadata });
    setBusy(false);
    if (result.ok) {
      pushToast('success', t('admin.medias.videoLink.done'));
      goTo(paths.adminEdit(locale, 'medias', result.data.id));
      return;
    }
    const codes = Object.values(result.problem.errors ?? {}).flat();
    setErrors(codes.length ? codes : [result.problem.code]);
  };
  return (
    <form className="admin-video-link" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.medias.videoLink.heading')}</h2>
      <fieldset className="admin-form__fields" disabled={!hydrated || busy}>
        <Field id={id} label={t('admin.field.embedUrl')} hint={t('admin.medias.videoLink.hint')} errors={errors} required>
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={url}
              maxLength={2048}
              placeholder="https://www.youtube.com/watch?v=…"
              onChange={(event) => {
                setUrl(event.target.value);
                if (errors.length) setErrors([]);
              }}
            />
          )}
        </Field>
        <button type="submit" className="admin-button">
          {t('admin.medias.videoLink.submit')}
        </button>
      </fieldset>
    </form>
  );
}

function Upload({ target }: { target: 'medias' | 'files' }) {
  const { t, locale, defaultLocale } = useAdmin();
  const [text, setText] = useState('');
  const textId = useId();
  const uploadId = useId();
  const textField = target === 'medias' ? 'alt' : 'title';
  const metadata = text.trim() ? { translations: { [defaultLocale]: { [textField]: text.trim() } } } : undefined;
  return (
    <div className="admin-screen" data-screen={`upload-${target}`}>
      <p className="admin-form__crumbs">
        <a href={paths.adminList(locale, target)}>{t(`admin.collection.${target}`)}</a>
      </p>
      <h1>{t(`admin.${target}.new`)}</h1>
      <div className="admin-field">
        <label htmlFor={textId} className="admin-field__label">
          {t(`admin.field.${textField}`)}
        </label>
        <input id={textId} type="text" value={text} maxLength={target === 'medias' ? 500 : 200} onChange={(event) => setText(event.target.value)} />
        <p className="admin-field__hint">{t(`admin.upload.textHint.${target}`)}</p>
      </div>
      <UploadField
        id={uploadId}
        target={target}
        label={t(target === 'medias' ? 'admin.upload.chooseMedia' : 'admin.upload.chooseFile')}
        metadata={metadata}
        onUploaded={(item) => {
          pushToast('success', t('admin.upload.done'));
          goTo(paths.adminEdit(locale, target, item['id'] as number));
        }}
      />
      {target === 'medias' && <VideoLinkForm metadata={metadata} />}
    </div>
  );
}

export default function UploadScreen({ target, ...island }: AdminIslandProps & { target: 'medias' | 'files' }) {
  return (
    <AdminIsland {...island}>
      <Upload target={target} />
    </AdminIsland>
  );
}
