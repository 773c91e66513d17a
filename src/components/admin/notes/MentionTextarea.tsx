/**
 * A note's text box with mention suggestions (docs/decisions/061): typing `@` after a space lists
 * the team members whose name matches what follows; ↑ and ↓ move through them, Enter inserts
 * the active one as `@Name`, Escape (or Tab, which leaves the box as ever) closes the list. The textarea keeps its own role
 * (a textbox may not be a combobox in HTML) and carries the combobox's other attributes:
 * `aria-autocomplete`, `aria-controls` and `aria-activedescendant` point into the listbox.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { matchTargets, mentionQueryAt, type MentionTarget } from '../../../lib/notes/mentions.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { PickerOption } from '../ui/PickerOption.tsx';

export interface MentionTextareaProps {
  id: string;
  value: string;
  onChange: (text: string) => void;
  /** A person was inserted from the list. */
  onPick: (target: MentionTarget) => void;
  team: readonly MentionTarget[];
  describedBy: string;
  invalid: boolean;
  rows?: number;
}

export function MentionTextarea({ id, value, onChange, onPick, team, describedBy, invalid, rows = 4 }: MentionTextareaProps) {
  const { t } = useAdmin();
  const listId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const options = query ? matchTargets(team, query.query) : [];
  const open = query !== null;
  const activeOption = open ? options[active] : undefined;

  /** Follows the caret: opens, narrows or closes the list. */
  const follow = (text: string, caret: number) => {
    const next = mentionQueryAt(text, caret);
    setQuery(next);
    setActive(0);
    if (next) {
      const count = matchTargets(team, next.query).length;
      setAnnouncement(count === 0 ? t('admin.notes.mentionNone') : t('admin.notes.mentionResults', { count }));
    }
  };

  const insert = (target: MentionTarget) => {
    if (!query) return;
    const caret = box.current?.selectionStart ?? value.length;
    const before = value.slice(0, query.start);
    const after = value.slice(caret);
    const inserted = `@${target.label} `;
    const text = `${before}${inserted}${after.replace(/^ /, '')}`;
    onChange(text);
    onPick(target);
    setQuery(null);
    setAnnouncement(t('admin.notes.mentioned', { label: target.label }));
    const position = before.length + inserted.length;
    requestAnimationFrame(() => box.current?.setSelectionRange(position, position));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((index) => (options.length === 0 ? 0 : (index + 1) % options.length));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => (options.length === 0 ? 0 : (index - 1 + options.length) % options.length));
        break;
      case 'Enter':
        if (activeOption) {
          event.preventDefault();
          insert(activeOption);
        } else setQuery(null);
        break;
      case 'Tab':
        // Tab leaves the box as ever: the list closes, nothing is inserted.
        setQuery(null);
        break;
      case 'Escape':
        event.preventDefault();
        setQuery(null);
        break;
      default:
        break;
    }
  };

  return (
    <div className="note-mention">
      <textarea
        ref={box}
        id={id}
        rows={rows}
        value={value}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          follow(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => {
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End')
            follow(value, event.currentTarget.selectionStart);
        }}
        onBlur={() => setQuery(null)}
      />
      <ul id={listId} role="listbox" className="admin-picker__list note-mention__list" hidden={!open} aria-label={t('admin.notes.mentionList')}>
        {options.map((option, index) => (
          <PickerOption key={option.id} id={`${listId}-${option.id}`} active={index === active} onPick={() => insert(option)}>
            <span className="admin-picker__label">{option.label}</span>
          </PickerOption>
        ))}
        {options.length === 0 && (
          <li role="option" aria-disabled="true" aria-selected={false} className="admin-picker__empty">
            {t('admin.notes.mentionNone')}
          </li>
        )}
      </ul>
      <p className="admin-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
