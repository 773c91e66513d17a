import { describe, expect, it } from 'vitest';
import { itemOption, thumbnailOf } from '../../src/components/admin/lib/describe.ts';
import { usagesOf } from '../../src/components/admin/lib/api.ts';

describe('relation options', () => {
  it('uses the list title when the API computed one', () => {
    expect(itemOption({ id: 3, title: 'Jazz night', slug: 'jazz-night', status: 'draft' }, 'en')).toEqual({ id: 3, label: 'Jazz night', meta: 'draft' });
  });

  it('falls back from the default locale to any locale, then to a name, a file name or the slug', () => {
    expect(itemOption({ id: 1, translations: { fr: { label: 'Musique' }, en: { label: 'Music' } } }, 'en').label).toBe('Music');
    expect(itemOption({ id: 1, translations: { en: null, de: { title: 'Nacht' } } }, 'en').label).toBe('Nacht');
    expect(itemOption({ id: 2, name: 'Maison de la Parole', translations: {} }, 'en').label).toBe('Maison de la Parole');
    expect(itemOption({ id: 4, originalName: 'programme.pdf', translations: { en: { title: '' } } }, 'en').label).toBe('programme.pdf');
    expect(itemOption({ id: 5, slug: 'x' }, 'en').label).toBe('x');
    expect(itemOption({ id: 6 }, 'en').label).toBe('#6');
  });

  it('shows a small WebP variant of images and nothing for other URLs', () => {
    expect(itemOption({ id: 7, url: '/media/ab/abc.jpg', translations: { en: { alt: 'A cat' } } }, 'en')).toMatchObject({
      label: 'A cat',
      thumb: '/media/ab/abc.jpg?w=320&fm=webp',
    });
    expect(thumbnailOf('/files/ab/abc.pdf')).toBeUndefined();
    expect(thumbnailOf('javascript:alert(1)')).toBeUndefined();
  });
});

describe('API client helpers', () => {
  it('reads usages from a 409 problem and from an item’s usedBy', () => {
    const usage = { usedId: 1, entity: 'event', id: 9, slug: 's', title: 'T', field: 'tagIds' } as const;
    expect(usagesOf({ code: 'IN_USE', usages: [usage], usageCount: 3 })).toEqual({ usages: [usage], total: 3 });
    expect(usagesOf({ usedBy: { usages: [usage], total: 1 } })).toEqual({ usages: [usage], total: 1 });
    expect(usagesOf({})).toEqual({ usages: [], total: 0 });
  });
});
