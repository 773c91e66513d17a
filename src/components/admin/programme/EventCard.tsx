/**
 * One event in the grid: its title (a link to its edit screen), its time in the edition's zone
 * (and in its own when that differs), and its states in words — cancelled, clash, draft changes,
 * repeats — so none of them is told by colour alone; "Move" opens the keyboard move dialog.
 */
import type { DragEvent } from 'react';
import { paths } from '../../../lib/paths.ts';
import type { ProgrammeEvent } from '../../../lib/programme-calendar/types.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import type { CalendarFormat } from './format.ts';

export interface EventCardProps {
  event: ProgrammeEvent;
  format: CalendarFormat;
  editionZone: string;
  /** The venue, in the week view (the day view's column names it and its room). */
  place?: string | undefined;
  /** The day the card is on, for the "Move" label of one date of a series (its title is the series'). */
  dayLabel: string;
  clashCount: number;
  canMove: boolean;
  onMove: (event: ProgrammeEvent) => void;
}

export function EventCard({ event, format, editionZone, place, dayLabel, clashCount, canMove, onMove }: EventCardProps) {
  const { t, locale } = useAdmin();
  const start = Date.parse(event.startsAt);
  const end = Date.parse(event.endsAt);
  const cancelled = event.eventStatus === 'cancelled';
  const onDragStart = (drag: DragEvent<HTMLElement>) => {
    drag.dataTransfer.setData('text/x-programme-event', String(event.id));
    drag.dataTransfer.effectAllowed = 'move';
  };
  return (
    <article
      id={`programme-event-${event.id}`}
      className="programme-card"
      data-event-id={event.id}
      data-cancelled={cancelled || undefined}
      data-series-id={event.seriesId ?? undefined}
      data-clash={clashCount > 0 || undefined}
      draggable={canMove}
      onDragStart={canMove ? onDragStart : undefined}
    >
      <a className="programme-card__title" href={paths.adminEdit(locale, 'events', event.seriesId ?? event.id)}>
        {event.title}
      </a>
      <p className="programme-card__time">
        {format.range(start, end)}
        {event.timeZone !== editionZone && (
          <span className="programme-card__zone">
            {' '}
            ({t('admin.programme.card.ownZone', { time: format.timeIn(start, event.timeZone), zone: event.timeZone })})
          </span>
        )}
      </p>
      {place && <p className="programme-card__place">{[place, event.room].filter(Boolean).join(' — ')}</p>}
      <p className="programme-card__badges">
        {event.eventStatus !== 'scheduled' && <span className="programme-badge programme-badge--status">{t(`eventStatus.value.${event.eventStatus}`)}</span>}
        {clashCount > 0 && <span className="programme-badge programme-badge--clash">{t('admin.programme.card.clash', { count: clashCount })}</span>}
        {event.draft && <span className="programme-badge">{t('admin.programme.card.draft')}</span>}
        {event.online && <span className="programme-badge">{t('admin.programme.card.online')}</span>}
        {event.repeats && (
          <span className="programme-badge">{t(event.seriesId === null ? 'admin.programme.card.repeatsFirst' : 'admin.programme.card.repeatsDate')}</span>
        )}
      </p>
      {canMove && (
        <button
          type="button"
          className="admin-button admin-button--quiet programme-card__move"
          aria-label={
            event.repeats
              ? t('admin.programme.card.moveDateLabel', { title: event.title, day: dayLabel })
              : t('admin.programme.card.moveLabel', { title: event.title })
          }
          onClick={() => onMove(event)}
        >
          {t('admin.programme.card.move')}
        </button>
      )}
    </article>
  );
}
