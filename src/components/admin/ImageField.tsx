/**
 * An image relation (cover, photo, logo): pick an existing image, or upload a new one right here
 * (with its alternative text) and have it selected.
 */
import { useId, useState } from 'react';
import { itemOption } from './lib/describe.ts';
import { rememberOptions } from './lib/option-cache.ts';
import { useFormField } from './edit-form/form-context.tsx';
import { SingleRelationField } from './RelationField.tsx';
import { UploadField } from './UploadField.tsx';
import { useAdmin } from './ui/admin-context.tsx';

export function ImageField({ path, label, hint }: { path: string; label: string; hint?: string }) {
  const { t, defaultLocale } = useAdmin();
  const field = useFormField<number | null>(path);
  const [alt, setAlt] = useState('');
  const altId = useId();
  const uploadId = useId();
  return (
    <div className="admin-image-field">
      <SingleRelationField path={path} collection="medias" label={label} filters={{ kind: 'image' }} {...(hint ? { hint } : {})} />
      <details className="admin-image-field__upload">
        <summary>{t('admin.upload.newImage')}</summary>
        <div className="admin-field">
          <label htmlFor={altId} className="admin-field__label">
            {t('admin.field.alt')}
          </label>
          <input id={altId} type="text" value={alt} maxLength={500} onChange={(event) => setAlt(event.target.value)} aria-describedby={`${altId}-hint`} />
          <p id={`${altId}-hint`} className="admin-field__hint">
            {t('admin.upload.altHint')}
          </p>
        </div>
        <UploadField
          id={uploadId}
          target="medias"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          label={t('admin.upload.chooseImage')}
          metadata={alt.trim() ? { translations: { [defaultLocale]: { alt: alt.trim() } } } : undefined}
          onUploaded={(media) => {
            rememberOptions('medias', [itemOption(media, defaultLocale)]);
            field.setValue(media['id'] as number);
            setAlt('');
          }}
        />
      </details>
    </div>
  );
}
