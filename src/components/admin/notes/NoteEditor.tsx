/** A note's text box with its hint, its error and its buttons: the new note at the end, or a note being edited. */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { MentionTarget } from '../../../lib/notes/mentions.ts';
import { NOTE_MAX_LENGTH } from '../../../lib/notes/mentions.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { MentionTextarea } from './MentionTextarea.tsx';
import { bodyOf, withPicked, type NoteDraft } from './note-draft.ts';

export interface NoteEditorProps {
  label: string;
  initial: NoteDraft;
  team: readonly MentionTarget[];
  submitLabel: string;
  /** Sends the body; resolves to an error sentence, or null once saved. */
  onSubmit: (body: string) => Promise<string | null>;
  /** Empty the box after a save (the new-note box), or not (an edit closes instead). */
  clearOnSave?: boolean;
  /** Extra buttons after Save (Cancel of an edit). */
  children?: ReactNode;
  /** Put the caret in the box at once (an edit opened by its button). */
  focusOnOpen?: boolean;
  testId: string;
}

export function NoteEditor({ label, initial, team, submitLabel, onSubmit, clearOnSave = false, children, focusOnOpen = false, testId }: NoteEditorProps) {
  const { t } = useAdmin();
  const id = useId();
  const [draft, setDraft] = useState<NoteDraft>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (focusOnOpen) document.getElementById(`${id}-text`)?.focus();
  }, [focusOnOpen, id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = bodyOf(draft);
    if ('error' in checked) {
      setError(checked.error === 'required' ? t('admin.notes.required') : t('admin.notes.tooLong', { count: checked.over, max: NOTE_MAX_LENGTH }));
      return;
    }
    setBusy(true);
    const failure = await onSubmit(checked.body);
    setBusy(false);
    setError(failure);
    if (!failure && clearOnSave) setDraft({ text: '', picked: [] });
  };

  return (
    <form className="note-editor" onSubmit={submit} noValidate data-testid={testId}>
      <label htmlFor={`${id}-text`}>{label}</label>
      <p id={`${id}-hint`} className="admin-field__hint">
        {t('admin.notes.hint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="admin-field__errors" role="alert">
          {error}
        </p>
      )}
      <MentionTextarea
        id={`${id}-text`}
        value={draft.text}
        onChange={(text) => setDraft((current) => ({ ...current, text }))}
        onPick={(target) => setDraft((current) => withPicked(current, target))}
        team={team}
        describedBy={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        invalid={error !== null}
      />
      <div className="note-editor__actions">
        <button type="submit" className="admin-button admin-button--primary" aria-disabled={busy || undefined}>
          {busy ? t('admin.notes.saving') : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
