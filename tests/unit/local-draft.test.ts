/**
 * Unsaved edits kept on this device (docs/decisions/054): how a form's state is written and read
 * back, when a kept draft is offered again (and when it says the item changed since), expiry, and
 * that one person's drafts never reach another's form.
 */
import { describe, expect, it } from 'vitest';
import { initialFormState, formReducer, type FormState } from '../../src/components/admin/edit-form/edit-form-state.ts';
import { offerOf, parseLocalDraft, type LocalDraft } from '../../src/components/admin/edit-form/local-draft.ts';
import { clearDraftsOf, localDraftKey } from '../../src/components/admin/edit-form/local-draft-key.ts';
import { LOCAL_DRAFT_MAX_AGE_MS, localDraftStore, pruneExpiredDrafts } from '../../src/components/admin/edit-form/local-draft-store.ts';
import { venueItem, venues, withCopy } from '../fixtures/venue-items.ts';

/** localStorage as the browser has it, in memory; `full` refuses every write like a full quota. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  constructor(private readonly full = false) {}
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const NOW = Date.parse('2026-11-29T14:05:00Z');

/** What the hook keeps of a form's state. */
function keep(state: FormState, savedAt = NOW): LocalDraft {
  return { savedAt, base: state.base, loaded: state.loaded, draft: state.draft, copyVersion: state.copyVersion };
}

function typed(state: FormState, path: string, value: unknown): FormState {
  return formReducer(state, { type: 'edited', path, value });
}

const snapshot = (state: FormState) => ({ base: state.base, loaded: state.loaded, copyVersion: state.copyVersion });

describe('keys', () => {
  it('are per person, collection and item, with one for the new form', () => {
    const keys = [
      localDraftKey({ userId: 'u1', collection: 'events', itemId: 3 }),
      localDraftKey({ userId: 'u2', collection: 'events', itemId: 3 }),
      localDraftKey({ userId: 'u1', collection: 'venues', itemId: 3 }),
      localDraftKey({ userId: 'u1', collection: 'events', itemId: 4 }),
      localDraftKey({ userId: 'u1', collection: 'events', itemId: null }),
    ];
    expect(new Set(keys).size).toBe(5);
    expect(keys[4]).toMatch(/:events:new$/);
  });
});

describe('serialising', () => {
  it('reads back what it wrote', () => {
    const state = typed(initialFormState(venues.draft, venueItem()), 'name', 'Harbour Hall West');
    const kept = keep(state);
    expect(parseLocalDraft(JSON.stringify(kept))).toEqual(kept);
  });

  it('reads nothing from a missing, broken or foreign entry', () => {
    expect(parseLocalDraft(null)).toBeNull();
    expect(parseLocalDraft('{"savedAt":')).toBeNull();
    expect(parseLocalDraft(JSON.stringify({ savedAt: NOW, draft: 'text' }))).toBeNull();
    expect(parseLocalDraft(JSON.stringify({ savedAt: NOW, base: {}, loaded: {}, draft: {}, copyVersion: null }))).toBeNull();
  });

  it('keeps the form working when the storage is full', () => {
    const store = localDraftStore(new MemoryStorage(true), { userId: 'u1', collection: 'venues', itemId: 7 });
    expect(() => store.write(keep(initialFormState(venues.draft, venueItem())))).not.toThrow();
    expect(store.read()).toBeNull();
  });

  it('writes what it reads back through the store', () => {
    const store = localDraftStore(new MemoryStorage(), { userId: 'u1', collection: 'venues', itemId: 7 });
    const kept = keep(typed(initialFormState(venues.draft, venueItem()), 'name', 'Dock 5'));
    store.write(kept);
    expect(parseLocalDraft(store.read())).toEqual(kept);
    store.clear();
    expect(store.read()).toBeNull();
  });
});

describe('what a form is offered when it opens', () => {
  it('offers edits taken on the version it opens, and says nothing changed since', () => {
    const opened = initialFormState(venues.draft, venueItem());
    const kept = keep(typed(opened, 'address', 'Quai 9'));
    expect(offerOf(kept, snapshot(opened), NOW + 60_000)).toEqual({ draft: kept, savedAt: NOW, changedSince: false });
  });

  it('offers nothing when the kept draft holds no change (already saved, or edits undone)', () => {
    const opened = initialFormState(venues.draft, venueItem());
    expect(offerOf(keep(opened), snapshot(opened), NOW)).toBeNull();
    // Saved since, by this person in another tab: the item now holds exactly the kept edits.
    const kept = keep(typed(opened, 'address', 'Quai 9'));
    const saved = initialFormState(venues.draft, venueItem({ version: 4, address: 'Quai 9' }));
    expect(offerOf(kept, snapshot(saved), NOW)).toBeNull();
  });

  it('says when the item was saved since the draft was taken', () => {
    const kept = keep(typed(initialFormState(venues.draft, venueItem()), 'address', 'Quai 9'));
    const newer = initialFormState(venues.draft, venueItem({ version: 4, name: 'Harbour Hall (renamed)' }));
    expect(offerOf(kept, snapshot(newer), NOW)).toMatchObject({ changedSince: true });
  });

  it('says when someone saved the working copy since, though the live item did not change', () => {
    const published = venueItem({ status: 'published' });
    const kept = keep(typed(initialFormState(venues.draft, withCopy(published, { name: 'Hall' }, 1)), 'address', 'Quai 9'));
    const later = initialFormState(venues.draft, withCopy(published, { name: 'Hall B' }, 2));
    expect(offerOf(kept, snapshot(later), NOW)).toMatchObject({ changedSince: true });
    const same = initialFormState(venues.draft, withCopy(published, { name: 'Hall' }, 1));
    expect(offerOf(kept, snapshot(same), NOW)).toMatchObject({ changedSince: false });
  });

  it('offers a new form’s draft against the new form', () => {
    const opened = initialFormState(venues.draft, null, { status: 'draft' });
    const kept = keep(typed(opened, 'name', 'Dock 4'));
    expect(offerOf(kept, snapshot(opened), NOW)).toMatchObject({ changedSince: false });
  });

  it('drops a draft older than a week', () => {
    const opened = initialFormState(venues.draft, venueItem());
    const kept = keep(typed(opened, 'address', 'Quai 9'));
    expect(offerOf(kept, snapshot(opened), NOW + LOCAL_DRAFT_MAX_AGE_MS)).not.toBeNull();
    expect(offerOf(kept, snapshot(opened), NOW + LOCAL_DRAFT_MAX_AGE_MS + 1)).toBeNull();
  });
});

describe('the device’s storage', () => {
  it('prunes expired and unreadable drafts, and keeps others’ data', () => {
    const storage = new MemoryStorage();
    const draft = keep(typed(initialFormState(venues.draft, venueItem()), 'address', 'Quai 9'));
    localDraftStore(storage, { userId: 'u1', collection: 'venues', itemId: 7 }).write(draft);
    localDraftStore(storage, { userId: 'u1', collection: 'venues', itemId: 8 }).write({ ...draft, savedAt: NOW - LOCAL_DRAFT_MAX_AGE_MS - 1 });
    storage.setItem(localDraftKey({ userId: 'u1', collection: 'venues', itemId: 9 }), 'not json');
    storage.setItem('theme', 'dark');
    pruneExpiredDrafts(storage, NOW);
    expect([...Array(storage.length).keys()].map((index) => storage.key(index))).toEqual([
      localDraftKey({ userId: 'u1', collection: 'venues', itemId: 7 }),
      'theme',
    ]);
  });

  it('clears one person’s drafts (signing out), not another’s', () => {
    const storage = new MemoryStorage();
    const draft = keep(initialFormState(venues.draft, venueItem()));
    localDraftStore(storage, { userId: 'u1', collection: 'venues', itemId: 7 }).write(draft);
    localDraftStore(storage, { userId: 'u1', collection: 'events', itemId: null }).write(draft);
    const theirs = localDraftStore(storage, { userId: 'u12', collection: 'venues', itemId: 7 });
    theirs.write(draft);
    clearDraftsOf(storage, 'u1');
    expect(storage.length).toBe(1);
    expect(parseLocalDraft(theirs.read())).toEqual(draft);
  });
});
