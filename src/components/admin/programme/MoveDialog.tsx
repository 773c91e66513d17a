/**
 * "Move" from the keyboard (and without dragging): a new day, start time and place (venue, or
 * room of a venue: the day view's columns, then the venues no event of the edition uses yet) for
 * one event, in the edition's zone; the length stays. One date of a repeating event moves alone,
 * to another time and/or place, and is not offered "no venue" (its series' venue would stay).
 * Saving is the caller's (the event's own save).
 */
import { useId, useState, type SubmitEvent } from 'react';
import { paths } from '../../../lib/paths.ts';
import { placeKey, type Place } from '../../../lib/programme-calendar/places.ts';
import type { ProgrammeCalendar, ProgrammeEvent } from '../../../lib/programme-calendar/types.ts';
import { wallDayAndMinute } from '../../../lib/programme-calendar/layout.ts';
import { wallTimeToInstant } from '../../../lib/zoned-time.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import type { CalendarFormat } from './format.ts';
import type { MoveTarget } from './move-request.ts';

export interface MoveDialogProps {
  calendar: ProgrammeCalendar;
  event: ProgrammeEvent;
  /** The places the edition uses (the day view's columns) and the venues it does not use yet. */
  places: { used: readonly Place[]; unused: readonly Place[] };
  format: CalendarFormat;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onMove: (target: MoveTarget) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function MoveDialog({ calendar, event, places, format, busy, error, onCancel, onMove }: MoveDialogProps) {
  const { t, locale } = useAdmin();
  const id = useId();
  const zone = calendar.edition.timeZone;
  const start = wallDayAndMinute(Date.parse(event.startsAt), zone);
  const [day, setDay] = useState(start.day);
  const [time, setTime] = useState(`${pad(Math.floor(start.minute / 60))}:${pad(start.minute % 60)}`);
  const [place, setPlace] = useState(placeKey(event.venueId, event.room));
  const occurrence = event.seriesId !== null;
  const seriesForm = paths.adminEdit(locale, 'events', event.seriesId ?? event.id);
  const startMs = wallTimeToInstant(`${day}T${time}`, zone)?.getTime();
  // A date has a venue whenever its series has one (see datePlace in move-request.ts).
  const offered = (options: readonly Place[]) => (occurrence && event.venueId !== null ? options.filter((option) => option.venueId !== null) : options);
  const length = Date.parse(event.endsAt) - Date.parse(event.startsAt);
  const submit = (form: SubmitEvent<HTMLFormElement>) => {
    form.preventDefault();
    if (startMs === undefined) return;
    const chosen = [...places.used, ...places.unused].find((option) => option.key === place);
    // An event (or date) left in its own place keeps its room as it writes it.
    const stays = !chosen || chosen.key === placeKey(event.venueId, event.room);
    onMove(stays ? { startMs, venueId: event.venueId, room: event.room } : { startMs, venueId: chosen.venueId, room: chosen.room });
  };
  return (
    <Dialog
      open
      title={t('admin.programme.move.title', { title: event.title })}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="admin-button" onClick={onCancel}>
            {t('admin.programme.move.cancel')}
          </button>
          <button type="submit" form={`${id}-form`} className="admin-button admin-button--primary" disabled={busy || startMs === undefined}>
            {t('admin.programme.move.submit')}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} className="programme-move" onSubmit={submit}>
        <p className="admin-field__hint">{t('admin.programme.move.zone', { zone })}</p>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor={`${id}-day`}>
            {t('admin.programme.move.day')}
          </label>
          <select id={`${id}-day`} value={day} onChange={(change) => setDay(change.target.value)}>
            {calendar.edition.days.map((key) => (
              <option key={key} value={key}>
                {format.day(key)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor={`${id}-time`}>
            {t('admin.programme.move.start')}
          </label>
          <input id={`${id}-time`} type="time" step={300} required value={time} onChange={(change) => setTime(change.target.value)} />
        </div>
        {occurrence && (
          <p className="admin-field__hint" data-testid="programme-move-occurrence">
            {t('admin.programme.move.occurrence')} <a href={seriesForm}>{t('admin.programme.move.editSeries')}</a>
          </p>
        )}
        <div className="admin-field">
          <label className="admin-field__label" htmlFor={`${id}-place`}>
            {t('admin.programme.move.venue')}
          </label>
          <select id={`${id}-place`} aria-describedby={`${id}-place-hint`} value={place} onChange={(change) => setPlace(change.target.value)}>
            {(
              [
                ['admin.programme.move.usedPlaces', offered(places.used)],
                ['admin.programme.move.unusedPlaces', offered(places.unused)],
              ] as const
            ).map(
              ([group, options]) =>
                options.length > 0 && (
                  <optgroup key={group} label={t(group)}>
                    {options.map((option) => (
                      <option key={option.key} value={option.key}>
                        {option.label}
                      </option>
                    ))}
                  </optgroup>
                ),
            )}
          </select>
          <p className="admin-field__hint" id={`${id}-place-hint`}>
            {t('admin.programme.move.placeHint')}
          </p>
        </div>
        {event.repeats && !occurrence && (
          <p className="admin-field__hint">
            {t('admin.programme.move.seriesFirst')} <a href={seriesForm}>{t('admin.programme.move.editSeries')}</a>
          </p>
        )}
        {startMs !== undefined && <p className="admin-field__hint">{t('admin.programme.move.ends', { time: format.time(startMs + length) })}</p>}
        {(event.status === 'published' || event.draft) && <p className="admin-field__hint">{t('admin.programme.move.throughDraft')}</p>}
        {error && (
          <p className="programme-move__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
