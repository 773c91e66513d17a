/**
 * One note in the list: who wrote it and when (in the viewer's language, the zone named), its text
 * with mentions, and for its author Edit and Delete (Delete also for whoever may moderate). Delete
 * asks once, in place; focus stays on what the person acted on.
 */
import { useEffect, useRef, useState } from 'react';
import { formatAdminDate } from '../../../lib/dates.ts';
import { decodeMentions, noteSegments, type MentionTarget } from '../../../lib/notes/mentions.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { NoteEditor } from './NoteEditor.tsx';
import type { NoteView } from './notes-api.ts';

export interface NoteItemProps {
  note: NoteView;
  team: readonly MentionTarget[];
  labelOf: (id: string) => string | undefined;
  mine: boolean;
  mayDelete: boolean;
  onSave: (body: string) => Promise<string | null>;
  onDelete: () => Promise<string | null>;
}

export function NoteItem({ note, team, labelOf, mine, mayDelete, onSave, onDelete }: NoteItemProps) {
  const { t, locale, timeZone } = useAdmin();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  // Asked to confirm: the choice that loses nothing takes focus first.
  useEffect(() => {
    if (confirming) keepButton.current?.focus();
  }, [confirming]);
  const created = formatAdminDate(locale, timeZone, note.createdAt);
  const author = mine ? `${note.author.label} (${t('admin.notes.you')})` : note.author.label;
  // The button to focus once the next render has put it back (after an edit or a cancelled delete).
  const pendingFocus = useRef<'edit' | 'delete' | null>(null);
  useEffect(() => {
    const button = pendingFocus.current === 'edit' ? editButton.current : pendingFocus.current === 'delete' ? deleteButton.current : null;
    if (!button) return;
    pendingFocus.current = null;
    button.focus();
  });
  const refocus = (button: 'edit' | 'delete') => {
    pendingFocus.current = button;
  };

  if (editing) {
    return (
      <li className="note" data-testid="note">
        <NoteEditor
          label={t('admin.notes.editField')}
          initial={decodeMentions(note.body, labelOf)}
          team={team}
          submitLabel={t('admin.notes.save')}
          testId="note-edit"
          focusOnOpen
          onSubmit={async (body) => {
            const failure = await onSave(body);
            if (!failure) {
              setEditing(false);
              refocus('edit');
            }
            return failure;
          }}
        >
          <button
            type="button"
            className="admin-button"
            onClick={() => {
              setEditing(false);
              refocus('edit');
            }}
          >
            {t('admin.notes.cancel')}
          </button>
        </NoteEditor>
      </li>
    );
  }

  return (
    <li className="note" data-testid="note">
      <p className="note__meta">
        <strong>{author}</strong> · <time dateTime={note.createdAt}>{created}</time>
        {note.edited && (
          <>
            {' '}
            · <time dateTime={note.updatedAt}>{t('admin.notes.edited', { time: formatAdminDate(locale, timeZone, note.updatedAt) })}</time>
          </>
        )}
      </p>
      <p className="note__body">
        {noteSegments(note.body, labelOf).map((segment, index) =>
          segment.kind === 'text' ? (
            segment.text
          ) : (
            <span key={index} className="note__mention">
              @{segment.label ?? t('admin.notes.unknownPerson')}
            </span>
          ),
        )}
      </p>
      {error && (
        <p className="admin-field__errors" role="alert">
          {error}
        </p>
      )}
      {confirming ? (
        <div className="note__confirm" role="group" aria-label={t('admin.notes.confirmDelete')}>
          <p>{t('admin.notes.confirmDelete')}</p>
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={async () => {
              const failure = await onDelete();
              setError(failure);
              if (failure) setConfirming(false);
            }}
          >
            {t('admin.notes.confirmYes')}
          </button>
          <button
            type="button"
            className="admin-button"
            ref={keepButton}
            onClick={() => {
              setConfirming(false);
              refocus('delete');
            }}
          >
            {t('admin.notes.confirmNo')}
          </button>
        </div>
      ) : (
        (mine || mayDelete) && (
          <div className="note__actions">
            {mine && (
              <button
                type="button"
                ref={editButton}
                className="admin-button"
                aria-label={t('admin.notes.editLabel', { time: created })}
                onClick={() => setEditing(true)}
              >
                {t('admin.notes.edit')}
              </button>
            )}
            <button
              type="button"
              ref={deleteButton}
              className="admin-button admin-button--danger"
              aria-label={t('admin.notes.deleteLabel', { time: created, author: note.author.label })}
              onClick={() => setConfirming(true)}
            >
              {t('admin.notes.delete')}
            </button>
          </div>
        )
      )}
    </li>
  );
}
