/**
 * A Markdown text with "Write" and "Preview" tabs. The preview is rendered in the browser with
 * marked and sanitised with the same allow-list as the public pages; both load on first use.
 */
import { useEffect, useRef, useState } from 'react';
import { useFormField } from './edit-form/form-context.tsx';
import { Compared } from './translations/Compared.tsx';
import { Field } from './ui/Field.tsx';
import { useAdmin } from './ui/admin-context.tsx';

export function MarkdownField({ path, label, hint, lang, rows = 10 }: { path: string; label: string; hint?: string; lang?: string; rows?: number }) {
  const { t } = useAdmin();
  const field = useFormField<string>(path);
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const preview = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (mode !== 'preview' || !preview.current) return;
    let live = true;
    import('./markdown/render-preview.ts')
      .then(({ renderPreview }) => {
        if (live && preview.current) renderPreview(field.value ?? '', preview.current);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [mode, field.value]);

  return (
    <Compared path={path}>
      <Field id={field.id} label={label} hint={hint ?? t('admin.markdown.hint')} errors={field.errors} className="admin-markdown">
        {(control) => (
          <>
            <div className="admin-markdown__modes" role="group" aria-label={t('admin.markdown.mode')}>
              <button type="button" aria-pressed={mode === 'write'} onClick={() => setMode('write')}>
                {t('admin.markdown.write')}
              </button>
              <button type="button" aria-pressed={mode === 'preview'} onClick={() => setMode('preview')} data-testid={`preview-${path}`}>
                {t('admin.markdown.preview')}
              </button>
            </div>
            <textarea
              {...control}
              lang={lang}
              rows={rows}
              hidden={mode !== 'write'}
              value={field.value ?? ''}
              onChange={(event) => field.setValue(event.target.value)}
            />
            {mode === 'preview' && (
              <div className="admin-markdown__preview" lang={lang} aria-live="polite" data-testid={`markdown-preview-${path}`}>
                {failed ? <p>{t('admin.markdown.previewFailed')}</p> : <div ref={preview} />}
                {!field.value?.trim() && <p className="admin-markdown__empty">{t('admin.markdown.empty')}</p>}
              </div>
            )}
          </>
        )}
      </Field>
    </Compared>
  );
}
