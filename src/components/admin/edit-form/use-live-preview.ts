/**
 * The live preview's state (decision 036): while it is open, the form's save payload is POSTed
 * to the live preview route ~500 ms after the last change (or a change of preview locale), and
 * the hub page it answers becomes the frame's document. A newer change aborts the request in
 * flight, so an older answer never replaces a newer one.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Collection } from '../../../lib/collections/index.ts';
import { paths } from '../../../lib/paths.ts';
import { isLocale } from '../../../i18n/config.ts';
import { readProblem } from '../lib/api.ts';
import { buildCreateBody, buildPatchBody } from '../lib/payload.ts';
import { translateCode } from '../lib/translate.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import type { EditFormState } from './use-edit-form.ts';

/** Quiet time after the last keystroke before the preview asks the server. */
export const LIVE_PREVIEW_DEBOUNCE_MS = 500;

/**
 * The page without its scripts: the sandboxed frame would refuse to run them anyway, and each
 * refusal is a console error on every update.
 */
function withoutScripts(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const script of document.querySelectorAll('script')) script.remove();
  return `<!DOCTYPE html>${document.documentElement.outerHTML}`;
}

export type LivePreviewStatus = 'updating' | 'ready' | 'error';

export function useLivePreview(config: Collection, form: Pick<EditFormState, 'item' | 'base' | 'draft'>, editingLocale: string) {
  const { t, locale: uiLocale } = useAdmin();
  const [open, setOpen] = useState(false);
  const [chosenLocale, setChosenLocale] = useState<string | null>(null);
  // The last page received (kept on screen while the next one loads or when it fails).
  const [html, setHtml] = useState<string | null>(null);
  // Which request was answered last, and its failure if it failed.
  const [answered, setAnswered] = useState<{ key: string; error?: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Follows the locale tab being edited until the editor picks a preview locale.
  const previewLocale = chosenLocale ?? editingLocale;
  const { item, base, draft } = form;
  const id = typeof item?.['id'] === 'number' ? item['id'] : 'new';
  const payload = useMemo(
    () => (open ? JSON.stringify(item ? buildPatchBody(config.draft, base, draft) : buildCreateBody(config.draft, draft)) : ''),
    [open, config.draft, item, base, draft],
  );

  const requestKey = `${previewLocale} ${attempt} ${payload}`;
  const status: LivePreviewStatus = answered?.key !== requestKey ? 'updating' : answered.error ? 'error' : 'ready';

  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const locale = isLocale(previewLocale) ? previewLocale : uiLocale;
      void fetch(paths.adminLivePreview(locale, config.name, id), {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'text/html' },
        body: payload,
        signal: controller.signal,
      })
        .then(async (response) => {
          if (!response.ok) {
            const problem = await readProblem(response);
            setAnswered({ key: requestKey, error: t('admin.livePreview.failed', { reason: translateCode(t, problem.code) }) });
            return;
          }
          setHtml(withoutScripts(await response.text()));
          setAnswered({ key: requestKey });
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setAnswered({ key: requestKey, error: t('admin.livePreview.failed', { reason: translateCode(t, 'NETWORK_ERROR') }) });
        });
    }, LIVE_PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, payload, previewLocale, requestKey, config.name, id, t, uiLocale]);

  return {
    open,
    toggle: () => setOpen((current) => !current),
    previewLocale,
    choosePreviewLocale: setChosenLocale,
    html,
    status,
    error: answered?.error ?? '',
    retry: () => setAttempt((current) => current + 1),
  };
}

export type LivePreviewState = ReturnType<typeof useLivePreview>;
