/**
 * A modal dialog on the native `<dialog>`: the page behind is inert, Escape closes, Tab cycles
 * inside, focus goes to the first control on open (to the control marked `data-dialog-cancel`
 * when there is one, so Enter on a destructive confirmation cancels) and back to the opener on close.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom. */
  actions: ReactNode;
  /** `alertdialog` for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog';
  className?: string | undefined;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({ open, title, onClose, children, actions, role = 'dialog', className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      const cancel = dialog.querySelector<HTMLElement>('[data-dialog-cancel]');
      const first = dialog.querySelector<HTMLElement>(`.admin-dialog__body ${FOCUSABLE}, .admin-dialog__actions ${FOCUSABLE}`);
      (cancel ?? first)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-modal="true"
      className={`admin-dialog${className ? ` ${className}` : ''}`}
      onKeyDown={onKeyDown}
      // Escape fires `cancel`: close through state so React stays the source of truth.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="admin-dialog__title">
        {title}
      </h2>
      <div className="admin-dialog__body">{children}</div>
      <div className="admin-dialog__actions">{actions}</div>
    </dialog>
  );
}
