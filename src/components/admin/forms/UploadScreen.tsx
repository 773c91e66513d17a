/**
 * The "new" page of medias and files: upload first (texts for the default locale optional), then
 * continue on the new item's edit page for everything else.
 */
import { useId, useState } from 'react';
import { pushToast } from '../../../stores/toasts.ts';
import { adminPaths } from '../collections.ts';
import { goTo } from '../form/navigation.ts';
import { UploadField } from '../UploadField.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { AdminIsland, type AdminIslandProps } from '../ui/AdminIsland.tsx';

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
        <a href={adminPaths.list(locale, target)}>{t(`admin.collection.${target}`)}</a>
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
          goTo(adminPaths.edit(locale, target, item['id'] as number));
        }}
      />
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
