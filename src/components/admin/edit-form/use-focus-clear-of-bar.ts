/**
 * Keeps the focused control clear of the form's sticky action bar (WCAG 2.2 SC 2.4.11). The
 * stylesheet's `scroll-padding-bottom` covers most moves, but Chromium does not scroll a control
 * it deems already visible (one half under the bar, a tall textarea): after each focus move, a
 * control that reaches under the stuck bar is scrolled up, by no more than keeps its top on screen.
 */
import { useEffect, type RefObject } from 'react';

/** Room kept between the control and the bar (and the top of the window), in CSS pixels. */
const MARGIN = 12;

export function useFocusClearOfBar(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const element = event.target;
      const barElement = bar.current;
      if (!(element instanceof HTMLElement) || !barElement || barElement.contains(element) || element.closest('dialog')) return;
      // Only the form's own controls: a press on text or an image focuses <main> (tabindex -1),
      // and scrolling it would move the page under the pointer between the press and the click.
      if (!element.closest('form') || element.contains(barElement)) return;
      const { top: barTop, bottom: barBottom } = barElement.getBoundingClientRect();
      const rect = element.getBoundingClientRect();
      // Only a control that overlaps the (stuck) bar is hidden by it.
      if (rect.bottom <= barTop || rect.top >= barBottom) return;
      const by = Math.min(rect.bottom - barTop + MARGIN, rect.top - MARGIN);
      if (by > 0) window.scrollBy({ top: by, behavior: 'instant' });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [bar]);
}
