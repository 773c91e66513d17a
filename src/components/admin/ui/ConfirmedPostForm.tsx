/**
 * A one-button form posting to a route (it works without JavaScript) whose action is hard to
 * undo: once hydrated, a confirmation dialog naming the consequence comes first, with focus on
 * Cancel. Confirming submits the form natively, so the page reloads with the outcome. Strings
 * come as props: the island needs no admin context.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from './Dialog.tsx';

export interface ConfirmedPostFormProps {
  action: string;
  /** Hidden fields the route reads. */
  fields: Record<string, string | number>;
  /** The button's class (a danger style). */
  className?: string | undefined;
  /** What is asked, and what confirming does (`body`: the consequence, in words). */
  labels: { button: string; title: string; body: string; confirm: string; cancel: string };
}

export function ConfirmedPostForm({ action, fields, className, labels }: ConfirmedPostFormProps) {
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOpen(true);
  };
  return (
    <form ref={form} method="post" action={action} onSubmit={ask} data-astro-reload="">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className}>
        {labels.button}
      </button>
      <Dialog
        open={open}
        role="alertdialog"
        title={labels.title}
        onClose={() => setOpen(false)}
        actions={
          <>
            <button type="button" className="admin-button admin-button--quiet" data-dialog-cancel onClick={() => setOpen(false)}>
              {labels.cancel}
            </button>
            <button type="button" className="admin-button admin-button--danger" onClick={() => form.current?.submit()}>
              {labels.confirm}
            </button>
          </>
        }
      >
        <p>{labels.body}</p>
      </Dialog>
    </form>
  );
}
