/** The clashes of the whole edition, above the grid: what clashes, on what, when, with links to both events. */
import { paths } from '../../../lib/paths.ts';
import { wallDayAndMinute } from '../../../lib/programme-calendar/layout.ts';
import type { ProgrammeCalendar } from '../../../lib/programme-calendar/types.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { clashSubject, type CalendarFormat } from './format.ts';

export function ClashSummary({ calendar, format }: { calendar: ProgrammeCalendar; format: CalendarFormat }) {
  const { t, locale } = useAdmin();
  const eventOf = (id: number) => calendar.events.find((event) => event.id === id);
  const titleOf = (id: number) => eventOf(id)?.title ?? `#${id}`;
  // One date of a series is edited in its series' form.
  const editOf = (id: number) => paths.adminEdit(locale, 'events', eventOf(id)?.seriesId ?? id);
  const count = calendar.clashes.length;
  return (
    <section className="programme-clashes" aria-labelledby="programme-clashes-title" data-testid="programme-clashes" data-count={count}>
      <h2 id="programme-clashes-title">{count ? t('admin.programme.clashes.title', { count }) : t('admin.programme.clashes.none')}</h2>
      {count > 0 && (
        <ul>
          {calendar.clashes.map((clash) => {
            const day = format.day(wallDayAndMinute(clash.fromMs, calendar.edition.timeZone).day);
            const [first, second] = clash.eventIds;
            return (
              <li key={`${clash.kind}-${clash.subjectId}-${first}-${second}`} data-clash-kind={clash.kind}>
                <span className="programme-clashes__what">{t(`admin.programme.clashes.${clash.kind}`, { subject: clashSubject(calendar, clash, t) })}</span>{' '}
                <span>{t('admin.programme.clashes.when', { day, time: format.range(clash.fromMs, Math.max(clash.untilMs, clash.fromMs)) })}</span>{' '}
                <a href={editOf(first)}>{titleOf(first)}</a> {t('admin.programme.clashes.and')} <a href={editOf(second)}>{titleOf(second)}</a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
