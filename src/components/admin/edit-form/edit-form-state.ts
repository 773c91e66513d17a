/**
 * The edit form's state and its one pure reducer: the draft against the base it was loaded from,
 * field errors, the request in flight, and what the API answered — a conflict to merge, a free
 * slug, the places that keep an item from being deleted. No React and no browser here: the
 * actions (edit-form-actions.ts) dispatch, the hook (use-edit-form.ts) renders.
 */
import type { Collection } from '../../../lib/collections/index.ts';
import type { Problem, Usage } from '../lib/api.ts';
import { diffDrafts, hasChanges, rebaseDraft, type ConflictReport } from '../lib/diff.ts';
import { writePath } from '../lib/draft-paths.ts';
import type { FieldErrorMap } from '../lib/field-errors.ts';
import { itemToDraft, type FormDraft } from '../lib/payload.ts';
import { startOf, workingCopyOf } from './working-copy-state.ts';

/** An item as the API returns it. */
export type Item = Record<string, unknown>;

export interface Conflict {
  current: Item;
  theirs: FormDraft;
  /** What I was saving (the form's draft with the action's overrides, e.g. a new status). */
  mine: FormDraft;
  report: ConflictReport;
  /** Someone saved the item's working copy (not the live item) since I loaded it. */
  onCopy: boolean;
  /** What the person asked for beyond saving: "Publish changes" publishes once the merge is saved. */
  then?: 'publish' | undefined;
}

export interface DeleteState {
  usages: Usage[];
  total: number;
}

export interface FormState {
  /** How the collection's items become drafts. */
  readonly spec: Collection['draft'];
  /** The item as the server last returned it (null while creating). */
  readonly item: Item | null;
  /** What a save is compared with, on the version it was read at. */
  readonly base: FormDraft;
  /** What the form was loaded with: the live item, or its working copy. */
  readonly loaded: FormDraft;
  /** What the inputs show. */
  readonly draft: FormDraft;
  /**
   * The working copy's version the form edits (null: none): "Save draft" states it, so a copy
   * someone saved meanwhile is a conflict. Usually the item's own; a restored local draft brings
   * back the one it was written against.
   */
  readonly copyVersion: number | null;
  /** The draft differs from what was loaded: the "Unsaved" badge and the leave-page guard. */
  readonly dirty: boolean;
  readonly errors: FieldErrorMap;
  /** A request of the form is in flight; it sends one at a time. */
  readonly saving: boolean;
  /** A 409 to merge: the dialog is open while this is set. */
  readonly conflict: Conflict | null;
  /** The slug the server proposed after a 409 `SLUG_TAKEN`. */
  readonly slugSuggestion: string | null;
  /** Where the item is used, listed by the delete dialog. */
  readonly inUse: DeleteState | null;
}

export type ConflictChoice = 'mine' | 'theirs' | 'cancel';

export type FormAction =
  /** A field changed: its value is set and its errors go. */
  | { type: 'edited'; path: string; value: unknown }
  /** The server returned the item (saved, published, scheduled…): the form starts again from it. */
  | { type: 'loaded'; item: Item }
  /** Initial values known only in the browser (the local time zone): they do not make the form dirty. */
  | { type: 'defaulted'; values: Record<string, unknown> }
  /** The client-side check of a body failed. */
  | { type: 'invalid'; errors: FieldErrorMap }
  | { type: 'requestStarted' }
  | { type: 'requestEnded' }
  /** A new item was created from `values`; the page is left next. */
  | { type: 'created'; values: FormDraft }
  /** The API refused a write that compared `baseline` with `mine`; `then` is what was asked next. */
  | { type: 'refused'; problem: Problem; baseline: FormDraft; mine: FormDraft; then?: 'publish' | undefined }
  /** The conflict dialog's outcome: `mine` replays my edits on what they saved, `theirs` drops mine. */
  | { type: 'resolved'; choice: ConflictChoice }
  /** Where the item is used (a refused delete, or what the page knew), or null when the dialog closes. */
  | { type: 'usagesShown'; inUse: DeleteState | null }
  /**
   * Edits kept on this device are put back as they were: the draft as typed, against the base and
   * copy version it was written on, so a save over a newer version is a conflict, never silent.
   */
  | { type: 'restored'; base: FormDraft; loaded: FormDraft; draft: FormDraft; copyVersion: number | null };

/** The state of a form for `item`, or for a new item with `defaults`. */
export function initialFormState(spec: Collection['draft'], item: Item | null, defaults: Item = {}): FormState {
  const start = startOf(spec, item ?? defaults);
  return {
    spec,
    item,
    base: start.base,
    loaded: start.shown,
    draft: start.shown,
    copyVersion: copyVersionOf(item),
    dirty: false,
    errors: {},
    saving: false,
    conflict: null,
    slugSuggestion: null,
    inUse: null,
  };
}

/** The item a 409 `VERSION_CONFLICT` carries, and whether someone's working copy (not the live item) moved on. */
export function conflictOf(problem: Problem): { current: Item; onCopy: boolean } | null {
  const current = problem['current'];
  if (problem.code !== 'VERSION_CONFLICT' || !isItem(current)) return null;
  return { current, onCopy: problem['conflictWith'] === 'working-copy' };
}

/** The field errors of a problem, when it has any. */
export function fieldErrorsOf(problem: Problem): FieldErrorMap | null {
  return problem.errors && Object.keys(problem.errors).length > 0 ? problem.errors : null;
}

/** An item's id, as the API returns it. */
export function idOf(item: Item): number {
  return Number(item['id']);
}

export function formReducer(state: FormState, action: FormAction): FormState {
  const next = step(state, action);
  if (next.loaded === state.loaded && next.draft === state.draft) return next;
  return { ...next, dirty: hasChanges(next.loaded, next.draft) };
}

function step(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'edited':
      return { ...state, draft: writePath(state.draft, action.path, action.value), errors: withoutPath(state.errors, action.path) };
    case 'loaded':
      return startFrom(state, action.item);
    case 'defaulted':
      return {
        ...state,
        base: { ...state.base, ...action.values },
        loaded: { ...state.loaded, ...action.values },
        draft: { ...state.draft, ...action.values },
      };
    case 'invalid':
      return { ...state, errors: action.errors };
    case 'requestStarted':
      return { ...state, saving: true };
    case 'requestEnded':
      return { ...state, saving: false };
    case 'created':
      return { ...state, base: action.values, errors: {}, slugSuggestion: null };
    case 'refused':
      return refused(state, action);
    case 'resolved':
      return resolved(state, action.choice);
    case 'usagesShown':
      return { ...state, inUse: action.inUse };
    case 'restored':
      return { ...state, base: action.base, loaded: action.loaded, draft: action.draft, copyVersion: action.copyVersion, errors: {}, slugSuggestion: null };
  }
}

function copyVersionOf(item: Item | null): number | null {
  return workingCopyOf(item)?.version ?? null;
}

function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null;
}

/** The errors without those of `path` and below it (a structured value's parts: `recurrence.rule`). */
function withoutPath(errors: FieldErrorMap, path: string): FieldErrorMap {
  const gone = Object.keys(errors).filter((key) => key === path || key.startsWith(`${path}.`));
  if (gone.length === 0) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !gone.includes(key)));
}

/** The form on `item` as the server returned it, with nothing left of the last answer's errors. */
function startFrom(state: FormState, item: Item): FormState {
  const start = startOf(state.spec, item);
  return { ...state, item, base: start.base, loaded: start.shown, draft: start.shown, copyVersion: copyVersionOf(item), errors: {}, slugSuggestion: null };
}

function refused(state: FormState, { problem, baseline, mine, then }: Extract<FormAction, { type: 'refused' }>): FormState {
  const conflict = conflictOf(problem);
  if (conflict) {
    // Another draft was saved: compare it with the one this form loaded, not with the live item.
    const theirs = conflict.onCopy ? startOf(state.spec, conflict.current).shown : itemToDraft(state.spec, conflict.current);
    const report = diffDrafts(conflict.onCopy ? state.loaded : baseline, theirs, mine);
    return { ...state, conflict: { ...conflict, theirs, mine, then, report } };
  }
  const suggestion = problem['suggestion'];
  return {
    ...state,
    errors: fieldErrorsOf(problem) ?? state.errors,
    slugSuggestion: problem.code === 'SLUG_TAKEN' && typeof suggestion === 'string' ? suggestion : state.slugSuggestion,
  };
}

/**
 * `theirs` loads what they saved. `mine` replays my edits on it: on the draft someone saved
 * meanwhile (which becomes the one I edit), or on the current version of the item; the actions
 * then save the result.
 */
function resolved(state: FormState, choice: ConflictChoice): FormState {
  const open = state.conflict;
  if (!open) return state;
  const closed = { ...state, conflict: null };
  if (choice === 'cancel') return closed;
  if (choice === 'theirs') return startFrom(closed, open.current);
  if (open.onCopy) {
    const now = startOf(state.spec, open.current);
    return {
      ...closed,
      item: open.current,
      base: now.base,
      loaded: now.shown,
      draft: rebaseDraft(state.loaded, now.shown, open.mine),
      copyVersion: copyVersionOf(open.current),
    };
  }
  return {
    ...closed,
    item: { ...open.current, draft: state.item?.['draft'] ?? null },
    base: open.theirs,
    draft: rebaseDraft(state.base, open.theirs, open.mine),
  };
}
