/**
 * State and actions of an edit form: the draft against the base it was loaded from, client-side
 * validation with the shared zod schemas, create/update through the API, and every answer the
 * API can give — field errors next to their fields, slug suggestion, version conflict, in use.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { setFormDirty } from '../../../stores/dirty-guard.ts';
import { pushToast } from '../../../stores/toasts.ts';
import type { Collection } from '../../../lib/collections/index.ts';
import { paths } from '../../../lib/paths.ts';
import { apiRequest, problemVars, usagesOf, type Problem, type Usage } from '../lib/api.ts';
import { diffDrafts, hasChanges, rebaseDraft, type ConflictReport } from '../lib/diff.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';
import type { FieldErrorMap } from '../lib/field-errors.ts';
import { buildCreateBody, buildPatchBody, itemToDraft, type FormDraft } from '../lib/payload.ts';
import { translateCode } from '../lib/translate.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { writePath } from './form-context.tsx';
import { goTo } from './navigation.ts';
import { startOf, workingCopyOf } from './working-copy-state.ts';

export type { WorkingCopy } from './working-copy-state.ts';

export interface EditFormOptions {
  config: Collection;
  /** The item as loaded by the page; null on a create form. */
  item: Record<string, unknown> | null;
  /** Initial values of a new item. */
  defaults?: Record<string, unknown>;
}

export interface Conflict {
  current: Record<string, unknown>;
  theirs: FormDraft;
  /** What I was saving (the form's draft with the action's overrides, e.g. a new status). */
  mine: FormDraft;
  report: ConflictReport;
  /** Someone saved the item's working copy (not the live item) since I loaded it. */
  onCopy: boolean;
  /** What the person asked for beyond saving: "Publish changes" publishes once the merge is saved. */
  then?: 'publish' | undefined;
}

/** Where a working-copy save starts from: the form's base and draft, and the copy's version (null: none). */
interface CopyStart {
  base: FormDraft;
  draft: FormDraft;
  copyVersion: number | null;
}

export interface DeleteState {
  usages: Usage[];
  total: number;
}

type Item = Record<string, unknown>;

/** Focuses the first invalid control once React has rendered the errors. */
function focusFirstInvalid(formId: string): void {
  requestAnimationFrame(() => {
    const form = document.getElementById(formId);
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? form?.querySelector<HTMLElement>('.admin-form__summary'))?.focus();
  });
}

export function useEditForm({ config, item: initialItem, defaults = {} }: EditFormOptions) {
  const { t, locale } = useAdmin();
  const formId = `form-${useId().replace(/:/g, '')}`;
  const spec = config.draft;
  const [item, setItem] = useState<Item | null>(initialItem);
  const [start] = useState(() => startOf(spec, initialItem ?? defaults));
  const [base, setBase] = useState<FormDraft>(start.base);
  /** What the form was loaded with: the live item, or its working copy. */
  const [loaded, setLoaded] = useState<FormDraft>(start.shown);
  const [draft, setDraft] = useState<FormDraft>(start.shown);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [slugSuggestion, setSlugSuggestion] = useState<string | null>(null);
  const [inUse, setInUse] = useState<DeleteState | null>(null);
  const busy = useRef(false);

  const dirty = useMemo(() => hasChanges(loaded, draft), [loaded, draft]);
  const workingCopy = workingCopyOf(item);
  /** A published item (or one holding a copy) is edited through its working copy. */
  const copyMode = Boolean(config.publishable && item && (item['status'] === 'published' || workingCopy));
  useEffect(() => setFormDirty(formId, dirty), [formId, dirty]);
  useEffect(() => () => setFormDirty(formId, false), [formId]);

  const setValue = useCallback((path: string, value: unknown) => {
    setDraft((current) => writePath(current, path, value));
    setErrors((current) => {
      if (!(path in current)) return current;
      const { [path]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  /** Replaces the whole draft (e.g. a new item's time zone set once the browser's is known). */
  const resetTo = useCallback(
    (next: Item) => {
      const fresh = startOf(spec, next);
      setItem(next);
      setBase(fresh.base);
      setLoaded(fresh.shown);
      setDraft(fresh.shown);
      setErrors({});
      setSlugSuggestion(null);
    },
    [spec],
  );

  /** Sets initial values of a new item without making the form dirty (values known only in the browser). */
  const setDefaults = useCallback((values: Record<string, unknown>) => {
    setBase((current) => ({ ...current, ...values }));
    setLoaded((current) => ({ ...current, ...values }));
    setDraft((current) => ({ ...current, ...values }));
  }, []);

  const failWith = useCallback(
    (problem: Problem, baseline: FormDraft, target: FormDraft, then?: 'publish') => {
      if (problem.code === 'VERSION_CONFLICT' && problem['current'] && typeof problem['current'] === 'object') {
        const current = problem['current'] as Item;
        // Another draft was saved: compare it with the one this form loaded, not with the live item.
        const onCopy = problem['conflictWith'] === 'working-copy';
        const theirs = onCopy ? startOf(spec, current).shown : itemToDraft(spec, current);
        setConflict({ current, theirs, mine: target, onCopy, then, report: diffDrafts(onCopy ? loaded : baseline, theirs, target) });
        return;
      }
      if (problem.code === 'SLUG_TAKEN' && typeof problem['suggestion'] === 'string') setSlugSuggestion(problem['suggestion']);
      if (problem.errors && Object.keys(problem.errors).length) {
        setErrors(problem.errors);
        focusFirstInvalid(formId);
      }
      pushToast('error', translateCode(t, problem.code, problemVars(problem)));
    },
    [formId, loaded, spec, t],
  );

  /** Saves the draft (with `overrides`, e.g. a new status); `from` replaces the base (conflict). */
  const save = useCallback(
    async (overrides: Record<string, unknown> = {}, from?: { base: FormDraft; draft: FormDraft }) => {
      if (busy.current) return;
      const baseline = from?.base ?? base;
      const target: FormDraft = { ...(from?.draft ?? draft), ...overrides };
      const body = item ? buildPatchBody(spec, baseline, target) : buildCreateBody(spec, target);
      if (item && Object.keys(body).length === 1) {
        pushToast('info', t('admin.form.nothingToSave'));
        return;
      }
      const schema: z.ZodType | undefined = item ? config.patchSchema : config.createSchema;
      const checked = schema?.safeParse(body);
      if (checked && !checked.success) {
        setErrors(issuesToFieldErrors(checked.error.issues));
        pushToast('error', t('admin.form.fixErrors'));
        focusFirstInvalid(formId);
        return;
      }
      busy.current = true;
      setSaving(true);
      try {
        const id = item?.['id'] as number | undefined;
        const result = await apiRequest<Item>(item ? 'PATCH' : 'POST', paths.adminApi(config.name, id), body);
        if (!result.ok) return failWith(result.problem, baseline, target);
        setErrors({});
        setSlugSuggestion(null);
        if (!item) {
          setFormDirty(formId, false);
          setBase(target);
          pushToast('success', t('admin.form.created'));
          goTo(paths.adminEdit(locale, config.name, result.data['id'] as number));
          return;
        }
        resetTo(result.data);
        const status = overrides['status'];
        pushToast('success', typeof status === 'string' && status !== base['status'] ? t(`admin.form.toast.${status}`) : t('admin.form.saved'));
      } finally {
        busy.current = false;
        setSaving(false);
      }
    },
    [base, config, draft, failWith, formId, item, locale, resetTo, spec, t],
  );

  /** Runs one request of the form at a time, marking it busy. */
  const busyWhile = useCallback(async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    setSaving(true);
    try {
      return await work();
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }, []);

  /**
   * PUTs the form as the working copy (checked like a save, and stating the copy it started from,
   * so another person's draft saved meanwhile is a conflict, never overwritten); the public item
   * stays as it is. `then` is what to do once a conflict is merged ("Publish changes").
   */
  const putCopy = useCallback(
    async (from?: CopyStart, then?: 'publish'): Promise<Item | null> => {
      if (!item) return null;
      const baseline = from?.base ?? base;
      const target = from?.draft ?? draft;
      const copyVersion = from ? from.copyVersion : (workingCopyOf(item)?.version ?? null);
      const body = buildPatchBody(spec, baseline, target);
      const checked = config.patchSchema.safeParse(body);
      if (!checked.success) {
        setErrors(issuesToFieldErrors(checked.error.issues));
        pushToast('error', t('admin.form.fixErrors'));
        focusFirstInvalid(formId);
        return null;
      }
      const result = await apiRequest<Item>('PUT', paths.adminApiWorkingCopy(config.name, item['id'] as number), { ...body, copyVersion });
      if (!result.ok) {
        failWith(result.problem, baseline, target, then);
        return null;
      }
      resetTo(result.data);
      return result.data;
    },
    [base, config, draft, failWith, formId, item, resetTo, spec, t],
  );

  /** "Save draft": keeps the edits as the item's working copy. */
  const saveCopy = useCallback(
    async (from?: CopyStart) => {
      const saved = await busyWhile(() => putCopy(from));
      if (saved) pushToast('success', t(workingCopyOf(saved) ? 'workingCopy.toast.saved' : 'workingCopy.toast.same'));
    },
    [busyWhile, putCopy, t],
  );

  /** Publishes the working copy `current` carries, the very one this form saw (its base and own version). */
  const publishStored = useCallback(
    async (current: Item) => {
      const copy = workingCopyOf(current);
      if (!copy) {
        pushToast('info', t('admin.form.nothingToSave'));
        return;
      }
      const result = await apiRequest<{ item: Item }>('POST', paths.adminApiWorkingCopy(config.name, current['id'] as number, 'publish'), {
        version: copy.baseVersion,
        copyVersion: copy.version,
      });
      if (!result.ok) {
        const start = startOf(spec, current);
        failWith(result.problem, start.base, start.shown, 'publish');
        return;
      }
      resetTo(result.data.item);
      pushToast('success', t('workingCopy.toast.published'));
    },
    [config.name, failWith, resetTo, spec, t],
  );

  /**
   * "Publish changes": saves the edits into the copy first when there are any, then publishes it.
   * `from` is a merged conflict: the merge is saved as the copy, then published, as asked.
   */
  const publishCopy = useCallback(
    async (from?: CopyStart) => {
      if (!item) return;
      await busyWhile(async () => {
        const current = from || dirty || !workingCopy ? await putCopy(from, 'publish') : item;
        if (current) await publishStored(current);
      });
    },
    [busyWhile, dirty, item, publishStored, putCopy, workingCopy],
  );

  /** "Discard draft": drops the working copy; the form shows the published item again. */
  const discardCopy = useCallback(async () => {
    if (!item) return;
    await busyWhile(async () => {
      const result = await apiRequest<null>('DELETE', paths.adminApiWorkingCopy(config.name, item['id'] as number));
      if (!result.ok) {
        pushToast('error', translateCode(t, result.problem.code, problemVars(result.problem)));
        return;
      }
      resetTo({ ...item, draft: null });
      pushToast('success', t('workingCopy.toast.discarded'));
    });
  }, [busyWhile, config.name, item, resetTo, t]);

  /**
   * A publication move (unpublish, archive, …). On an item edited through a working copy it
   * changes the status alone: the copy's edits stay in the copy.
   */
  const move = useCallback(
    (to: string) => (copyMode ? save({ status: to }, { base, draft: { ...base, status: to } }) : save({ status: to })),
    [base, copyMode, save],
  );

  /**
   * Conflict dialog outcome: `theirs` drops my edits; `mine` replays them on the current version
   * (or on the draft someone saved meanwhile) and saves, then goes on with what was asked
   * ("Publish changes" publishes, a status move keeps its status).
   */
  const resolveConflict = useCallback(
    (choice: 'mine' | 'theirs' | 'cancel') => {
      const open = conflict;
      setConflict(null);
      if (!open || choice === 'cancel') return;
      if (choice === 'theirs') {
        resetTo(open.current);
        pushToast('info', t('admin.conflict.loadedTheirs'));
        return;
      }
      if (open.onCopy) {
        // Their draft becomes the one I edit: my edits since I loaded mine go on top of it.
        const now = startOf(spec, open.current);
        const rebased = rebaseDraft(loaded, now.shown, open.mine) as FormDraft;
        const from = { base: now.base, draft: rebased, copyVersion: workingCopyOf(open.current)?.version ?? null };
        setItem(open.current);
        setBase(now.base);
        setLoaded(now.shown);
        setDraft(rebased);
        void (open.then === 'publish' ? publishCopy(from) : saveCopy(from));
        return;
      }
      const rebased = rebaseDraft(base, open.theirs, open.mine) as FormDraft;
      setItem({ ...open.current, draft: item?.['draft'] ?? null });
      setBase(open.theirs);
      setDraft(rebased);
      if (!copyMode) return void save({}, { base: open.theirs, draft: rebased });
      const from = { base: open.theirs, draft: rebased, copyVersion: workingCopy?.version ?? null };
      void (open.then === 'publish' ? publishCopy(from) : saveCopy(from));
    },
    [base, conflict, copyMode, item, loaded, publishCopy, resetTo, save, saveCopy, spec, t, workingCopy],
  );

  /** Deletes the item; 409 `IN_USE` fills `inUse` so the dialog can list where it is used. */
  const remove = useCallback(
    async (detach = false) => {
      if (!item || busy.current) return false;
      busy.current = true;
      setSaving(true);
      try {
        const query = detach ? new URLSearchParams({ detach: 'true' }) : undefined;
        const result = await apiRequest<null>('DELETE', paths.adminApi(config.name, item['id'] as number, query));
        if (!result.ok) {
          if (result.problem.code === 'IN_USE') setInUse(usagesOf(result.problem));
          else pushToast('error', translateCode(t, result.problem.code, problemVars(result.problem)));
          return false;
        }
        setFormDirty(formId, false);
        pushToast('success', t('admin.form.deleted'));
        goTo(paths.adminList(locale, config.name));
        return true;
      } finally {
        busy.current = false;
        setSaving(false);
      }
    },
    [config.name, formId, item, locale, t],
  );

  return {
    formId,
    item,
    base,
    draft,
    errors,
    saving,
    dirty,
    copyMode,
    workingCopy,
    saveCopy,
    publishCopy,
    discardCopy,
    move,
    conflict,
    slugSuggestion,
    inUse,
    setInUse,
    setValue,
    setDefaults,
    save,
    remove,
    resolveConflict,
    resetTo,
  };
}

export type EditFormState = ReturnType<typeof useEditForm>;
