/** Mentions in notes (docs/decisions/061): tokens in, names out, and the `@` being typed. */
import { describe, expect, it } from 'vitest';
import { bodyOf, withPicked } from '../../src/components/admin/notes/note-draft.ts';
import { NOTE_MAX_LENGTH, decodeMentions, encodeMentions, matchTargets, mentionQueryAt, mentionedIds, noteSegments } from '../../src/lib/notes/mentions.ts';

const ann = { id: 'u_ann', label: 'Ann' };
const annLee = { id: 'u-ann-lee', label: 'Ann Lee' };
const zoe = { id: 'zoe42', label: 'Zoë Müller' };
const names = new Map([ann, annLee, zoe].map((person) => [person.id, person.label]));
const labelOf = (id: string) => names.get(id);

describe('mentionedIds', () => {
  it('lists each mentioned id once, in order, and nothing that only looks like a mention', () => {
    expect(mentionedIds('Hi <@zoe42> and <@u_ann>, <@zoe42> again')).toEqual(['zoe42', 'u_ann']);
    expect(mentionedIds('mail ann@example.org, @Ann, < @x>, <@>, <@bad id>, <@a/b>')).toEqual([]);
  });
});

describe('encodeMentions and decodeMentions', () => {
  it('turn picked names into tokens, longer names first, and back', () => {
    const body = encodeMentions('@Ann Lee and @Ann: see @Zoë Müller', [ann, annLee, zoe]);
    expect(body).toBe('<@u-ann-lee> and <@u_ann>: see <@zoe42>');
    expect(decodeMentions(body, labelOf)).toEqual({ text: '@Ann Lee and @Ann: see @Zoë Müller', picked: [annLee, ann, zoe] });
  });

  it('leaves a name typed without picking it as text, and an unknown id as its token', () => {
    expect(encodeMentions('@Ann Lee', [])).toBe('@Ann Lee');
    expect(decodeMentions('ask <@gone>', labelOf)).toEqual({ text: 'ask <@gone>', picked: [] });
  });
});

describe('noteSegments', () => {
  it('splits a body into text and mentions, an unknown person with no label', () => {
    expect(noteSegments('<@u_ann>: line one\nline two <@gone>.', labelOf)).toEqual([
      { kind: 'mention', id: 'u_ann', label: 'Ann' },
      { kind: 'text', text: ': line one\nline two ' },
      { kind: 'mention', id: 'gone', label: null },
      { kind: 'text', text: '.' },
    ]);
  });
});

describe('mentionQueryAt', () => {
  it('finds the mention being typed at the caret, after a space or at the start', () => {
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('ask @Ann L', 10)).toEqual({ start: 4, query: 'Ann L' });
    expect(mentionQueryAt('line\n@zo and more', 8)).toEqual({ start: 5, query: 'zo' });
  });

  it('is not in a mention inside a word (an address), across a line break, or after a space right after @', () => {
    expect(mentionQueryAt('ann@example', 11)).toBeNull();
    expect(mentionQueryAt('@Ann\nnext', 9)).toBeNull();
    expect(mentionQueryAt('@ Ann', 5)).toBeNull();
    expect(mentionQueryAt('no at sign', 5)).toBeNull();
  });
});

describe('matchTargets', () => {
  it('matches the start of the name or of a word in it, ignoring case and accents', () => {
    expect(matchTargets([ann, annLee, zoe], 'ann')).toEqual([ann, annLee]);
    expect(matchTargets([ann, annLee, zoe], 'LEE')).toEqual([annLee]);
    expect(matchTargets([ann, annLee, zoe], 'zoe m')).toEqual([zoe]);
    expect(matchTargets([ann, annLee, zoe], 'mul')).toEqual([zoe]);
    expect(matchTargets([ann, annLee, zoe], 'x')).toEqual([]);
  });
});

describe('a note draft', () => {
  it('sends picked names as tokens, trimmed, and refuses blank or overlong text', () => {
    const draft = withPicked(withPicked({ text: '  @Ann please check\r\nthe hall  ', picked: [] }, ann), ann);
    expect(draft.picked).toEqual([ann]);
    expect(bodyOf(draft)).toEqual({ body: '<@u_ann> please check\nthe hall' });
    expect(bodyOf({ text: ' \n ', picked: [] })).toEqual({ error: 'required' });
    expect(bodyOf({ text: 'x'.repeat(NOTE_MAX_LENGTH + 3), picked: [] })).toEqual({ error: 'tooLong', over: 3 });
  });
});
