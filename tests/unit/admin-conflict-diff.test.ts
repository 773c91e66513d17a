import { describe, expect, it } from 'vitest';
import { diffDrafts, flattenDraft, hasChanges, rebaseDraft } from '../../src/components/admin/lib/diff.ts';

const base = { version: 3, slug: 'jazz-night', tagIds: [1, 2], translations: { en: { title: 'Jazz night', summary: '' }, fr: { title: '', summary: '' } } };

describe('conflict dialog diff', () => {
  it('flattens translations to the API field paths and ignores the version', () => {
    expect([...flattenDraft(base).keys()].sort()).toEqual([
      'slug',
      'tagIds',
      'translations.en.summary',
      'translations.en.title',
      'translations.fr.summary',
      'translations.fr.title',
    ]);
  });

  it('lists what someone else changed, flags clashes, and names my other changes', () => {
    const theirs = { ...base, version: 4, tagIds: [1, 2, 3], translations: { ...base.translations, en: { title: 'Jazz night!', summary: '' } } };
    const mine = { ...base, slug: 'jazz', translations: { ...base.translations, en: { title: 'Late jazz', summary: '' } } };
    const report = diffDrafts(base, theirs, mine);
    expect(report.theirs).toEqual([
      { path: 'tagIds', base: [1, 2], theirs: [1, 2, 3], mine: [1, 2], clash: false },
      { path: 'translations.en.title', base: 'Jazz night', theirs: 'Jazz night!', mine: 'Late jazz', clash: true },
    ]);
    expect(report.mineOnly).toEqual(['slug']);
  });

  it('does not call it a clash when both sides typed the same thing', () => {
    const same = { ...base, slug: 'jazz' };
    expect(diffDrafts(base, same, same).theirs).toEqual([{ path: 'slug', base: 'jazz-night', theirs: 'jazz', mine: 'jazz', clash: false }]);
  });

  it('treats empty text and null as the same value', () => {
    expect(hasChanges({ a: '', translations: {} }, { a: null, translations: {} })).toBe(false);
    expect(hasChanges(base, { ...base, slug: 'x' })).toBe(true);
  });

  it('replays my changes on top of theirs, keeping their other changes', () => {
    const theirs = { ...base, version: 4, tagIds: [1, 2, 3], translations: { ...base.translations, en: { title: 'Jazz night!', summary: 'New' } } };
    const mine = { ...base, translations: { ...base.translations, en: { title: 'Late jazz', summary: '' }, fr: { title: 'Jazz tardif', summary: '' } } };
    const rebased = rebaseDraft(base, theirs, mine);
    expect(rebased).toEqual({
      version: 4,
      slug: 'jazz-night',
      tagIds: [1, 2, 3],
      translations: { en: { title: 'Late jazz', summary: 'New' }, fr: { title: 'Jazz tardif', summary: '' } },
    });
  });
});
