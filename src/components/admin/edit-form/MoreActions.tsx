/**
 * The secondary actions of the form's action bar. On a wide screen they sit in the bar; on a
 * phone (below 48em) the bar keeps only Save and a "More actions" button that shows them above
 * the bar, so the sticky bar stays one row and never hides the field being edited (decision 039).
 * A disclosure rather than an ARIA menu: the actions are ordinary buttons and links (one opens a
 * dialog), which Tab reaches in order; Escape closes it and gives focus back to the button.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useAdmin } from '../ui/admin-context.tsx';

export function MoreActions({ children }: { children: ReactNode }) {
  const { t } = useAdmin();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // A press outside (not in a dialog one of the actions opened) closes the panel.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open || event.target instanceof HTMLDialogElement || (event.target as Element).closest('dialog')) return;
    event.stopPropagation();
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div ref={root} className="admin-more" data-open={open} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="admin-button admin-more__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        {t('admin.form.moreActions')}
      </button>
      <div id={panelId} className="admin-more__panel" data-testid="more-actions">
        {children}
      </div>
    </div>
  );
}
