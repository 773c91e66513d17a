/** The edit form's reducer: every action, and what the form shows after it. */
import { describe, expect, it } from 'vitest';
import { formReducer, initialFormState, type FormAction, type FormState } from '../../src/components/admin/edit-form/edit-form-state.ts';
import type { Problem, Usage } from '../../src/components/admin/lib/api.ts';
import { venueItem, venues, withCopy } from '../fixtures/venue-items.ts';

const spec = venues.draft;

function run(state: FormState, ...actions: FormAction[]): FormState {
  return actions.reduce(formReducer, state);
}

function problemOf(status: number, code: string, extensions: Record<string, unknown> = {}): Problem {
  return { status, code, title: code, ...extensions };
}

describe('the form a page opens', () => {
  it('starts a new item from its defaults, clean and idle', () => {
    const state = initialFormState(spec, null, { status: 'draft' });
    expect(state.item).toBeNull();
    expect(state.draft['status']).toBe('draft');
    expect(state.draft['name']).toBe('');
    expect(state.draft.translations['fr']).toEqual({ description: '', accessNotes: '' });
    expect(state).toMatchObject({ dirty: false, saving: false, errors: {}, conflict: null, slugSuggestion: null, inUse: null });
  });

  it('shows an item’s working copy, based on the version the copy was made from', () => {
    const item = withCopy(venueItem({ status: 'published', version: 4 }), { name: 'Harbour Hall (new)' }, 2);
    const state = initialFormState(spec, item);
    expect(state.draft['name']).toBe('Harbour Hall (new)');
    expect(state.base['name']).toBe('Harbour Hall');
    expect(state.base.version).toBe(4);
    expect(state.dirty).toBe(false);
  });
});

describe('edited', () => {
  it('sets a field and a locale’s text, and the form becomes dirty', () => {
    const state = run(
      initialFormState(spec, venueItem()),
      { type: 'edited', path: 'name', value: 'Harbour Hall II' },
      { type: 'edited', path: 'translations.fr.description', value: 'Au bord de l’eau' },
    );
    expect(state.draft['name']).toBe('Harbour Hall II');
    expect(state.draft.translations['fr']?.['description']).toBe('Au bord de l’eau');
    expect(state.dirty).toBe(true);
  });

  it('is clean again when the value typed is the one loaded', () => {
    const state = run(
      initialFormState(spec, venueItem()),
      { type: 'edited', path: 'name', value: 'X' },
      { type: 'edited', path: 'name', value: 'Harbour Hall' },
    );
    expect(state.dirty).toBe(false);
  });

  it('drops the errors of the field typed into, and only those', () => {
    const state = run(
      initialFormState(spec, venueItem()),
      { type: 'invalid', errors: { name: ['REQUIRED'], websiteUrl: ['INVALID_URL'] } },
      { type: 'edited', path: 'name', value: 'Hall' },
    );
    expect(state.errors).toEqual({ websiteUrl: ['INVALID_URL'] });
  });

  it('drops the errors of a structured value’s parts when the value is edited', () => {
    const state = run(
      initialFormState(spec, venueItem()),
      { type: 'invalid', errors: { 'rooms.0.name': ['REQUIRED'], 'rooms.1': ['TOO_LONG'], roomsNote: ['TOO_LONG'] } },
      { type: 'edited', path: 'rooms', value: [] },
    );
    expect(state.errors).toEqual({ roomsNote: ['TOO_LONG'] });
  });
});

describe('loaded', () => {
  it('starts again from the item the server returned, clean, without the last answer’s errors or suggestion', () => {
    const start = initialFormState(spec, venueItem());
    const dirty = run(
      start,
      { type: 'edited', path: 'name', value: 'Typed' },
      {
        type: 'refused',
        problem: problemOf(409, 'SLUG_TAKEN', { errors: { slug: ['SLUG_TAKEN'] }, suggestion: 'harbour-hall-2' }),
        baseline: start.base,
        mine: start.draft,
      },
    );
    expect(dirty).toMatchObject({ dirty: true, slugSuggestion: 'harbour-hall-2' });
    const state = formReducer(dirty, { type: 'loaded', item: venueItem({ name: 'Saved', version: 4 }) });
    expect(state.item?.['version']).toBe(4);
    expect(state.draft['name']).toBe('Saved');
    expect(state.base.version).toBe(4);
    expect(state).toMatchObject({ dirty: false, errors: {}, slugSuggestion: null });
  });
});

describe('defaulted', () => {
  it('sets values known only in the browser without making the form dirty, keeping what was typed', () => {
    const state = run(initialFormState(spec, null), { type: 'edited', path: 'name', value: 'Dock' }, { type: 'defaulted', values: { status: 'published' } });
    expect(state.base['status']).toBe('published');
    expect(state.draft).toMatchObject({ name: 'Dock', status: 'published' });
    expect(state.dirty).toBe(true);
    expect(formReducer(initialFormState(spec, null), { type: 'defaulted', values: { address: 'Pier 3' } }).dirty).toBe(false);
  });
});

describe('invalid', () => {
  it('shows the client-side check’s errors and keeps what was typed', () => {
    const state = run(initialFormState(spec, venueItem()), { type: 'edited', path: 'name', value: '' }, { type: 'invalid', errors: { name: ['REQUIRED'] } });
    expect(state.errors).toEqual({ name: ['REQUIRED'] });
    expect(state.draft['name']).toBe('');
  });
});

describe('requestStarted and requestEnded', () => {
  it('mark the form busy while its request is in flight', () => {
    const busy = formReducer(initialFormState(spec, venueItem()), { type: 'requestStarted' });
    expect(busy.saving).toBe(true);
    expect(formReducer(busy, { type: 'requestEnded' }).saving).toBe(false);
  });
});

describe('created', () => {
  it('takes the values sent as the base and clears errors and suggestion', () => {
    const typed = run(initialFormState(spec, null), { type: 'edited', path: 'name', value: 'Dock' }, { type: 'invalid', errors: { slug: ['TOO_LONG'] } });
    const state = formReducer(typed, { type: 'created', values: typed.draft });
    expect(state.base['name']).toBe('Dock');
    expect(state).toMatchObject({ errors: {}, slugSuggestion: null });
  });
});

describe('refused', () => {
  const start = initialFormState(spec, venueItem());
  const typed = formReducer(start, { type: 'edited', path: 'name', value: 'Harbour Hall II' });
  const refused = (problem: Problem, state = typed) => formReducer(state, { type: 'refused', problem, baseline: state.base, mine: state.draft });

  it('puts the field errors of a 4xx next to their fields, keeping what was typed', () => {
    const state = refused(problemOf(422, 'INVALID_VALUES', { errors: { imageMediaId: ['NOT_AN_IMAGE'] } }));
    expect(state.errors).toEqual({ imageMediaId: ['NOT_AN_IMAGE'] });
    expect(state.draft['name']).toBe('Harbour Hall II');
    expect(state.dirty).toBe(true);
  });

  it('keeps the slug the server proposes after a 409 SLUG_TAKEN', () => {
    const state = refused(problemOf(409, 'SLUG_TAKEN', { errors: { slug: ['SLUG_TAKEN'] }, suggestion: 'harbour-hall-2' }));
    expect(state.slugSuggestion).toBe('harbour-hall-2');
    expect(state.errors).toEqual({ slug: ['SLUG_TAKEN'] });
  });

  it('leaves the form as it was when the server could not be reached', () => {
    const withErrors = formReducer(typed, { type: 'invalid', errors: { address: ['TOO_LONG'] } });
    expect(refused(problemOf(0, 'NETWORK_ERROR'), withErrors)).toEqual(withErrors);
  });

  it('opens the merge dialog on a 409 VERSION_CONFLICT: what they changed since my base, beside mine', () => {
    const current = venueItem({ version: 4, address: 'Quai 2' });
    const state = refused(problemOf(409, 'VERSION_CONFLICT', { current }));
    expect(state.conflict).toMatchObject({ current, onCopy: false, mine: typed.draft, then: undefined });
    expect(state.conflict?.theirs).toMatchObject({ address: 'Quai 2', version: 4 });
    expect(state.conflict?.report).toEqual({
      theirs: [{ path: 'address', base: 'Quai 1', theirs: 'Quai 2', mine: 'Quai 1', clash: false }],
      mineOnly: ['name'],
    });
    expect(state.draft).toBe(typed.draft);
  });

  it('compares a draft someone saved meanwhile with the draft this form loaded', () => {
    const item = withCopy(venueItem({ status: 'published' }), { address: 'Quai 5' }, 1);
    const mine = run(initialFormState(spec, item), { type: 'edited', path: 'name', value: 'Hall' });
    const current = withCopy(venueItem({ status: 'published' }), { address: 'Quai 5', websiteUrl: 'https://hall.example' }, 2);
    const state = formReducer(mine, {
      type: 'refused',
      problem: problemOf(409, 'VERSION_CONFLICT', { conflictWith: 'working-copy', current }),
      baseline: mine.base,
      mine: mine.draft,
      then: 'publish',
    });
    expect(state.conflict).toMatchObject({ onCopy: true, then: 'publish' });
    expect(state.conflict?.report.theirs.map((entry) => entry.path)).toEqual(['websiteUrl']);
    expect(state.conflict?.report.mineOnly).toEqual(['name']);
  });
});

describe('resolved', () => {
  const base = initialFormState(spec, venueItem({ status: 'published' }));
  const typed = formReducer(base, { type: 'edited', path: 'name', value: 'Harbour Hall II' });
  const current = venueItem({ status: 'published', version: 4, address: 'Quai 2' });
  const open = formReducer(typed, { type: 'refused', problem: problemOf(409, 'VERSION_CONFLICT', { current }), baseline: typed.base, mine: typed.draft });

  it('cancel closes the dialog and keeps what was typed', () => {
    const state = formReducer(open, { type: 'resolved', choice: 'cancel' });
    expect(state.conflict).toBeNull();
    expect(state.draft).toBe(typed.draft);
  });

  it('theirs loads the current version and drops my edits', () => {
    const state = formReducer(open, { type: 'resolved', choice: 'theirs' });
    expect(state.conflict).toBeNull();
    expect(state.item).toBe(current);
    expect(state.draft).toMatchObject({ name: 'Harbour Hall', address: 'Quai 2', version: 4 });
    expect(state.dirty).toBe(false);
  });

  it('mine replays my edits on the current version, which becomes the base of the next save', () => {
    const state = formReducer(open, { type: 'resolved', choice: 'mine' });
    expect(state.conflict).toBeNull();
    expect(state.base).toMatchObject({ name: 'Harbour Hall', address: 'Quai 2', version: 4 });
    expect(state.draft).toMatchObject({ name: 'Harbour Hall II', address: 'Quai 2', version: 4 });
    expect(state.item).toMatchObject({ version: 4, draft: null });
    expect(state.dirty).toBe(true);
  });

  it('mine on a draft someone saved meanwhile makes theirs the draft I edit, my edits on top', () => {
    const item = withCopy(venueItem({ status: 'published' }), { address: 'Quai 5' }, 1);
    const mine = formReducer(initialFormState(spec, item), { type: 'edited', path: 'name', value: 'Hall' });
    const theirs = withCopy(venueItem({ status: 'published' }), { address: 'Quai 6' }, 2);
    const conflicted = formReducer(mine, {
      type: 'refused',
      problem: problemOf(409, 'VERSION_CONFLICT', { conflictWith: 'working-copy', current: theirs }),
      baseline: mine.base,
      mine: mine.draft,
    });
    const state = formReducer(conflicted, { type: 'resolved', choice: 'mine' });
    expect(state.item).toBe(theirs);
    expect(state.loaded).toMatchObject({ name: 'Harbour Hall', address: 'Quai 6' });
    expect(state.draft).toMatchObject({ name: 'Hall', address: 'Quai 6' });
    expect(state.dirty).toBe(true);
  });

  it('does nothing without an open conflict', () => {
    expect(formReducer(typed, { type: 'resolved', choice: 'mine' })).toBe(typed);
  });
});

describe('usagesShown', () => {
  it('lists where the item is used, and forgets it when the dialog closes', () => {
    const usage: Usage = { usedId: 7, entity: 'event', collection: 'events', id: 12, slug: 'opening', title: 'Opening', field: 'venueId' };
    const shown = formReducer(initialFormState(spec, venueItem()), { type: 'usagesShown', inUse: { usages: [usage], total: 1 } });
    expect(shown.inUse).toEqual({ usages: [usage], total: 1 });
    expect(formReducer(shown, { type: 'usagesShown', inUse: null }).inUse).toBeNull();
  });
});

describe('restored', () => {
  it('puts kept edits back as typed, against the base and copy version they were written on', () => {
    const published = venueItem({ status: 'published' });
    const before = run(initialFormState(spec, withCopy(published, { name: 'Hall' }, 1)), { type: 'edited', path: 'address', value: 'Quai 9' });
    // The form opens again on a copy someone saved meanwhile (version 2).
    const opened = initialFormState(spec, withCopy(published, { name: 'Hall B' }, 2));
    expect(opened.copyVersion).toBe(2);
    const restored = run(opened, { type: 'restored', base: before.base, loaded: before.loaded, draft: before.draft, copyVersion: before.copyVersion });
    expect(restored).toMatchObject({ dirty: true, saving: false, copyVersion: 1, draft: before.draft, base: before.base, loaded: before.loaded });
    expect(restored.item).toBe(opened.item);
  });

  it('a save that loads the item again takes its copy version from the item', () => {
    const published = venueItem({ status: 'published' });
    const restored = run(initialFormState(spec, withCopy(published, { name: 'Hall' }, 2)), {
      type: 'restored',
      base: initialFormState(spec, published).base,
      loaded: initialFormState(spec, published).loaded,
      draft: { ...initialFormState(spec, published).draft, name: 'Hall C' },
      copyVersion: 1,
    });
    expect(run(restored, { type: 'loaded', item: withCopy(published, { name: 'Hall C' }, 3) })).toMatchObject({ copyVersion: 3, dirty: false });
  });
});
