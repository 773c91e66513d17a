/** An event's title for places that show no status mark of their own: calendars and feeds. */
import type { Locale } from '../../i18n/config.ts';
import { getTranslator } from '../../i18n/index.ts';
import type { EventStatus } from '../../lib/event-status.ts';

/** "Cancelled: Title" (in `locale`) for any status but scheduled; the title alone otherwise. */
export function titleWithStatus(locale: Locale, status: EventStatus | undefined, title: string): string {
  if (!status || status === 'scheduled') return title;
  return getTranslator(locale)('eventStatus.titlePrefix', { status: getTranslator(locale)(`eventStatus.value.${status}`), title });
}
