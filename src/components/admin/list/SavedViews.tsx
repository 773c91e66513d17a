/**
 * "Views" above a list (docs/decisions/063): a quick-pick of the person's saved views, "Save view"
 * for the list as it is, and for the view the list shows: rename, make it (or stop it being) the
 * default the list opens with, delete. What a view held that the list no longer knows is named in
 * a notice when it is applied.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Collection } from '../../../lib/collections/index.ts';
import type { SavedView } from '../../../lib/admin-schemas/saved-views.ts';
import type { ApiResult } from '../lib/api.ts';
import { translateCode, type AdminT } from '../lib/translate.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import type { ListController } from './use-list.ts';
import { useSavedViews } from './use-saved-views.ts';

/** The view the page opened with (the person's default), as the server found it. */
export interface OpenedView {
  name: string;
  dropped: string[];
}

/** What the person calls a query parameter: its control's label, else the parameter itself. */
function parameterLabel(t: AdminT, config: Collection, key: string): string {
  const control = config.list.controls.find((filter) => filter.key === key);
  if (control) return t(control.label ?? `admin.filter.${key}`);
  const own: Record<string, string> = { q: 'admin.list.search', sort: 'admin.list.sort', limit: 'admin.list.perPage' };
  return own[key] ? t(own[key]) : key;
}

/** "View X applied", and what of it was left out. */
function appliedNotice(t: AdminT, config: Collection, message: string, dropped: readonly string[]): string {
  if (dropped.length === 0) return message;
  return `${message} ${t('admin.views.dropped', { list: dropped.map((key) => parameterLabel(t, config, key)).join(', ') })}`;
}

type Mode = { kind: 'idle' } | { kind: 'save' } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView };

export function SavedViews({ config, list, opened }: { config: Collection; list: ListController; opened?: OpenedView | undefined }) {
  const { t } = useAdmin();
  const ids = { pick: useId(), name: useId(), isDefault: useId(), heading: useId() };
  const saved = useSavedViews(config, list);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [name, setName] = useState('');
  const [makeDefault, setMakeDefault] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState(() => (opened ? appliedNotice(t, config, t('admin.views.openedDefault', { name: opened.name }), opened.dropped) : ''));
  const saveButton = useRef<HTMLButtonElement>(null);
  const { current } = saved;

  const open = (next: Mode, initialName = '') => {
    setMode(next);
    setName(initialName);
    setMakeDefault(false);
    setErrors([]);
  };
  const close = () => {
    setMode({ kind: 'idle' });
    setErrors([]);
    saveButton.current?.focus();
  };

  /** Runs one API call; a problem shows next to the name (a field error) or in the notice. */
  const run = async <T,>(call: () => Promise<ApiResult<T>>, done: (data: T) => string): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await call();
      if (result.ok) {
        setNotice(done(result.data));
        return true;
      }
      const fieldCodes = result.problem.errors?.['name'];
      if (fieldCodes?.length) setErrors(fieldCodes);
      else setNotice(translateCode(t, result.problem.code, { max: Number(result.problem['max'] ?? 0) }));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors(['REQUIRED']);
      return;
    }
    const ok =
      mode.kind === 'rename'
        ? await run(
            () => saved.update(mode.view, { name: name.trim() }),
            (view) => t('admin.views.renamed', { name: view.name }),
          )
        : await run(
            () => saved.create(name.trim(), makeDefault),
            (view) => t(view.isDefault ? 'admin.views.savedDefault' : 'admin.views.saved', { name: view.name }),
          );
    if (ok) close();
  };

  const toggleDefault = (view: SavedView) =>
    void run(
      () => saved.update(view, { isDefault: !view.isDefault }),
      (updated) => t(updated.isDefault ? 'admin.views.defaultSet' : 'admin.views.defaultUnset', { name: updated.name }),
    );

  const confirmDelete = async (view: SavedView) => {
    const ok = await run(
      () => saved.remove(view),
      () => t('admin.views.deleted', { name: view.name }),
    );
    if (ok) close();
  };

  const pick = (id: string) => {
    const view = saved.views?.find((candidate) => String(candidate.id) === id);
    if (!view) return;
    saved.apply(view);
    setNotice(appliedNotice(t, config, t('admin.views.applied', { name: view.name }), view.dropped));
  };

  const formOpen = mode.kind === 'save' || mode.kind === 'rename';
  return (
    <section className="admin-views" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="admin-visually-hidden">
        {t('admin.views.heading')}
      </h2>
      <div className="admin-views__bar">
        <div className="admin-toolbar__field">
          <label htmlFor={ids.pick}>{t('admin.views.label')}</label>
          <select id={ids.pick} value={current ? String(current.id) : ''} onChange={(event) => pick(event.target.value)} disabled={!saved.views}>
            <option value="">{saved.views?.length ? t('admin.views.choose') : t('admin.views.noneSaved')}</option>
            {saved.views?.map((view) => (
              <option key={view.id} value={view.id}>
                {view.isDefault ? t('admin.views.defaultName', { name: view.name }) : view.name}
              </option>
            ))}
          </select>
        </div>
        <button ref={saveButton} type="button" className="admin-button" onClick={() => open({ kind: 'save' })} aria-expanded={mode.kind === 'save'}>
          {t('admin.views.save')}
        </button>
        {current && (
          <div className="admin-views__actions" role="group" aria-label={t('admin.views.actionsFor', { name: current.name })}>
            <button
              type="button"
              className="admin-button"
              onClick={() => open({ kind: 'rename', view: current }, current.name)}
              aria-expanded={mode.kind === 'rename'}
            >
              {t('admin.views.rename')}
            </button>
            <button type="button" className="admin-button" onClick={() => toggleDefault(current)} disabled={busy}>
              {t(current.isDefault ? 'admin.views.unsetDefault' : 'admin.views.setDefault')}
            </button>
            <button type="button" className="admin-button admin-button--danger" onClick={() => open({ kind: 'delete', view: current })}>
              {t('admin.views.delete')}
            </button>
          </div>
        )}
      </div>
      {formOpen && (
        <form className="admin-views__form" onSubmit={(event) => void submit(event)} noValidate>
          <div className={`admin-field${errors.length ? ' admin-field--invalid' : ''}`}>
            <label htmlFor={ids.name} className="admin-field__label">
              {t(mode.kind === 'rename' ? 'admin.views.newName' : 'admin.views.name')}
            </label>
            <input
              id={ids.name}
              value={name}
              maxLength={80}
              autoFocus
              required
              aria-invalid={errors.length ? true : undefined}
              aria-describedby={errors.length ? `${ids.name}-error` : undefined}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') close();
              }}
            />
            {errors.length > 0 && (
              <ul id={`${ids.name}-error`} className="admin-field__errors">
                {errors.map((code) => (
                  <li key={code}>{translateCode(t, code)}</li>
                ))}
              </ul>
            )}
          </div>
          {mode.kind === 'save' && (
            <p className="admin-views__check">
              <input id={ids.isDefault} type="checkbox" checked={makeDefault} onChange={(event) => setMakeDefault(event.target.checked)} />
              <label htmlFor={ids.isDefault}>{t('admin.views.makeDefault')}</label>
            </p>
          )}
          <p className="admin-views__buttons">
            <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
              {t(mode.kind === 'rename' ? 'admin.views.renameSubmit' : 'admin.views.saveSubmit')}
            </button>
            <button type="button" className="admin-button" onClick={close}>
              {t('admin.common.cancel')}
            </button>
          </p>
        </form>
      )}
      <p className="admin-views__notice" role="status">
        {notice}
        {saved.loadProblem && translateCode(t, saved.loadProblem)}
      </p>
      <Dialog
        open={mode.kind === 'delete'}
        role="alertdialog"
        title={t('admin.views.deleteTitle')}
        onClose={close}
        actions={
          <>
            <button type="button" className="admin-button" data-dialog-cancel onClick={close}>
              {t('admin.common.cancel')}
            </button>
            <button
              type="button"
              className="admin-button admin-button--danger"
              disabled={busy}
              onClick={() => mode.kind === 'delete' && void confirmDelete(mode.view)}
            >
              {t('admin.views.deleteConfirm')}
            </button>
          </>
        }
      >
        <p>{mode.kind === 'delete' ? t('admin.views.deleteQuestion', { name: mode.view.name }) : ''}</p>
      </Dialog>
    </section>
  );
}
