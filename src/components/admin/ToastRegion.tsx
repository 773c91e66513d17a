/**
 * The admin's toast region, mounted once by the admin shell and kept across client-side
 * navigations (`transition:persist`), so "Saved" survives the redirect from a create form to the
 * edit page. Polite live region for success and info, assertive for errors.
 */
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../../stores/toasts.ts';
import { withAppErrorBoundary } from '../errors/index.ts';

export interface ToastRegionProps {
  label: string;
  dismissLabel: string;
}

function ToastRegion({ label, dismissLabel }: ToastRegionProps) {
  const toasts = useStore($toasts);
  const errors = toasts.filter((toast) => toast.kind === 'error');
  const others = toasts.filter((toast) => toast.kind !== 'error');
  const render = (list: typeof toasts) =>
    list.map((toast) => (
      <div key={toast.id} className={`admin-toast admin-toast--${toast.kind}`} data-toast={toast.kind}>
        <p>{toast.message}</p>
        <button type="button" className="admin-toast__close" onClick={() => dismissToast(toast.id)} aria-label={dismissLabel}>
          ×
        </button>
      </div>
    ));
  return (
    <section className="admin-toasts" aria-label={label}>
      <div role="status" aria-live="polite">
        {render(others)}
      </div>
      <div role="alert" aria-live="assertive">
        {render(errors)}
      </div>
    </section>
  );
}

export default withAppErrorBoundary(ToastRegion);
