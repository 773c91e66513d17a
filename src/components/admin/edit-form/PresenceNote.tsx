/**
 * "Eddie is editing since 14:02 (Europe/Paris)": who else has this item open, the text of the
 * form's polite live region (which EditForm keeps on the page, so a change is announced); it
 * changes only when the people do. Loaded once the form of a saved item is hydrated. The note
 * appears above the fields while someone may be typing in one: the focused control is kept where
 * it was on screen, so the note never pushes it under the sticky action bar.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { formatAdminDate, toLocalDateKey } from '../../../lib/dates.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { usePresence, type Colleague } from './use-presence.ts';

interface Anchor {
  element: Element;
  top: number;
}

/** The focused control inside a form, and where it is on screen now. */
function focusedAnchor(): Anchor | null {
  const element = document.activeElement;
  if (!element || element === document.body || !element.closest('form')) return null;
  return { element, top: element.getBoundingClientRect().top };
}

export function PresenceText({ collection, itemId }: { collection: string; itemId: number }) {
  const { t, locale, timeZone } = useAdmin();
  const anchor = useRef<Anchor | null>(null);
  const others = usePresence(collection, itemId, () => {
    anchor.current = focusedAnchor();
  });
  // Someone left and no one is here any more: said to screen readers only, the note itself goes.
  const [previous, setPrevious] = useState(others);
  const [gone, setGone] = useState(false);
  if (previous !== others) {
    setPrevious(others);
    setGone(others.length === 0 && previous.length > 0);
  }

  const timeOf = (since: string) => {
    const at = new Date(since);
    const today = toLocalDateKey(timeZone, at) === toLocalDateKey(timeZone, new Date());
    return formatAdminDate(locale, timeZone, at, today ? 'time' : 'dateTime');
  };
  const text = describe(others, t, timeOf, locale);

  useLayoutEffect(() => {
    const held = anchor.current;
    anchor.current = null;
    if (!held?.element.isConnected) return;
    const shift = held.element.getBoundingClientRect().top - held.top;
    if (shift !== 0) window.scrollBy({ top: shift, behavior: 'instant' });
  }, [text]);

  return text || (gone ? <span className="admin-visually-hidden">{t('admin.presence.gone')}</span> : null);
}

function describe(others: Colleague[], t: (key: string, vars?: Record<string, string>) => string, timeOf: (since: string) => string, locale: string): string {
  if (others.length === 0) return '';
  if (others.length === 1) return t('admin.presence.one', { name: others[0]!.name, time: timeOf(others[0]!.since) });
  const people = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    others.map((other) => t('admin.presence.person', { name: other.name, time: timeOf(other.since) })),
  );
  return t('admin.presence.many', { people });
}
