/**
 * The HTML of an event page's list of other events of its edition, kept between renders: every
 * event of an edition shows the same dozen, and reading and rendering them (≈ 80 component
 * instances) was about a third of an event page's miss (docs/decisions/012).
 */
import type { Locale } from '../../i18n/config.ts';
import { TextMemo } from '../../lib/text-memo.ts';
import type { EventDetail } from './detail.ts';

/**
 * Kept lists, ≈ 22k characters each for 12 cards (two-byte strings): a million characters keep
 * about forty-five lists, ≈ 2 MB per process.
 */
export const siblingLists = new TextMemo(1_000_000);

/**
 * Forgotten with the other content memos on every purge (`forgetContentMemos`): any write that
 * changes what a card shows (texts, times, status, venue, cover, tags) purges pages.
 */
export function forgetSiblingLists(): void {
  siblingLists.clear();
}

/**
 * What the list depends on between two purges: the locale, the zone the visitor chose (the date
 * lines name it), which events are listed (publication windows open and close without a write)
 * and the phase each is in (upcoming, ongoing, past change with time alone).
 */
export function siblingListKey(locale: Locale, viewZone: string | null, events: EventDetail['otherEvents']): string {
  return `${locale} ${viewZone ?? ''} ${events.map((event) => `${event.id}:${event.phase}`).join(',')}`;
}
