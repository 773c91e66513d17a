import { describe, expect, it } from 'vitest';
import { memoizeText } from '../../src/lib/text-memo.ts';

describe('memoizeText', () => {
  it('computes each distinct text once and returns the same result', () => {
    const calls: string[] = [];
    const upper = memoizeText((text: string) => {
      calls.push(text);
      return text.toUpperCase();
    });
    expect([upper('a'), upper('b'), upper('a')]).toEqual(['A', 'B', 'A']);
    expect(calls).toEqual(['a', 'b']);
  });

  it('stays within its character budget, forgetting the least recently used first', () => {
    const calls: string[] = [];
    const same = memoizeText(
      (text: string) => {
        calls.push(text);
        return text;
      },
      { maxChars: 80 },
    );
    for (const text of ['aaaa', 'bbbb', 'cccc', 'dddd', 'eeee']) same(text); // 8 chars each: 40
    same('aaaa'); // refreshed
    for (const text of ['ffff', 'gggg', 'hhhh', 'iiii', 'jjjj', 'kkkk']) same(text); // 88 > 80: evicts
    calls.length = 0;
    same('aaaa');
    same('bbbb');
    expect(calls).toEqual(['bbbb']);
  });

  it('does not keep texts larger than an eighth of the budget', () => {
    let count = 0;
    const same = memoizeText((text: string) => (count++, text), { maxChars: 80 });
    same('x'.repeat(20));
    same('x'.repeat(20));
    expect(count).toBe(2);
  });
});
