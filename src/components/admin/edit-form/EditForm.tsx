/**
 * The shell of every create/edit form: heading with status and translation badges, the error
 * summary, the collection's field groups (children), and the action bar — save, publication
 * moves, draft preview, delete — plus the conflict and delete dialogs.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { $currentUser, userCan } from '../../../stores/current-user.ts';
import { paths } from '../../../lib/paths.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { EffectiveStatusBadge, LocaleBadges } from '../ui/Badges.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import type { Completeness } from '../lib/api.ts';
import { usagesOf } from '../lib/api.ts';
import { draftLocaleStatus } from '../lib/payload.ts';
import { DuplicateButton } from './DuplicateButton.tsx';
import { idOf } from './edit-form-state.ts';
import { ErrorSummary } from './ErrorSummary.tsx';
import { SAVE_KEYSHORTCUTS, useSaveKeysLabel, useSaveShortcut } from './use-save-shortcut.ts';
import { pushToast } from '../../../stores/toasts.ts';
import { FormContext, type FormContextValue } from './form-context.tsx';
import { LivePreview, LivePreviewToggle } from './LivePreview.tsx';
import { useLivePreview } from './use-live-preview.ts';
import { hasLivePreview } from '../../../lib/collections/live-preview.ts';
import { MoreActions } from './MoreActions.tsx';
import { PublishControls } from './PublishControls.tsx';
import { ReviewPanel } from '../review/ReviewPanel.tsx';
import { useFocusClearOfBar } from './use-focus-clear-of-bar.ts';
import { WorkingCopyActions, WorkingCopyNotice, WorkingCopySchedule } from './WorkingCopy.tsx';
import type { EditFormState } from './use-edit-form.ts';
import type { Collection } from '../../../lib/collections/index.ts';

export interface EditFormProps {
  config: Collection;
  form: EditFormState;
  /** The heading: "New event" or the item's name. */
  heading: string;
  /** Field key → label (translated field keys without their locale). */
  fieldLabels: Readonly<Record<string, string>>;
  children: ReactNode;
  /** Extra content at the top (an image preview). */
  aside?: ReactNode;
  /** More ways to copy a saved item, beside "Duplicate", for those who may (an edition's "Clone…"). */
  copyActions?: (id: number, disabled: boolean) => ReactNode;
}

/** Published now or once (`publishedAt` is never cleared): the server's own rule for deleting (entity-remove.ts). */
function wasEverPublished(item: Record<string, unknown> | null): boolean {
  return Boolean(item && (item['status'] === 'published' || item['publishedAt']));
}

// Loaded only where they show: presence on a saved item's form, the banner when a draft was kept.
const PresenceText = lazy(() => import('./PresenceNote.tsx').then(({ PresenceText }) => ({ default: PresenceText })));
const LocalDraftBanner = lazy(() => import('./LocalDraftBanner.tsx').then(({ LocalDraftBanner }) => ({ default: LocalDraftBanner })));
// Only after a save was refused with a 409: its code loads then, while the save's answer is read.
const ConflictDialog = lazy(() => import('./ConflictDialog.tsx').then(({ ConflictDialog }) => ({ default: ConflictDialog })));
// Only once "Delete" was pressed: the dialog opens when its code is there (a few kilobytes).
const DeleteDialog = lazy(() => import('./DeleteDialog.tsx').then(({ DeleteDialog }) => ({ default: DeleteDialog })));

const detachPermissions: Record<string, string> = { medias: 'media.deleteInUse', files: 'media.deleteInUse' };

/** Focuses the first field of the form once React has rendered (after a banner above it went). */
function focusFirstField(formId: string): void {
  requestAnimationFrame(() => {
    document
      .getElementById(formId)
      ?.querySelector<HTMLElement>('.admin-form__fields :is(input, textarea, select):not([type="hidden"]):not(:disabled)')
      ?.focus();
  });
}

export function EditForm({ config, form, heading, fieldLabels, children, aside, copyActions }: EditFormProps) {
  const { t, locale, contentLocales, defaultLocale, permissions } = useAdmin();
  const [activeLocale, setActiveLocale] = useState(locale && contentLocales.includes(locale) ? locale : defaultLocale);
  const [deleting, setDeleting] = useState(false);
  // Read once when the form is first rendered: the badge does not flip while the person edits.
  const [loadedAt] = useState(() => Date.now());
  const hydrated = useHydrated();
  const bar = useRef<HTMLDivElement>(null);
  useFocusClearOfBar(bar);
  const user = useStore($currentUser, { ssr: 'initial' });
  const canCopy = !user || userCan(user, 'content.write');
  const { item, draft, base, saving, dirty } = form;
  // Only what the role allows is offered: an item that is or was public needs `content.deletePublished`.
  const canDelete = permissions.includes('content.delete') && (!wasEverPublished(item) || permissions.includes('content.deletePublished'));
  const savedStatus = typeof base['status'] === 'string' ? base['status'] : 'draft';
  const savedSlug = typeof item?.['slug'] === 'string' ? item['slug'] : null;
  const preview = useLivePreview(config, form, activeLocale);
  const previewable = hasLivePreview(config);
  useSaveShortcut(form.formId, hydrated && !saving);
  const saveKeys = useSaveKeysLabel();
  const { localDraft } = form;
  // Mounted from the first conflict on and kept, so that closing it returns focus to its opener.
  const [conflictShown, setConflictShown] = useState(false);
  if (form.conflict && !conflictShown) setConflictShown(true);
  const [deleteShown, setDeleteShown] = useState(false);
  if (deleting && !deleteShown) setDeleteShown(true);

  const context: FormContextValue = {
    formId: form.formId,
    collection: config.name,
    draft,
    errors: form.errors,
    item,
    setValue: form.setValue,
    slugSuggestion: form.slugSuggestion,
    activeLocale,
    setActiveLocale,
    fieldLabels,
  };
  const completeness = Object.fromEntries(contentLocales.map((code) => [code, draftLocaleStatus(draft, code, config.complete)])) as Record<
    string,
    Completeness
  >;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void (form.copyMode ? form.saveCopy() : form.save());
  };
  // The banner goes once answered: focus moves to the form's first field, not to the page's top.
  const restoreLocalDraft = () => {
    localDraft.restore();
    pushToast('info', t('admin.localDraft.restored'));
    focusFirstField(form.formId);
  };
  const discardLocalDraft = () => {
    localDraft.discard();
    pushToast('info', t('admin.localDraft.discarded'));
    focusFirstField(form.formId);
  };
  // An item the page knows is in use says so in the first dialog, not after a refused delete.
  const openDelete = () => {
    if (saving) return;
    const used = item ? usagesOf(item) : { usages: [], total: 0 };
    if (used.total > 0) form.setInUse(used);
    setDeleting(true);
  };
  const closeDelete = () => {
    setDeleting(false);
    form.setInUse(null);
  };

  return (
    <FormContext.Provider value={context}>
      <form id={form.formId} className="admin-form" onSubmit={onSubmit} noValidate aria-busy={saving} data-collection={config.name}>
        <header className="admin-form__header">
          <p className="admin-form__crumbs">
            <a href={paths.adminList(locale, config.name)}>{t(`admin.collection.${config.name}`)}</a>
          </p>
          <h1>{heading}</h1>
          <div className="admin-form__badges">
            {item && config.publishable && <EffectiveStatusBadge status={savedStatus} unpublishAt={item['unpublishAt']} now={loadedAt} />}
            {form.workingCopy && (
              <span className="admin-badge admin-badge--changes" data-testid="unpublished-changes">
                {t('workingCopy.badge')}
              </span>
            )}
            <LocaleBadges locales={completeness} />
            {dirty && (
              <span className="admin-form__dirty" data-testid="unsaved">
                {t('admin.form.unsaved')}
              </span>
            )}
            {previewable && <LivePreviewToggle preview={preview} />}
          </div>
          {/* Always on the page, so that what appears in it is announced (docs/decisions/054). */}
          <p className="admin-form__presence" aria-live="polite" data-testid="presence">
            {hydrated && item && (
              <Suspense fallback={null}>
                <PresenceText collection={config.name} itemId={idOf(item)} />
              </Suspense>
            )}
          </p>
        </header>
        {localDraft.offer && (
          <Suspense fallback={null}>
            <LocalDraftBanner offer={localDraft.offer} onRestore={restoreLocalDraft} onDiscard={discardLocalDraft} />
          </Suspense>
        )}
        {/* Disabled until hydrated: see use-hydrated.ts. */}
        <fieldset className="admin-form__fields" disabled={!hydrated}>
          {aside}
          <ErrorSummary />
          {form.copyMode && <WorkingCopyNotice copy={form.workingCopy} />}
          {form.copyMode && <WorkingCopySchedule key={form.workingCopy?.scheduledAt ?? ''} form={form} config={config} />}
          {children}
          {item && <ReviewPanel form={form} config={config} />}
          <div ref={bar} className="admin-form__actions">
            {/* aria-disabled, not disabled: a disabled button drops keyboard focus mid-save. */}
            <button
              type="submit"
              className="admin-button admin-button--primary"
              aria-disabled={saving}
              aria-keyshortcuts={SAVE_KEYSHORTCUTS}
              data-action={form.copyMode ? 'save-draft' : 'save'}
            >
              {saving ? t('admin.form.saving') : form.copyMode ? t('workingCopy.save') : item ? t('admin.form.save') : t('admin.form.create')}
            </button>
            {/* The button's aria-keyshortcuts says it to assistive technology; this is for the eyes (hidden on phones). */}
            <span className="admin-form__shortcut" aria-hidden="true" data-testid="save-shortcut">
              {t('admin.form.saveShortcut', { keys: saveKeys })}
            </span>
            {form.copyMode && <WorkingCopyActions form={form} />}
            {item && (
              <MoreActions>
                {config.publishable && <PublishControls status={savedStatus} disabled={saving} onMove={(to) => void form.move(to)} />}
                {config.preview && savedSlug && (
                  <a className="admin-button admin-button--quiet" href={paths.adminPreview(locale, config.preview, savedSlug)} target="_blank" rel="noopener">
                    {t('admin.form.preview')}
                  </a>
                )}
                {canCopy && <DuplicateButton collection={config.name} id={idOf(item)} disabled={saving} />}
                {canCopy && copyActions?.(idOf(item), saving)}
                {canDelete && (
                  <button type="button" className="admin-button admin-button--danger admin-form__delete" aria-disabled={saving} onClick={openDelete}>
                    {t('admin.form.delete')}
                  </button>
                )}
              </MoreActions>
            )}
          </div>
        </fieldset>
        {conflictShown && (
          <Suspense fallback={null}>
            <ConflictDialog conflict={form.conflict} onResolve={form.resolveConflict} />
          </Suspense>
        )}
        {deleteShown && (
          <Suspense fallback={null}>
            <DeleteDialog
              open={deleting}
              name={heading}
              inUse={form.inUse}
              detachPermission={detachPermissions[config.name] ?? 'content.deletePublished'}
              busy={saving}
              onClose={closeDelete}
              onConfirm={(detach) => {
                void form.remove(detach).then((done) => {
                  if (done) setDeleting(false);
                });
              }}
            />
          </Suspense>
        )}
      </form>
      {previewable && <LivePreview preview={preview} />}
    </FormContext.Provider>
  );
}
