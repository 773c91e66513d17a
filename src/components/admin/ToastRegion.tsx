/**
 * The admin's toast region, mounted once by the admin shell and kept across client-side
 * navigations (`transition:persist`), so "Saved" survives the redirect from a create form to the
 * edit page. Polite live region for success and info, assertive for errors. While toasts show,
 * the region sits above a form's action bar wherever the bar is on screen, never over its buttons.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $toasts, dismissToast } from '../../stores/toasts.ts';
import { withAppErrorBoundary } from '../errors/index.ts';

export interface ToastRegionProps {
  label: string;
  dismissLabel: string;
}

function ToastRegion({ label, dismissLabel }: ToastRegionProps) {
  const toasts = useStore($toasts);
  const region = useRef<HTMLElement>(null);
  const showing = toasts.length > 0;

  useEffect(() => {
    const element = region.current;
    if (!showing || !element) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      const top = document.querySelector('.admin-form__actions')?.getBoundingClientRect().top;
      // A bar in the lower half of the window lifts the toasts above it; one higher up is clear of them.
      const lift = top !== undefined && top >= innerHeight / 2 && top < innerHeight ? innerHeight - top : 0;
      element.style.setProperty('--admin-toast-lift', `${Math.round(lift)}px`);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    document.addEventListener('astro:after-swap', place);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('astro:after-swap', place);
    };
  }, [showing]);

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
    <section ref={region} className="admin-toasts" aria-label={label}>
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
