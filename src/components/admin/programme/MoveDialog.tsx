/**
 * "Move" from the keyboard (and without dragging): a new day, start time and venue for one
 * event, in the edition's zone; the length stays. Saving is the caller's (the event's own save).
 */
import { useId, useState, type SubmitEvent } from 'react';
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
  format: CalendarFormat;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onMove: (target: MoveTarget) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function MoveDialog({ calendar, event, format, busy, error, onCancel, onMove }: MoveDialogProps) {
  const { t } = useAdmin();
  const id = useId();
  const zone = calendar.edition.timeZone;
  const start = wallDayAndMinute(Date.parse(event.startsAt), zone);
  const [day, setDay] = useState(start.day);
  const [time, setTime] = useState(`${pad(Math.floor(start.minute / 60))}:${pad(start.minute % 60)}`);
  const [venue, setVenue] = useState(event.venueId === null ? '' : String(event.venueId));
  const startMs = wallTimeToInstant(`${day}T${time}`, zone)?.getTime();
  const length = Date.parse(event.endsAt) - Date.parse(event.startsAt);
  const submit = (form: SubmitEvent<HTMLFormElement>) => {
    form.preventDefault();
    if (startMs === undefined) return;
    onMove({ startMs, venueId: venue === '' ? null : Number(venue) });
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
        <div className="admin-field">
          <label className="admin-field__label" htmlFor={`${id}-venue`}>
            {t('admin.programme.move.venue')}
          </label>
          <select id={`${id}-venue`} value={venue} onChange={(change) => setVenue(change.target.value)}>
            <option value="">{t('admin.programme.venue.none')}</option>
            {calendar.venues.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
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
