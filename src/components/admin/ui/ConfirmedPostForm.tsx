/**
 * A one-button form posting to a route (it works without JavaScript) whose action is hard to
 * undo: once hydrated, a confirmation dialog naming the consequence comes first, with focus on
 * Cancel. Confirming submits the form natively (skipping the onSubmit handler and the client
 * router), so the page reloads with the outcome. Strings come as props: the island needs no admin
 * context.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';

export interface ConfirmedPostFormProps {
  action: string;
  /** Hidden fields the route reads. */
  fields: Record<string, string | number>;
  /** The button's class (a danger style by default). */
  className?: string | undefined;
  /** `primary` for an action that replaces rather than destroys (the confirm button's style). */
  tone?: 'danger' | 'primary' | undefined;
  /** What is asked, and what confirming does (`body`: the consequence, in words). */
  labels: { button: string; title: string; body: string; confirm: string; cancel: string };
  /** Said in the dialog before `body`. */
  children?: ReactNode;
  formClassName?: string | undefined;
  dialogClassName?: string | undefined;
  /** Names the form and its confirm button for tests (`data-testid`, `data-confirm`). */
  testId?: string | undefined;
  confirmId?: string | undefined;
}

export function ConfirmedPostForm({
  action,
  fields,
  className,
  tone = 'danger',
  labels,
  children,
  formClassName,
  dialogClassName,
  testId,
  confirmId,
}: ConfirmedPostFormProps) {
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOpen(true);
  };
  return (
    <form ref={form} method="post" action={action} onSubmit={ask} className={formClassName} data-testid={testId} data-astro-reload="">
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
        className={dialogClassName}
        actions={
          <>
            <button type="button" className="admin-button admin-button--quiet" data-dialog-cancel onClick={() => setOpen(false)}>
              {labels.cancel}
            </button>
            <button type="button" className={`admin-button admin-button--${tone}`} data-confirm={confirmId} onClick={() => form.current?.submit()}>
              {labels.confirm}
            </button>
          </>
        }
      >
        {children}
        <p>{labels.body}</p>
      </Dialog>
    </form>
  );
}
