/**
 * The live preview beside the form (decision 036): a toggle for the form's header, and the panel
 * with a preview locale chooser, the update state and the hub page in a sandboxed frame. The frame
 * runs no script and its links open a new tab (`<base target="_blank">` in the page), so nothing in
 * it can navigate the admin away; it keeps its scroll position across updates.
 */
import { useId, useRef } from 'react';
import { useAdmin } from '../ui/admin-context.tsx';
import type { LivePreviewState } from './use-live-preview.ts';

export const LIVE_PREVIEW_PANEL_ID = 'live-preview-panel';

export function LivePreviewToggle({ preview }: { preview: LivePreviewState }) {
  const { t } = useAdmin();
  return (
    <button
      type="button"
      className="admin-button admin-button--quiet live-preview__toggle"
      aria-expanded={preview.open}
      aria-controls={LIVE_PREVIEW_PANEL_ID}
      onClick={preview.toggle}
    >
      {preview.open ? t('admin.livePreview.hide') : t('admin.livePreview.show')}
    </button>
  );
}

export function LivePreview({ preview }: { preview: LivePreviewState }) {
  const { t, contentLocales, localeNames } = useAdmin();
  const selectId = `live-preview-locale-${useId().replace(/:/g, '')}`;
  const scrollY = useRef(0);

  // Each update is a new document: put it back where the editor was reading, then follow it.
  const onLoad = (event: { currentTarget: HTMLIFrameElement }) => {
    const view = event.currentTarget.contentWindow;
    if (!view) return;
    view.scrollTo(0, scrollY.current);
    view.addEventListener('scroll', () => {
      scrollY.current = view.scrollY;
    });
  };

  return (
    <section id={LIVE_PREVIEW_PANEL_ID} className="live-preview" aria-label={t('admin.livePreview.title')} hidden={!preview.open}>
      {preview.open && (
        <>
          <div className="live-preview__bar">
            <label htmlFor={selectId}>{t('admin.livePreview.locale')}</label>
            <select id={selectId} value={preview.previewLocale} onChange={(event) => preview.choosePreviewLocale(event.currentTarget.value)}>
              {contentLocales.map((code) => (
                <option key={code} value={code} lang={code}>
                  {localeNames[code] ?? code}
                </option>
              ))}
            </select>
            <p className="live-preview__status" role="status" data-status={preview.status}>
              {preview.status === 'updating' ? t('admin.livePreview.updating') : preview.status === 'ready' ? t('admin.livePreview.upToDate') : ''}
            </p>
          </div>
          {preview.status === 'error' && (
            <div className="live-preview__error" role="alert">
              <p>{preview.error}</p>
              <button type="button" className="admin-button" onClick={preview.retry}>
                {t('admin.livePreview.retry')}
              </button>
            </div>
          )}
          {preview.html !== null && (
            <iframe
              className="live-preview__frame"
              title={t('admin.livePreview.frameTitle')}
              srcDoc={preview.html}
              sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
              aria-busy={preview.status === 'updating'}
              onLoad={onLoad}
            />
          )}
        </>
      )}
    </section>
  );
}
