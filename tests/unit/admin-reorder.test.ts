import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyboardTarget, moveItem } from '../../src/components/admin/lib/reorder.ts';

describe('gallery reorder', () => {
  it('moves an item to another position', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b'], 1, 99)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('keeps every item exactly once, whatever the move', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer(), { maxLength: 20 }), fc.integer({ min: -3, max: 25 }), fc.integer({ min: -3, max: 25 }), (list, from, to) => {
        const moved = moveItem(list, from, to);
        expect([...moved].sort()).toEqual([...list].sort());
        if (from >= 0 && from < list.length) expect(moved[Math.max(0, Math.min(list.length - 1, to))]).toBe(list[from]);
      }),
    );
  });

  it('maps arrow keys, Home and End to a new index, and refuses to move past the ends', () => {
    expect(keyboardTarget('ArrowUp', 2, 5)).toBe(1);
    expect(keyboardTarget('ArrowDown', 2, 5)).toBe(3);
    expect(keyboardTarget('Home', 2, 5)).toBe(0);
    expect(keyboardTarget('End', 2, 5)).toBe(4);
    expect(keyboardTarget('ArrowUp', 0, 5)).toBeUndefined();
    expect(keyboardTarget('ArrowDown', 4, 5)).toBeUndefined();
    expect(keyboardTarget('Enter', 2, 5)).toBeUndefined();
  });
});
