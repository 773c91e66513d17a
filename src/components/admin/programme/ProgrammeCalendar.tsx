/**
 * The programme calendar island (docs/decisions/062): one edition as a day × place timetable (a
 * column per venue, or per room of a venue) or a week of days, in the edition's time zone, clashes listed above and marked on their cards.
 * Moving an event (the "Move" dialog, or dragging its card onto a slot) is the event's ordinary
 * save (move-request.ts); the calendar is read again afterwards, so clashes follow.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { paths } from '../../../lib/paths.ts';
import { placeEvent, visibleMinutes, wallDayAndMinute, weekOf } from '../../../lib/programme-calendar/layout.ts';
import type { ProgrammeCalendar as Calendar, ProgrammeEvent } from '../../../lib/programme-calendar/types.ts';
import { wallTimeToInstant } from '../../../lib/zoned-time.ts';
import { apiRequest } from '../lib/api.ts';
import { translateCode } from '../lib/translate.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { AdminIsland, type AdminIslandProps } from '../ui/AdminIsland.tsx';
import { ClashSummary } from './ClashSummary.tsx';
import { EventCard } from './EventCard.tsx';
import { calendarFormat, venueName } from './format.ts';
import { placeKey, placesOf } from '../../../lib/programme-calendar/places.ts';
import { MoveDialog } from './MoveDialog.tsx';
import { buildMoveRequest, movedItemId, type MoveTarget } from './move-request.ts';
import { TimeGrid, type GridItem } from './TimeGrid.tsx';

export interface ProgrammeCalendarProps extends AdminIslandProps {
  calendar: Calendar;
}

const pad = (n: number) => String(n).padStart(2, '0');

function Screen({ initial }: { initial: Calendar }) {
  const { t, locale, permissions } = useAdmin();
  const [calendar, setCalendar] = useState(initial);
  const [view, setView] = useState<'day' | 'week'>('day');
  const zone = calendar.edition.timeZone;
  const format = useMemo(() => calendarFormat(locale, zone), [locale, zone]);
  const placed = useMemo(
    () =>
      new Map(
        calendar.events.map((event) => [event.id, placeEvent({ id: event.id, startMs: Date.parse(event.startsAt), endMs: Date.parse(event.endsAt) }, zone)]),
      ),
    [calendar, zone],
  );
  const noVenue = t('admin.programme.venue.none');
  const places = useMemo(() => placesOf(calendar.events, calendar.venues, noVenue), [calendar, noVenue]);
  const placeOf = (key: string) => [...places.used, ...places.unused].find((option) => option.key === key);
  const firstBusyDay = calendar.events.length ? placed.get(calendar.events[0]!.id)!.day : calendar.edition.days[0]!;
  const [day, setDay] = useState(firstBusyDay);
  const [moving, setMoving] = useState<ProgrammeEvent | null>(null);
  const [busy, setBusy] = useState(false);
  const [moveError, setMoveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  // The moved event's "Move" button takes focus once the calendar shows it in its new place.
  const focusAfterMove = useRef<number | null>(null);
  const canMove = permissions.includes('content.write');
  const days = calendar.edition.days;
  const dayIndex = Math.max(0, days.indexOf(day));

  useEffect(() => {
    if (focusAfterMove.current === null || moving) return;
    document.querySelector<HTMLElement>(`#programme-event-${focusAfterMove.current} .programme-card__move`)?.focus();
    focusAfterMove.current = null;
  });

  const clashCount = (id: number) => calendar.clashes.filter((clash) => clash.eventIds.includes(id)).length;

  async function reload(): Promise<Calendar | null> {
    const result = await apiRequest<{ calendar: Calendar | null }>(
      'GET',
      // The screen's language: titles read back in it after a move.
      paths.adminApiProgramme(new URLSearchParams({ edition: String(calendar.edition.id), locale })),
    );
    if (!result.ok || !result.data.calendar) return null;
    setCalendar(result.data.calendar);
    return result.data.calendar;
  }

  /** Moves through the event's own save; the message to show when it fails, null when it worked. */
  async function move(event: ProgrammeEvent, target: MoveTarget): Promise<string | null> {
    setBusy(true);
    try {
      const item = await apiRequest<Record<string, unknown>>('GET', paths.adminApi('events', movedItemId(event)));
      if (!item.ok) return translateCode(t, item.problem.code);
      const request = buildMoveRequest(item.data, event, target);
      const saved = await apiRequest(request.method, request.path, request.body);
      if (!saved.ok) {
        const fresh = await reload();
        if (saved.status === 409) {
          const current = fresh?.events.find((candidate) => candidate.id === event.id);
          if (current && moving) setMoving(current);
          return t('admin.programme.error.stale', { title: event.title });
        }
        if (saved.status === 403) return t('admin.programme.error.forbidden');
        const fields = Object.entries(saved.problem.errors ?? {}).map(
          ([field, codes]) => `${field}: ${codes.map((code) => translateCode(t, code)).join(', ')}`,
        );
        return [translateCode(t, saved.problem.code), ...fields].join(' ');
      }
      await reload();
      const landed = wallDayAndMinute(target.startMs, zone);
      setDay(landed.day);
      focusAfterMove.current = event.id;
      const place =
        placeOf(placeKey(target.venueId, target.room))?.label ?? [venueName(calendar, { venueId: target.venueId }, t), target.room].filter(Boolean).join(' — ');
      const done = t('admin.programme.moved', { title: event.title, day: format.day(landed.day), time: format.time(target.startMs), venue: place });
      setNotice({ kind: 'status', text: request.method === 'PUT' ? `${done} ${t('admin.programme.movedAsDraft')}` : done });
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function moveFromDialog(target: MoveTarget) {
    if (!moving) return;
    setMoveError(null);
    const problem = await move(moving, target);
    if (problem) setMoveError(problem);
    else setMoving(null);
  }

  async function moveFromDrop(eventId: number, column: string, minute: number) {
    const event = calendar.events.find((candidate) => candidate.id === eventId);
    if (!event || !canMove) return;
    const targetDay = view === 'day' ? day : column;
    const own = { venueId: event.venueId, room: event.room };
    const dropped = view === 'day' && column !== placeKey(event.venueId, event.room) ? placeOf(column) : undefined;
    // One date can go to another venue or room, not lose the venue its series has.
    if (dropped && event.seriesId !== null && dropped.venueId === null && event.venueId !== null) {
      setNotice({ kind: 'alert', text: t('admin.programme.error.occurrencePlace', { title: event.title }) });
      return;
    }
    const { venueId, room } = dropped ?? own;
    const startMs = wallTimeToInstant(`${targetDay}T${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`, zone)?.getTime();
    if (startMs === undefined) return;
    const problem = await move(event, { startMs, venueId, room });
    if (problem) setNotice({ kind: 'alert', text: problem });
  }

  const card = (event: ProgrammeEvent, withPlace: boolean) => (
    <EventCard
      event={event}
      format={format}
      editionZone={zone}
      place={withPlace ? venueName(calendar, event, t) : undefined}
      dayLabel={format.day(placed.get(event.id)!.day)}
      clashCount={clashCount(event.id)}
      canMove={canMove}
      onMove={(chosen) => {
        setMoveError(null);
        setMoving(chosen);
      }}
    />
  );

  // Day view: the places the edition uses (a venue, or each room of it, and "No venue"), so columns stay put across days.
  const placeColumns = places.used.map(({ key, label }) => ({ key, label }));
  const week = weekOf(days, day);
  const shown = calendar.events.filter((event) => (view === 'day' ? placed.get(event.id)!.day === day : week.includes(placed.get(event.id)!.day)));
  const items: GridItem[] = shown.map((event) => ({
    placed: placed.get(event.id)!,
    column: view === 'day' ? placeKey(event.venueId, event.room) : placed.get(event.id)!.day,
    card: card(event, view === 'week'),
  }));
  const { first, last } = visibleMinutes(items.map((item) => item.placed));
  const timeLabel = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

  return (
    <div className="programme" data-testid="programme-calendar">
      <ClashSummary calendar={calendar} format={format} />
      <div className="programme-controls">
        <fieldset className="programme-view">
          <legend>{t('admin.programme.view.label')}</legend>
          {(['day', 'week'] as const).map((option) => (
            <button key={option} type="button" className="admin-button" aria-pressed={view === option} onClick={() => setView(option)}>
              {t(`admin.programme.view.${option}`)}
            </button>
          ))}
        </fieldset>
        <div className="programme-day">
          <button
            type="button"
            className="admin-button"
            disabled={dayIndex === 0}
            onClick={() => setDay(days[Math.max(0, dayIndex - (view === 'week' ? 7 : 1))]!)}
          >
            {t(view === 'week' ? 'admin.programme.week.previous' : 'admin.programme.day.previous')}
          </button>
          <label>
            <span>{t('admin.programme.day.label')}</span>
            <select value={day} onChange={(change) => setDay(change.target.value)}>
              {days.map((key) => (
                <option key={key} value={key}>
                  {format.day(key)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="admin-button"
            disabled={dayIndex >= days.length - (view === 'week' ? 7 - (dayIndex % 7) : 1)}
            onClick={() => setDay(days[Math.min(days.length - 1, view === 'week' ? dayIndex - (dayIndex % 7) + 7 : dayIndex + 1)]!)}
          >
            {t(view === 'week' ? 'admin.programme.week.next' : 'admin.programme.day.next')}
          </button>
        </div>
      </div>
      <div
        className={`programme-notice programme-notice--${notice?.kind ?? 'none'}`}
        role={notice?.kind === 'alert' ? 'alert' : 'status'}
        data-testid="programme-notice"
      >
        {notice?.text}
      </div>
      {shown.length === 0 && <p className="admin-empty">{t(view === 'day' ? 'admin.programme.emptyDay' : 'admin.programme.emptyWeek')}</p>}
      <TimeGrid
        label={
          view === 'day'
            ? t('admin.programme.grid.day', { day: format.day(day) })
            : t('admin.programme.grid.week', { from: format.day(week[0]!), to: format.day(week[week.length - 1]!) })
        }
        columns={view === 'day' ? placeColumns : week.map((key) => ({ key, label: format.day(key) }))}
        items={items}
        first={first}
        last={last}
        timeLabel={timeLabel}
        onDrop={canMove ? (id, column, minute) => void moveFromDrop(id, column, minute) : undefined}
      />
      {moving && (
        <MoveDialog
          key={`${moving.id}-${moving.version}-${moving.draft?.version ?? 0}`}
          calendar={calendar}
          event={moving}
          places={places}
          format={format}
          busy={busy}
          error={moveError}
          onCancel={() => {
            // The dialog leaves the page: focus goes back to the card's "Move" button.
            focusAfterMove.current = moving.id;
            setMoving(null);
          }}
          onMove={(target) => void moveFromDialog(target)}
        />
      )}
    </div>
  );
}

export function ProgrammeCalendar({ calendar, ...island }: ProgrammeCalendarProps) {
  return (
    <AdminIsland {...island}>
      <Screen initial={calendar} />
    </AdminIsland>
  );
}
