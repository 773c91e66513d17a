/**
 * The edit form's actions against a stub fetch that answers real `Response`s shaped by the
 * server's own problem helper: what is sent, what the form shows after, which toast says so.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  discardCopy,
  moveStatus,
  publishCopy,
  removeItem,
  resolveConflict,
  saveCopy,
  saveItem,
  type FormEnv,
} from '../../src/components/admin/edit-form/edit-form-actions.ts';
import { formReducer, initialFormState, type FormAction, type FormState } from '../../src/components/admin/edit-form/edit-form-state.ts';
import { createTranslator } from '../../src/components/admin/lib/translate.ts';
import en from '../../src/i18n/en.json' with { type: 'json' };
import { issuesToFieldErrors } from '../../src/lib/field-errors.ts';
import { problem } from '../../src/server/http/problem.ts';
import { venueItem, venues, withCopy } from '../fixtures/venue-items.ts';

const t = createTranslator(en, 'en');

type Answer = Response | Error | Promise<Response>;

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** A form on `item` whose fetch gives `answers` in turn (an Error: the network is down). */
function formOn(item: Record<string, unknown> | null, answers: Answer[] = [], defaults?: Record<string, unknown>) {
  let state: FormState = initialFormState(venues.draft, item, defaults);
  const sent: Sent[] = [];
  const env = {
    config: venues,
    t,
    locale: 'en',
    fetch: async (path: string, init: RequestInit) => {
      sent.push({ method: String(init.method), path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const answer = answers.shift();
      if (answer === undefined) throw new Error(`no answer for ${String(init.method)} ${path}`);
      if (answer instanceof Error) throw answer;
      return answer;
    },
    getState: () => state,
    dispatch: vi.fn((action: FormAction) => {
      state = formReducer(state, action);
    }),
    toast: vi.fn(),
    goTo: vi.fn(),
    focusInvalid: vi.fn(),
    markClean: vi.fn(),
  } satisfies FormEnv;
  return {
    env,
    sent,
    get state() {
      return state;
    },
    type(path: string, value: unknown) {
      env.dispatch({ type: 'edited', path, value });
    },
    /** Every toast shown, as [kind, text]. */
    get toasts() {
      return env.toast.mock.calls;
    },
  };
}

function ok(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

function noContent(): Response {
  return new Response(null, { status: 204 });
}

const offline = () => new TypeError('Failed to fetch');

/** The 422 the server's FieldErrors send (a reference the form cannot check). */
const invalidImage = () => problem(422, 'INVALID_VALUES', 'Some values are not valid', { errors: { imageMediaId: ['NOT_AN_IMAGE'] } });

const published = () => venueItem({ status: 'published' });

describe('saveItem', () => {
  it('PATCHes the changed fields with the version read, then shows the item saved', async () => {
    const form = formOn(venueItem(), [ok(venueItem({ name: 'Harbour Hall II', version: 4 }))]);
    form.type('name', 'Harbour Hall II');
    await saveItem(form.env);
    expect(form.sent).toEqual([{ method: 'PATCH', path: '/api/admin/venues/7', body: { version: 3, name: 'Harbour Hall II' } }]);
    expect(form.state).toMatchObject({ dirty: false, saving: false, base: { version: 4, name: 'Harbour Hall II' } });
    expect(form.toasts).toEqual([['success', 'Saved.']]);
  });

  it('creates a new item, lets the guard go and opens the item’s page', async () => {
    const form = formOn(null, [ok(venueItem({ id: 12, version: 1, name: 'Dock' }), 201)], { status: 'draft' });
    form.type('name', 'Dock');
    await saveItem(form.env);
    expect(form.sent).toEqual([{ method: 'POST', path: '/api/admin/venues', body: { name: 'Dock', status: 'draft', translations: {} } }]);
    expect(form.env.markClean).toHaveBeenCalled();
    expect(form.env.goTo).toHaveBeenCalledWith('/en/admin/venues/12');
    expect(form.toasts).toEqual([['success', 'Created.']]);
    expect(form.state.base['name']).toBe('Dock');
  });

  it('sends nothing when nothing changed', async () => {
    const form = formOn(venueItem());
    await saveItem(form.env);
    expect(form.sent).toEqual([]);
    expect(form.toasts).toEqual([['info', 'Nothing to save: no field was changed.']]);
  });

  it('sends nothing the shared schema refuses, and marks the fields', async () => {
    const form = formOn(venueItem());
    form.type('name', '');
    form.type('websiteUrl', 'not a link');
    await saveItem(form.env);
    expect(form.sent).toEqual([]);
    expect(Object.keys(form.state.errors).sort()).toEqual(['name', 'websiteUrl']);
    expect(form.env.focusInvalid).toHaveBeenCalled();
    expect(form.toasts).toEqual([['error', 'Please correct the marked fields.']]);
  });

  it('shows the field errors of a 422 next to their fields, keeping what was typed', async () => {
    const form = formOn(venueItem(), [invalidImage()]);
    form.type('imageMediaId', 40);
    await saveItem(form.env);
    expect(form.state).toMatchObject({ errors: { imageMediaId: ['NOT_AN_IMAGE'] }, dirty: true, saving: false, draft: { imageMediaId: 40 } });
    expect(form.env.focusInvalid).toHaveBeenCalled();
    expect(form.toasts).toEqual([['error', 'Some values are not valid; see the marked fields.']]);
  });

  it('shows the zod field errors of the server’s 400 at their paths', async () => {
    const errors = issuesToFieldErrors(
      venues.patchSchema.safeParse({ version: 3, latitude: 91, translations: { fr: { description: 7 } } }).error?.issues ?? [],
    );
    const form = formOn(venueItem(), [problem(400, 'VALIDATION_FAILED', 'The request has invalid or unknown fields', { errors })]);
    form.type('address', 'Quai 9');
    await saveItem(form.env);
    expect(form.state.errors).toEqual({ latitude: ['OUT_OF_RANGE'], 'translations.fr.description': ['INVALID_TYPE'] });
    expect(form.state.draft['address']).toBe('Quai 9');
    expect(form.toasts).toEqual([['error', 'Some fields are missing or not valid.']]);
  });

  it('offers the free slug the server proposes after a 409 SLUG_TAKEN', async () => {
    const taken = problem(409, 'SLUG_TAKEN', 'The slug "dock" is already used', { errors: { slug: ['SLUG_TAKEN'] }, extensions: { suggestion: 'dock-2' } });
    const form = formOn(venueItem(), [taken]);
    form.type('slug', 'dock');
    await saveItem(form.env);
    expect(form.state).toMatchObject({ slugSuggestion: 'dock-2', errors: { slug: ['SLUG_TAKEN'] } });
    expect(form.toasts).toEqual([['error', 'This slug is already used. Suggestion: dock-2']]);
  });

  it('opens the merge dialog on a 409 VERSION_CONFLICT, with no error toast', async () => {
    const current = venueItem({ version: 4, address: 'Quai 2' });
    const form = formOn(venueItem(), [problem(409, 'VERSION_CONFLICT', 'This venue was changed by someone else meanwhile', { extensions: { current } })]);
    form.type('name', 'Harbour Hall II');
    await saveItem(form.env);
    expect(form.state.conflict).toMatchObject({ current, onCopy: false, report: { mineOnly: ['name'], theirs: [{ path: 'address', theirs: 'Quai 2' }] } });
    expect(form.state.draft['name']).toBe('Harbour Hall II');
    expect(form.toasts).toEqual([]);
  });

  it('keeps everything typed when the network fails, and can save it again', async () => {
    const form = formOn(venueItem(), [offline(), ok(venueItem({ name: 'Harbour Hall II', version: 4 }))]);
    form.type('name', 'Harbour Hall II');
    await saveItem(form.env);
    expect(form.state).toMatchObject({ dirty: true, saving: false, draft: { name: 'Harbour Hall II' } });
    expect(form.toasts).toEqual([['error', 'The server could not be reached. Check your connection and try again.']]);
    await saveItem(form.env);
    expect(form.sent.map((request) => request.body)).toEqual([
      { version: 3, name: 'Harbour Hall II' },
      { version: 3, name: 'Harbour Hall II' },
    ]);
    expect(form.state.dirty).toBe(false);
  });

  it('sends one request at a time: a second click while saving does nothing', async () => {
    let answer!: (response: Response) => void;
    const form = formOn(venueItem(), [new Promise<Response>((resolve) => (answer = resolve))]);
    form.type('name', 'Harbour Hall II');
    const first = saveItem(form.env);
    expect(form.state.saving).toBe(true);
    await saveItem(form.env);
    answer(ok(venueItem({ name: 'Harbour Hall II', version: 4 })));
    await first;
    expect(form.sent).toHaveLength(1);
    expect(form.state.saving).toBe(false);
  });
});

describe('moveStatus', () => {
  it('saves a draft item with its edits and the new status, and says what happened', async () => {
    const form = formOn(venueItem(), [ok(venueItem({ status: 'published', name: 'Hall', version: 4 }))]);
    form.type('name', 'Hall');
    await moveStatus(form.env, 'published');
    expect(form.sent[0]?.body).toEqual({ version: 3, name: 'Hall', status: 'published' });
    expect(form.toasts).toEqual([['success', 'Published.']]);
  });

  it('changes only the status of an item edited through its working copy', async () => {
    const form = formOn(published(), [ok(venueItem({ status: 'draft', version: 4 }))]);
    form.type('name', 'Hall');
    await moveStatus(form.env, 'draft');
    expect(form.sent[0]).toEqual({ method: 'PATCH', path: '/api/admin/venues/7', body: { version: 3, status: 'draft' } });
    expect(form.toasts).toEqual([['success', 'Back to draft.']]);
  });
});

describe('saveCopy', () => {
  it('PUTs the edits as the working copy, stating the copy it started from', async () => {
    const stored = withCopy(published(), { name: 'Hall' }, 2);
    const form = formOn(withCopy(published(), { name: 'Hal' }, 1), [ok(stored)]);
    form.type('name', 'Hall');
    await saveCopy(form.env);
    expect(form.sent).toEqual([{ method: 'PUT', path: '/api/admin/venues/7/draft', body: { version: 3, name: 'Hall', copyVersion: 1 } }]);
    expect(form.state).toMatchObject({ item: stored, dirty: false, saving: false });
    expect(form.toasts).toEqual([['success', 'Draft saved. The public page is unchanged.']]);
  });

  it('says so when the edits match the published item and no copy is kept', async () => {
    const form = formOn(published(), [ok(published())]);
    form.type('address', 'Quai 9');
    await saveCopy(form.env);
    expect(form.sent[0]?.body).toEqual({ version: 3, address: 'Quai 9', copyVersion: null });
    expect(form.toasts).toEqual([['success', 'The draft matched the published item, so no draft is kept.']]);
  });

  it('shows the field errors of a 422, keeping the edits', async () => {
    const form = formOn(published(), [invalidImage()]);
    form.type('imageMediaId', 40);
    await saveCopy(form.env);
    expect(form.state).toMatchObject({ errors: { imageMediaId: ['NOT_AN_IMAGE'] }, dirty: true, draft: { imageMediaId: 40 } });
    expect(form.toasts).toEqual([['error', 'Some values are not valid; see the marked fields.']]);
  });

  it('opens the merge dialog when someone saved another draft meanwhile', async () => {
    const theirs = withCopy(published(), { address: 'Quai 6' }, 2);
    const refusal = problem(409, 'VERSION_CONFLICT', 'The draft of this venue was saved by someone else meanwhile', {
      extensions: { conflictWith: 'working-copy', current: theirs },
    });
    const form = formOn(withCopy(published(), { address: 'Quai 5' }, 1), [refusal]);
    form.type('name', 'Hall');
    await saveCopy(form.env);
    expect(form.state.conflict).toMatchObject({
      onCopy: true,
      current: theirs,
      report: { mineOnly: ['name'], theirs: [{ path: 'address', base: 'Quai 5', theirs: 'Quai 6' }] },
    });
    expect(form.toasts).toEqual([]);
  });

  it('keeps the edits when the network fails', async () => {
    const form = formOn(published(), [offline()]);
    form.type('translations.de.description', 'Am Wasser');
    await saveCopy(form.env);
    expect(form.state).toMatchObject({ dirty: true, saving: false });
    expect(form.state.draft.translations['de']?.['description']).toBe('Am Wasser');
    expect(form.toasts).toEqual([['error', 'The server could not be reached. Check your connection and try again.']]);
  });
});

describe('publishCopy', () => {
  it('publishes the stored copy the form shows, naming its base and own version', async () => {
    const form = formOn(withCopy(published(), { name: 'Hall' }, 2), [ok({ item: venueItem({ status: 'published', name: 'Hall', version: 4 }), dropped: [] })]);
    await publishCopy(form.env);
    expect(form.sent).toEqual([{ method: 'POST', path: '/api/admin/venues/7/draft/publish', body: { version: 3, copyVersion: 2 } }]);
    expect(form.state).toMatchObject({ item: { name: 'Hall', version: 4 }, draft: { name: 'Hall' }, saving: false });
    expect(form.toasts).toEqual([['success', 'Changes published.']]);
  });

  it('saves unsaved edits into the copy first, then publishes that copy', async () => {
    const stored = withCopy(published(), { name: 'Hall' }, 1);
    const form = formOn(published(), [ok(stored), ok({ item: venueItem({ status: 'published', name: 'Hall', version: 4 }), dropped: [] })]);
    form.type('name', 'Hall');
    await publishCopy(form.env);
    expect(form.sent.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PUT', '/api/admin/venues/7/draft', { version: 3, name: 'Hall', copyVersion: null }],
      ['POST', '/api/admin/venues/7/draft/publish', { version: 3, copyVersion: 1 }],
    ]);
    expect(form.toasts).toEqual([['success', 'Changes published.']]);
  });

  it('opens the merge dialog, publishing once merged, when another draft was saved meanwhile', async () => {
    const theirs = withCopy(published(), { address: 'Quai 6' }, 2);
    const form = formOn(withCopy(published(), { address: 'Quai 5' }, 1), [
      problem(409, 'VERSION_CONFLICT', 'The draft of this venue was saved by someone else meanwhile', {
        extensions: { conflictWith: 'working-copy', current: theirs },
      }),
    ]);
    form.type('name', 'Hall');
    await publishCopy(form.env);
    expect(form.sent).toHaveLength(1);
    expect(form.state.conflict).toMatchObject({ onCopy: true, then: 'publish' });
  });

  it('opens the merge dialog when the live item moved on since the copy was made', async () => {
    const current = venueItem({ status: 'published', version: 4, address: 'Quai 2' });
    const form = formOn(withCopy(published(), { name: 'Hall' }, 1), [
      problem(409, 'VERSION_CONFLICT', 'This venue was changed by someone else meanwhile', { extensions: { current } }),
    ]);
    await publishCopy(form.env);
    expect(form.state.conflict).toMatchObject({
      onCopy: false,
      then: 'publish',
      report: { mineOnly: ['name'], theirs: [{ path: 'address', theirs: 'Quai 2' }] },
    });
  });

  it('says why when the copy was saved again before it could be published', async () => {
    const form = formOn(withCopy(published(), { name: 'Hall' }, 1), [problem(409, 'WORKING_COPY_CHANGED', 'The working copy was saved again meanwhile')]);
    await publishCopy(form.env);
    expect(form.state.conflict).toBeNull();
    expect(form.toasts).toEqual([['error', 'Someone saved this draft again meanwhile: reload the page to see it.']]);
  });

  it('publishes nothing and keeps the edits when the network fails', async () => {
    const form = formOn(published(), [offline()]);
    form.type('name', 'Hall');
    await publishCopy(form.env);
    expect(form.sent).toHaveLength(1);
    expect(form.state).toMatchObject({ dirty: true, saving: false, draft: { name: 'Hall' } });
    expect(form.toasts).toEqual([['error', 'The server could not be reached. Check your connection and try again.']]);
  });
});

describe('discardCopy', () => {
  it('drops the copy; the form shows the published item again', async () => {
    const form = formOn(withCopy(published(), { name: 'Hall' }, 1), [noContent()]);
    await discardCopy(form.env);
    expect(form.sent).toEqual([{ method: 'DELETE', path: '/api/admin/venues/7/draft', body: undefined }]);
    expect(form.state).toMatchObject({ item: { draft: null }, draft: { name: 'Harbour Hall' }, saving: false });
    expect(form.toasts).toEqual([['success', 'Draft discarded. The form shows the published item.']]);
  });

  it('keeps the copy and says why when the server refuses', async () => {
    const form = formOn(withCopy(published(), { name: 'Hall' }, 1), [problem(403, 'PERMISSION_DENIED', 'Forbidden')]);
    await discardCopy(form.env);
    expect(form.state.draft['name']).toBe('Hall');
    expect(form.toasts).toEqual([['error', 'Your role does not allow this action.']]);
  });

  it('keeps the copy and the edits when the network fails', async () => {
    const form = formOn(withCopy(published(), { name: 'Hall' }, 1), [offline()]);
    form.type('address', 'Quai 9');
    await discardCopy(form.env);
    expect(form.state).toMatchObject({ draft: { name: 'Hall', address: 'Quai 9' }, dirty: true, saving: false });
  });
});

describe('resolveConflict', () => {
  /** A form whose save was refused with a conflict on `current`; `answers` answer what follows. */
  async function conflicted(item: Record<string, unknown>, current: Record<string, unknown>, answers: Answer[], onCopy = false) {
    const extensions = onCopy ? { conflictWith: 'working-copy', current } : { current };
    const form = formOn(item, [problem(409, 'VERSION_CONFLICT', 'Changed meanwhile', { extensions }), ...answers]);
    form.type('name', 'Hall');
    await (onCopy || item['status'] === 'published' ? saveCopy(form.env) : saveItem(form.env));
    expect(form.state.conflict).not.toBeNull();
    return form;
  }

  it('theirs loads the current version and sends nothing', async () => {
    const form = await conflicted(venueItem(), venueItem({ version: 4, address: 'Quai 2' }), []);
    await resolveConflict(form.env, 'theirs');
    expect(form.sent).toHaveLength(1);
    expect(form.state).toMatchObject({ conflict: null, dirty: false, draft: { name: 'Harbour Hall', address: 'Quai 2' } });
    expect(form.toasts).toEqual([['info', 'The current version is loaded; your changes were discarded.']]);
  });

  it('cancel closes the dialog and keeps my edits unsent', async () => {
    const form = await conflicted(venueItem(), venueItem({ version: 4 }), []);
    await resolveConflict(form.env, 'cancel');
    expect(form.sent).toHaveLength(1);
    expect(form.state).toMatchObject({ conflict: null, dirty: true, draft: { name: 'Hall' } });
  });

  it('mine saves my edits on top of the current version', async () => {
    const form = await conflicted(venueItem(), venueItem({ version: 4, address: 'Quai 2' }), [ok(venueItem({ version: 5, name: 'Hall', address: 'Quai 2' }))]);
    await resolveConflict(form.env, 'mine');
    expect(form.sent[1]).toEqual({ method: 'PATCH', path: '/api/admin/venues/7', body: { version: 4, name: 'Hall' } });
    expect(form.state).toMatchObject({ conflict: null, dirty: false, item: { version: 5 } });
    expect(form.toasts).toEqual([['success', 'Saved.']]);
  });

  it('mine on a live item that moved on saves the merge as the working copy', async () => {
    const form = await conflicted(published(), venueItem({ status: 'published', version: 4, address: 'Quai 2' }), [
      ok(withCopy(venueItem({ status: 'published', version: 4 }), { name: 'Hall' })),
    ]);
    await resolveConflict(form.env, 'mine');
    expect(form.sent[1]).toEqual({ method: 'PUT', path: '/api/admin/venues/7/draft', body: { version: 4, name: 'Hall', copyVersion: null } });
    expect(form.toasts).toEqual([['success', 'Draft saved. The public page is unchanged.']]);
  });

  it('mine after "Publish changes" saves the merged draft over theirs, then publishes it', async () => {
    const theirs = withCopy(published(), { address: 'Quai 6' }, 2);
    const merged = withCopy(published(), { address: 'Quai 6', name: 'Hall' }, 3);
    const form = formOn(withCopy(published(), { address: 'Quai 5' }, 1), [
      problem(409, 'VERSION_CONFLICT', 'Changed meanwhile', { extensions: { conflictWith: 'working-copy', current: theirs } }),
      ok(merged),
      ok({ item: venueItem({ status: 'published', version: 4, address: 'Quai 6', name: 'Hall' }), dropped: [] }),
    ]);
    form.type('name', 'Hall');
    await publishCopy(form.env);
    await resolveConflict(form.env, 'mine');
    expect(form.sent.slice(1).map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PUT', '/api/admin/venues/7/draft', { version: 3, address: 'Quai 6', name: 'Hall', copyVersion: 2 }],
      ['POST', '/api/admin/venues/7/draft/publish', { version: 3, copyVersion: 3 }],
    ]);
    expect(form.state).toMatchObject({ conflict: null, item: { version: 4, name: 'Hall' } });
    expect(form.toasts).toEqual([['success', 'Changes published.']]);
  });

  it('mine keeps the merge in the form when the network fails', async () => {
    const form = await conflicted(venueItem(), venueItem({ version: 4, address: 'Quai 2' }), [offline()]);
    await resolveConflict(form.env, 'mine');
    expect(form.state).toMatchObject({ conflict: null, dirty: true, saving: false, draft: { name: 'Hall', address: 'Quai 2', version: 4 } });
  });
});

describe('removeItem', () => {
  it('deletes the item, lets the guard go and opens the list', async () => {
    const form = formOn(venueItem(), [noContent()]);
    expect(await removeItem(form.env)).toBe(true);
    expect(form.sent).toEqual([{ method: 'DELETE', path: '/api/admin/venues/7', body: undefined }]);
    expect(form.env.markClean).toHaveBeenCalled();
    expect(form.env.goTo).toHaveBeenCalledWith('/en/admin/venues');
    expect(form.toasts).toEqual([['success', 'Moved to the trash.']]);
  });

  it('asks the server to detach the item where it is used', async () => {
    const form = formOn(venueItem(), [noContent()]);
    await removeItem(form.env, true);
    expect(form.sent[0]?.path).toBe('/api/admin/venues/7?detach=true');
  });

  it('lists where the item is used on a 409 IN_USE, without leaving', async () => {
    const usages = [{ usedId: 7, entity: 'event', id: 12, slug: 'opening', title: 'Opening', field: 'venueId' }];
    const form = formOn(venueItem(), [problem(409, 'IN_USE', 'This venue is still used', { extensions: { usages, usageCount: 3 } })]);
    expect(await removeItem(form.env)).toBe(false);
    expect(form.state.inUse).toEqual({ usages, total: 3 });
    expect(form.env.goTo).not.toHaveBeenCalled();
    expect(form.toasts).toEqual([]);
  });

  it('says why when the role may not delete it', async () => {
    const form = formOn(venueItem(), [
      problem(403, 'PERMISSION_DENIED', 'This needs the permission content.deletePublished', { extensions: { permission: 'content.deletePublished' } }),
    ]);
    expect(await removeItem(form.env)).toBe(false);
    expect(form.toasts).toEqual([['error', 'Your role does not allow this action.']]);
  });

  it('stays on the page with the edits when the network fails', async () => {
    const form = formOn(venueItem(), [offline()]);
    form.type('name', 'Hall');
    expect(await removeItem(form.env)).toBe(false);
    expect(form.state).toMatchObject({ dirty: true, saving: false, draft: { name: 'Hall' } });
    expect(form.env.markClean).not.toHaveBeenCalled();
  });

  it('does nothing on a new item', async () => {
    const form = formOn(null);
    expect(await removeItem(form.env)).toBe(false);
    expect(form.sent).toEqual([]);
  });
});

describe('a restored local draft', () => {
  it('saves as the copy version it was written on, so a copy saved meanwhile is a conflict', async () => {
    const published = venueItem({ status: 'published' });
    const form = formOn(withCopy(published, { name: 'Hall B' }, 2), [ok(withCopy(published, { name: 'Hall C' }, 3))]);
    const { base, loaded, draft } = form.state;
    form.env.dispatch({ type: 'restored', base, loaded: { ...loaded, name: 'Hall' }, draft: { ...draft, name: 'Hall C' }, copyVersion: 1 });
    await saveCopy(form.env);
    expect(form.sent[0]?.body).toMatchObject({ copyVersion: 1, name: 'Hall C' });
  });

  it('saves over the version it was written on, so a newer live item is a conflict', async () => {
    const form = formOn(venueItem({ version: 5 }), [ok(venueItem({ version: 6, address: 'Quai 9' }))]);
    const kept = initialFormState(venues.draft, venueItem({ version: 3 }));
    form.env.dispatch({ type: 'restored', base: kept.base, loaded: kept.loaded, draft: { ...kept.draft, address: 'Quai 9' }, copyVersion: null });
    await saveItem(form.env);
    expect(form.sent[0]?.body).toEqual({ version: 3, address: 'Quai 9' });
  });
});
