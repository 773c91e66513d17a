/**
 * What a visitor reads about a cancelled, postponed or rescheduled event (docs/decisions/055):
 * "Cancelled: <reason>", "Postponed — new date to be announced", "Rescheduled from <old> to
 * <new>". One wording for calendars, feeds and embeds, in the zone the caller shows; the event
 * page puts its status mark ("Rescheduled") first and follows it with `afterMark`, the same news
 * without the status word ("from <old> to <new>"), so the page does not say it twice.
 */
import type { Locale } from '../../i18n/config.ts';
import { getTranslator } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/dates.ts';
import type { EventStatus } from '../../lib/event-status.ts';

/** The facts the notice is written from. */
export interface StatusFacts {
  eventStatus?: EventStatus | undefined;
  /** The team's reason, in the notice's locale or a fallback one. */
  statusNote?: string | null | undefined;
  previousStartsAt?: Date | null | undefined;
  startsAt: Date;
  timeZone: string;
}

/** The notice: its headline sentence, and the team's reason when there is one. */
export interface StatusNotice {
  headline: string;
  /** The headline's news without the status word, to follow a status mark; '' when the reason says it all. */
  afterMark: string;
  reason: string | null;
}

/** The notice of an event in `locale`, dates in `facts.timeZone`; undefined while it is scheduled. */
export function statusNoticeOf(locale: Locale, facts: StatusFacts): StatusNotice | undefined {
  const status = facts.eventStatus ?? 'scheduled';
  if (status === 'scheduled') return undefined;
  const t = getTranslator(locale);
  const reason = facts.statusNote?.trim() || null;
  const at = (date: Date) => formatDateTime(locale, facts.timeZone, date);
  const previous = facts.previousStartsAt ?? null;
  switch (status) {
    case 'cancelled':
      return reason
        ? { headline: t('eventStatus.change.cancelledBecause'), afterMark: '', reason }
        : { headline: t('eventStatus.notice.cancelled'), afterMark: t('eventStatus.afterMark.cancelled'), reason };
    case 'postponed':
      return previous
        ? {
            headline: t('eventStatus.change.postponedFrom', { previous: at(previous) }),
            afterMark: t('eventStatus.afterMark.postponedFrom', { previous: at(previous) }),
            reason,
          }
        : { headline: t('eventStatus.change.postponed'), afterMark: t('eventStatus.afterMark.postponed'), reason };
    case 'rescheduled': {
      if (!previous) return { headline: t('eventStatus.notice.rescheduled'), afterMark: t('eventStatus.notice.rescheduled'), reason };
      const dates = { previous: at(previous), current: at(facts.startsAt) };
      return { headline: t('eventStatus.change.rescheduled', dates), afterMark: t('eventStatus.afterMark.rescheduled', dates), reason };
    }
  }
}

/** The notice as one line (calendar descriptions, feed items); empty while the event is scheduled. */
export function statusNoticeLine(locale: Locale, facts: StatusFacts): string {
  const notice = statusNoticeOf(locale, facts);
  if (!notice) return '';
  return notice.reason ? `${notice.headline} ${notice.reason}` : notice.headline;
}
