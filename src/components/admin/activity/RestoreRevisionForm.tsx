/**
 * "Restore this revision": a plain HTML form posting to the restore route (it works without
 * JavaScript); once hydrated, a confirmation dialog comes first, with focus on Cancel since a
 * restore overwrites the current content, and says so when the restore goes live at once (a
 * published item, a site page). Strings come as props: the island needs no context.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../ui/Dialog.tsx';

export interface RestoreRevisionFormProps {
  action: string;
  /** The hidden fields the restore route reads (the version it is based on, the locale, an intent…). */
  fields: Record<string, string | number>;
  /** `live`: what a visitor sees changes at once (no draft is kept in between). */
  labels: { button: string; title: string; body: string; confirm: string; cancel: string; live?: string | undefined };
}

export function RestoreRevisionForm({ action, fields, labels }: RestoreRevisionFormProps) {
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOpen(true);
  };
  return (
    <form ref={form} method="post" action={action} onSubmit={ask} className="revision-restore" data-testid="revision-restore">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="admin-button admin-button--primary">
        {labels.button}
      </button>
      <Dialog
        open={open}
        role="alertdialog"
        title={labels.title}
        onClose={() => setOpen(false)}
        className="revision-restore__dialog"
        actions={
          <>
            <button type="button" className="admin-button admin-button--quiet" data-dialog-cancel onClick={() => setOpen(false)}>
              {labels.cancel}
            </button>
            <button
              type="button"
              className="admin-button admin-button--primary"
              data-confirm="restore"
              // A native submit skips the onSubmit handler (and the client router): the page reloads with the outcome.
              onClick={() => form.current?.submit()}
            >
              {labels.confirm}
            </button>
          </>
        }
      >
        {labels.live && (
          <p className="revision-restore__live" data-testid="restore-goes-live">
            <strong>{labels.live}</strong>
          </p>
        )}
        <p>{labels.body}</p>
      </Dialog>
    </form>
  );
}
