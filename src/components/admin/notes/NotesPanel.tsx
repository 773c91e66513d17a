/**
 * The Notes panel of an edit screen (docs/decisions/061): the team's notes on the item, oldest
 * first, and a box to add one, with @mentions of team members. Never on a public page. The list
 * comes rendered from the server; writes go through `/api/admin/notes/…` and update it in place,
 * saying what happened in a live region.
 */
import { useMemo, useRef, useState } from 'react';
import type { MentionTarget } from '../../../lib/notes/mentions.ts';
import { AdminIsland, type AdminIslandProps } from '../ui/AdminIsland.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { NoteEditor } from './NoteEditor.tsx';
import { NoteItem } from './NoteItem.tsx';
import { emptyDraft } from './note-draft.ts';
import { notesApi, refusalOf, type NoteView } from './notes-api.ts';

export interface NotesPanelProps {
  collection: string;
  itemId: number;
  notes: NoteView[];
  team: MentionTarget[];
  /** The team could not be read (Clerk unreachable): the panel says so; notes still save. */
  teamUnavailable?: boolean;
  /** The people notes named who are no longer on the team, so their names still read. */
  formerNames: Record<string, string>;
}

function Notes({ collection, itemId, notes: initial, team, teamUnavailable = false, formerNames, userId }: NotesPanelProps & { userId: string | null }) {
  const { t, permissions } = useAdmin();
  const [notes, setNotes] = useState(initial);
  const [status, setStatus] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const mayModerate = permissions.includes('notes.moderate');
  const labels = useMemo(
    () => new Map([...Object.entries(formerNames), ...team.map((member): [string, string] => [member.id, member.label])]),
    [team, formerNames],
  );
  const labelOf = (id: string) => labels.get(id);

  const add = async (body: string) => {
    const result = await notesApi.create(collection, itemId, body);
    if (!result.ok) return refusalOf(t, result.problem);
    setNotes((current) => [...current, result.data]);
    setStatus(t('admin.notes.added'));
    return null;
  };

  return (
    <>
      <h2 id="notes-heading" ref={heading} tabIndex={-1}>
        {t('admin.notes.heading')}
      </h2>
      <p className="notes__intro">{t('admin.notes.intro')}</p>
      {teamUnavailable && (
        <p className="notes__intro" data-testid="notes-team-unavailable">
          {t('admin.notes.teamUnavailable')}
        </p>
      )}
      {notes.length === 0 ? (
        <p data-testid="notes-empty">{t('admin.notes.empty')}</p>
      ) : (
        <ol className="notes__list" aria-label={t('admin.notes.list')}>
          {notes.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              team={team}
              labelOf={labelOf}
              mine={note.author.id === userId}
              mayDelete={mayModerate}
              onSave={async (body) => {
                const result = await notesApi.update(note.id, body);
                if (!result.ok) return refusalOf(t, result.problem);
                setNotes((current) => current.map((known) => (known.id === note.id ? result.data : known)));
                setStatus(t('admin.notes.updated'));
                return null;
              }}
              onDelete={async () => {
                const result = await notesApi.remove(note.id);
                if (!result.ok) return refusalOf(t, result.problem);
                setNotes((current) => current.filter((known) => known.id !== note.id));
                setStatus(t('admin.notes.deleted'));
                // The note and its buttons are gone: focus goes to the panel's heading.
                heading.current?.focus();
                return null;
              }}
            />
          ))}
        </ol>
      )}
      <NoteEditor
        label={t('admin.notes.new')}
        initial={emptyDraft}
        team={team}
        submitLabel={t('admin.notes.add')}
        onSubmit={add}
        clearOnSave
        testId="note-new"
      />
      <p className="admin-visually-hidden" role="status" data-testid="notes-status">
        {status}
      </p>
    </>
  );
}

export default function NotesPanel({ collection, itemId, notes, team, teamUnavailable, formerNames, ...island }: NotesPanelProps & AdminIslandProps) {
  return (
    <AdminIsland {...island}>
      <Notes
        collection={collection}
        itemId={itemId}
        notes={notes}
        team={team}
        teamUnavailable={teamUnavailable ?? false}
        formerNames={formerNames}
        userId={island.user?.id ?? null}
      />
    </AdminIsland>
  );
}
