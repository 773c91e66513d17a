/**
 * What an edit form does beyond its state: create or save the item, save, publish or discard its
 * working copy, move its status, save a merged conflict, delete it. Each action is a small async
 * function of its dependencies — fetch, the form's state (read and dispatched), toasts, navigation,
 * focus and the unsaved-changes guard — so a unit test runs it with a stub fetch and no browser.
 * Actions never throw: every answer of the API ends in the state or in a toast.
 */
import type { z } from 'zod';
import type { Locale } from '../../../i18n/config.ts';
import type { Collection } from '../../../lib/collections/index.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';
import { paths } from '../../../lib/paths.ts';
import type { ToastKind } from '../../../stores/toasts.ts';
import { problemVars, sendRequest, usagesOf, type Fetch, type Problem } from '../lib/api.ts';
import { buildCreateBody, buildPatchBody, type FormDraft } from '../lib/payload.ts';
import { translateCode, type AdminT } from '../lib/translate.ts';
import { conflictOf, fieldErrorsOf, idOf, type ConflictChoice, type FormAction, type FormState, type Item } from './edit-form-state.ts';
import { editsThroughCopy, startOf, workingCopyOf } from './working-copy-state.ts';

export interface FormEnv {
  config: Collection;
  t: AdminT;
  /** The UI locale, for the pages a form goes to. */
  locale: Locale;
  fetch: Fetch;
  getState: () => FormState;
  dispatch: (action: FormAction) => void;
  toast: (kind: ToastKind, message: string) => void;
  goTo: (path: string) => void;
  /** Moves focus to the first invalid field once the errors are on screen. */
  focusInvalid: () => void;
  /** Tells the unsaved-changes guard the form may be left (it was created or deleted). */
  markClean: () => void;
}

/** What a save starts from instead of the form's base and draft: a merged conflict, a status move. */
export interface DraftStart {
  base: FormDraft;
  draft: FormDraft;
}

/** Where a working-copy save starts from: a base and draft, and the copy's version (null: none). */
export interface CopyStart extends DraftStart {
  copyVersion: number | null;
}

/**
 * Saves the draft (with `overrides`, e.g. a new status): creates a new item and goes to its page,
 * or PATCHes the changes of an existing one. `from` replaces the form's base and draft.
 */
export async function saveItem(env: FormEnv, overrides: Record<string, unknown> = {}, from?: DraftStart): Promise<void> {
  const { config, t } = env;
  const { item, base, draft, spec, saving } = env.getState();
  if (saving) return;
  const baseline = from?.base ?? base;
  const target: FormDraft = { ...(from?.draft ?? draft), ...overrides };
  const body = item ? buildPatchBody(spec, baseline, target) : buildCreateBody(spec, target);
  if (item && Object.keys(body).length === 1) {
    env.toast('info', t('admin.form.nothingToSave'));
    return;
  }
  if (!passesCheck(env, item ? config.patchSchema : config.createSchema, body)) return;
  await whileBusy(env, async () => {
    const result = await sendRequest<Item>(env.fetch, item ? 'PATCH' : 'POST', paths.adminApi(config.name, item ? idOf(item) : undefined), body);
    if (!result.ok) return reportRefusal(env, result.problem, baseline, target);
    if (!item) {
      env.markClean();
      env.dispatch({ type: 'created', values: target });
      env.toast('success', t('admin.form.created'));
      return env.goTo(paths.adminEdit(env.locale, config.name, idOf(result.data)));
    }
    env.dispatch({ type: 'loaded', item: result.data });
    const status = overrides['status'];
    env.toast('success', typeof status === 'string' && status !== base['status'] ? t(`admin.form.toast.${status}`) : t('admin.form.saved'));
  });
}

/**
 * A publication move (unpublish, archive, …). On an item edited through a working copy it
 * changes the status alone: the copy's edits stay in the copy.
 */
export function moveStatus(env: FormEnv, to: string): Promise<void> {
  const { item, base } = env.getState();
  if (!editsThroughCopy(env.config, item)) return saveItem(env, { status: to });
  return saveItem(env, { status: to }, { base, draft: { ...base, status: to } });
}

/** "Save draft": keeps the edits as the item's working copy; the public item stays as it is. */
export async function saveCopy(env: FormEnv, from?: CopyStart): Promise<void> {
  const saved = await whileBusy(env, () => putCopy(env, from));
  if (saved) env.toast('success', env.t(workingCopyOf(saved) ? 'workingCopy.toast.saved' : 'workingCopy.toast.same'));
}

/**
 * "Publish changes": saves the edits into the copy first when there are any, then publishes it.
 * `from` is a merged conflict: the merge is saved as the copy, then published, as asked.
 */
export async function publishCopy(env: FormEnv, from?: CopyStart): Promise<void> {
  const { item, dirty } = env.getState();
  if (!item) return;
  await whileBusy(env, async () => {
    const current = from || dirty || !workingCopyOf(item) ? await putCopy(env, from, 'publish') : item;
    if (current) await publishStored(env, current);
  });
}

/** "Discard draft": drops the working copy; the form shows the published item again. */
export async function discardCopy(env: FormEnv): Promise<void> {
  const { item } = env.getState();
  if (!item) return;
  await whileBusy(env, async () => {
    const result = await sendRequest<null>(env.fetch, 'DELETE', paths.adminApiWorkingCopy(env.config.name, idOf(item)));
    if (!result.ok) return env.toast('error', translateCode(env.t, result.problem.code, problemVars(result.problem)));
    env.dispatch({ type: 'loaded', item: { ...item, draft: null } });
    env.toast('success', env.t('workingCopy.toast.discarded'));
  });
}

/**
 * The conflict dialog's outcome: `theirs` drops my edits; `mine` replays them on what was saved
 * meanwhile and saves at once, going on with what was asked ("Publish changes" publishes, a status
 * move keeps its status).
 */
export async function resolveConflict(env: FormEnv, choice: ConflictChoice): Promise<void> {
  const before = env.getState();
  const open = before.conflict;
  env.dispatch({ type: 'resolved', choice });
  if (!open || choice === 'cancel') return;
  if (choice === 'theirs') return env.toast('info', env.t('admin.conflict.loadedTheirs'));
  const { base, draft, copyVersion } = env.getState();
  if (!open.onCopy && !editsThroughCopy(env.config, before.item)) return saveItem(env, {}, { base, draft });
  const from = { base, draft, copyVersion };
  return open.then === 'publish' ? publishCopy(env, from) : saveCopy(env, from);
}

/** Deletes the item and goes to its list; a 409 `IN_USE` lists where it is used. True once deleted. */
export async function removeItem(env: FormEnv, detach = false): Promise<boolean> {
  const { config, t } = env;
  const { item, saving } = env.getState();
  if (!item || saving) return false;
  const removed = await whileBusy(env, async () => {
    const query = detach ? new URLSearchParams({ detach: 'true' }) : undefined;
    const result = await sendRequest<null>(env.fetch, 'DELETE', paths.adminApi(config.name, idOf(item), query));
    if (!result.ok) {
      if (result.problem.code === 'IN_USE') env.dispatch({ type: 'usagesShown', inUse: usagesOf(result.problem) });
      else env.toast('error', translateCode(t, result.problem.code, problemVars(result.problem)));
      return false;
    }
    env.markClean();
    env.toast('success', t('admin.form.deleted'));
    env.goTo(paths.adminList(env.locale, config.name));
    return true;
  });
  return removed ?? false;
}

/** Runs one request of the form at a time, marked busy; undefined when another is in flight. */
async function whileBusy<T>(env: FormEnv, work: () => Promise<T>): Promise<T | undefined> {
  if (env.getState().saving) return undefined;
  env.dispatch({ type: 'requestStarted' });
  try {
    return await work();
  } finally {
    env.dispatch({ type: 'requestEnded' });
  }
}

/** Checks `body` as the API will, with the collection's shared schema; shows what fails. */
function passesCheck(env: FormEnv, schema: z.ZodType | undefined, body: Record<string, unknown>): boolean {
  const checked = schema?.safeParse(body);
  if (!checked || checked.success) return true;
  env.dispatch({ type: 'invalid', errors: issuesToFieldErrors(checked.error.issues) });
  env.toast('error', env.t('admin.form.fixErrors'));
  env.focusInvalid();
  return false;
}

/** Shows why the API refused a write: the merge dialog for a conflict, else its field errors and a toast. */
function reportRefusal(env: FormEnv, problem: Problem, baseline: FormDraft, mine: FormDraft, then?: 'publish'): void {
  env.dispatch({ type: 'refused', problem, baseline, mine, then });
  if (conflictOf(problem)) return;
  if (fieldErrorsOf(problem)) env.focusInvalid();
  env.toast('error', translateCode(env.t, problem.code, problemVars(problem)));
}

/**
 * PUTs the form (or `from`) as the working copy, checked like a save and stating the copy it
 * started from, so another person's draft saved meanwhile is a conflict, never overwritten.
 * `then` is what to do once a conflict is merged. The item as saved, or null.
 */
async function putCopy(env: FormEnv, from?: CopyStart, then?: 'publish'): Promise<Item | null> {
  const state = env.getState();
  const { item, base, draft, spec } = state;
  if (!item) return null;
  const baseline = from?.base ?? base;
  const target = from?.draft ?? draft;
  const copyVersion = from ? from.copyVersion : state.copyVersion;
  const body = buildPatchBody(spec, baseline, target);
  if (!passesCheck(env, env.config.patchSchema, body)) return null;
  const result = await sendRequest<Item>(env.fetch, 'PUT', paths.adminApiWorkingCopy(env.config.name, idOf(item)), { ...body, copyVersion });
  if (!result.ok) {
    reportRefusal(env, result.problem, baseline, target, then);
    return null;
  }
  env.dispatch({ type: 'loaded', item: result.data });
  return result.data;
}

/** Publishes the working copy `current` carries, the very one this form saw (its base and own version). */
async function publishStored(env: FormEnv, current: Item): Promise<void> {
  const copy = workingCopyOf(current);
  if (!copy) return env.toast('info', env.t('admin.form.nothingToSave'));
  const result = await sendRequest<{ item: Item }>(env.fetch, 'POST', paths.adminApiWorkingCopy(env.config.name, idOf(current), 'publish'), {
    version: copy.baseVersion,
    copyVersion: copy.version,
  });
  if (!result.ok) {
    const start = startOf(env.getState().spec, current);
    return reportRefusal(env, result.problem, start.base, start.shown, 'publish');
  }
  env.dispatch({ type: 'loaded', item: result.data.item });
  env.toast('success', env.t('workingCopy.toast.published'));
}
