/**
 * The dates of a repeating event in its form: extra dates typed by hand (RDATE), and the list of
 * every date the series has — each removable (EXDATE), cancellable (shown to visitors as
 * cancelled) or movable to another time and/or place (venue, room), and each of those undoable.
 * What was done to a date is said in words.
 */
import { useMemo, useRef, useState, type RefObject } from 'react';
import type { Locale } from '../../../i18n/config.ts';
import { formatDateTimeRange } from '../../../lib/dates.ts';
import { instantToWallTime } from '../../../lib/zoned-time.ts';
import { useOptions } from '../RelationField.tsx';
import { RelationPicker } from '../RelationPicker.tsx';
import { Field } from '../ui/Field.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { addMinutes, listDates, staleExceptions, type DateRow } from './repeat-state.ts';
import type { RepeatBinding } from './use-repeat.ts';
import { useExpander } from './use-expander.ts';

/** Dates listed at most; the rest are counted ("and 38 more"). */
export const SHOWN_DATES = 50;

function formatRange(locale: Locale, zone: string, row: { startsAt: Date; endsAt: Date }): string {
  try {
    return formatDateTimeRange(locale, zone, row.startsAt, row.endsAt);
  } catch {
    return formatDateTimeRange(locale, 'UTC', row.startsAt, row.endsAt);
  }
}

/**
 * Moves focus to the button named `action` inside `scope` once React has rendered: the button
 * pressed may be gone (Remove becomes Restore), and focus must not fall back to the page's top.
 */
function refocus(scope: RefObject<HTMLElement | null>, action: string): void {
  requestAnimationFrame(() => scope.current?.querySelector<HTMLElement>(`[data-action="${action}"]`)?.focus());
}

export function ExtraDates({ repeat }: { repeat: RepeatBinding }) {
  const { t } = useAdmin();
  const dates = repeat.recurrence?.dates ?? [];
  const group = useRef<HTMLFieldSetElement>(null);
  return (
    <fieldset ref={group} className="admin-repeat__choices">
      <legend>{t('admin.repeat.extraDates')}</legend>
      <p className="admin-field__hint">{t('admin.repeat.extraDatesHint')}</p>
      {dates.map((wall, index) => (
        <div key={index} className="admin-repeat__extra">
          <Field id={repeat.idOf(`dates.${index}`)} label={t('admin.repeat.extraDate', { number: index + 1 })} errors={repeat.errors.dates.get(index)}>
            {(control) => (
              <input
                {...control}
                type="datetime-local"
                step={60}
                value={wall}
                onChange={(event) => repeat.dispatch({ type: 'changeDate', index, wall: event.target.value })}
              />
            )}
          </Field>
          <button
            type="button"
            className="admin-button"
            onClick={() => {
              repeat.dispatch({ type: 'removeDate', index });
              refocus(group, 'add-date');
            }}
          >
            {t('admin.repeat.removeExtra')}
            <span className="admin-visually-hidden"> {t('admin.repeat.extraDate', { number: index + 1 })}</span>
          </button>
        </div>
      ))}
      <button
        type="button"
        className="admin-button"
        data-action="add-date"
        onClick={() => {
          repeat.dispatch({ type: 'addDate' });
          // The new date's input, to type its day and time.
          requestAnimationFrame(() => document.getElementById(repeat.idOf(`dates.${dates.length}`))?.focus());
        }}
      >
        {t('admin.repeat.addExtra')}
      </button>
    </fieldset>
  );
}

/** The new start and end of a moved date, with the errors the API reported on its change. */
function MoveEditor({ repeat, row, label }: { repeat: RepeatBinding; row: DateRow; label: string }) {
  const { t } = useAdmin();
  const zone = repeat.first.timeZone;
  const change = repeat.recurrence?.changes.find((entry) => entry.on === row.key);
  const start = change?.startsAt ?? instantToWallTime(row.startsAt, zone);
  const end = change?.endsAt ?? instantToWallTime(row.endsAt, zone);
  const length = Math.max(0, Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000));
  const errors = row.changeIndex >= 0 ? repeat.errors.changes.get(row.changeIndex) : undefined;
  const path = (leaf: string) => repeat.idOf(`changes.${row.changeIndex >= 0 ? row.changeIndex : 'new'}.${leaf}`);
  return (
    <fieldset className="admin-repeat__move">
      <legend>{t('admin.repeat.moveLegend', { date: label })}</legend>
      <Field id={path('startsAt')} label={t('admin.repeat.newStart')} errors={[...(errors?.startsAt ?? []), ...(errors?.other ?? [])]}>
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            step={60}
            value={start}
            // The date keeps its length when its start moves; its end can be changed after.
            onChange={(event) =>
              event.target.value &&
              repeat.dispatch({ type: 'move', key: row.key, startsAt: event.target.value, endsAt: addMinutes(event.target.value, length, 'UTC') })
            }
          />
        )}
      </Field>
      <Field id={path('endsAt')} label={t('admin.repeat.newEnd')} errors={errors?.endsAt}>
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            step={60}
            value={end}
            onChange={(event) => event.target.value && repeat.dispatch({ type: 'move', key: row.key, startsAt: start, endsAt: event.target.value })}
          />
        )}
      </Field>
      <PlaceEditor repeat={repeat} row={row} label={label} path={path} />
    </fieldset>
  );
}

/** The date's own venue and room (empty: the series'), with the errors the API reported on them. */
function PlaceEditor({ repeat, row, label, path }: { repeat: RepeatBinding; row: DateRow; label: string; path: (leaf: string) => string }) {
  const { t } = useAdmin();
  const venueId = row.place?.venueId;
  const [venue] = useOptions('venues', venueId === undefined ? [] : [venueId]);
  const errors = row.changeIndex >= 0 ? repeat.errors.changes.get(row.changeIndex) : undefined;
  return (
    <>
      <p className="admin-field__hint">{t('admin.repeat.placeHint')}</p>
      <Field id={path('venueId')} label={t('admin.repeat.newVenue')} errors={errors?.venueId}>
        {(control) => (
          <div className="admin-relation">
            {venue && (
              <p className="admin-relation__selected">
                <span>{venue.label}</span>
                <button type="button" className="admin-link-button" onClick={() => repeat.dispatch({ type: 'placeVenue', key: row.key, venueId: null })}>
                  {t('admin.repeat.seriesVenue')}
                  <span className="admin-visually-hidden"> {label}</span>
                </button>
              </p>
            )}
            <RelationPicker
              {...control}
              collection="venues"
              exclude={venueId === undefined ? [] : [venueId]}
              placeholder={venue ? t('admin.picker.replace') : t('admin.picker.placeholder')}
              onPick={(option) => repeat.dispatch({ type: 'placeVenue', key: row.key, venueId: option.id })}
            />
          </div>
        )}
      </Field>
      <Field id={path('room')} label={t('admin.repeat.newRoom')} errors={errors?.room}>
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={200}
            value={row.place?.room ?? ''}
            onChange={(event) => repeat.dispatch({ type: 'placeRoom', key: row.key, room: event.target.value })}
          />
        )}
      </Field>
    </>
  );
}

/** "Venue, room" of a date held elsewhere, the venue by name once its option is known. */
function usePlaceLabel(row: DateRow): string | null {
  const venueId = row.place?.venueId;
  const [venue] = useOptions('venues', venueId === undefined ? [] : [venueId]);
  return row.place ? [venue?.label, row.place.room].filter(Boolean).join(', ') : null;
}

function DateItem({ repeat, row }: { repeat: RepeatBinding; row: DateRow }) {
  const { t, locale } = useAdmin();
  const [moving, setMoving] = useState(false);
  const { dispatch } = repeat;
  const item = useRef<HTMLLIElement>(null);
  const act = (action: Parameters<RepeatBinding['dispatch']>[0], focus?: string) => {
    dispatch(action);
    if (focus) refocus(item, focus);
  };
  const label = formatRange(locale, repeat.first.timeZone, row);
  const place = usePlaceLabel(row);
  const changeErrors = row.changeIndex >= 0 && repeat.errors.changes.has(row.changeIndex);
  const states = [
    row.first && t('admin.repeat.state.first'),
    row.removed && t('admin.repeat.state.removed'),
    !row.removed && row.cancelled && t('admin.repeat.state.cancelled'),
    !row.removed && row.moved && t('admin.repeat.state.moved', { from: formatKey(locale, row.key) }),
    !row.removed && place && t('admin.repeat.state.elsewhere', { place }),
  ].filter(Boolean);
  const hidden = (text: string) => <span className="admin-visually-hidden"> {text}</span>;
  const state = row.removed ? 'removed' : row.cancelled ? 'cancelled' : row.moved ? 'moved' : 'planned';
  return (
    <li ref={item} className={`admin-repeat__date admin-repeat__date--${state}`} data-date={row.key} data-state={state}>
      <span className="admin-repeat__when">{row.removed ? <s>{label}</s> : label}</span>
      {states.length > 0 && <span className="admin-repeat__state">{states.join(' · ')}</span>}
      {!row.first && (
        <span className="admin-repeat__actions">
          {row.removed ? (
            <button type="button" className="admin-button" data-action="restore" onClick={() => act({ type: 'include', key: row.key }, 'remove')}>
              {t('admin.repeat.restore')}
              {hidden(label)}
            </button>
          ) : (
            <>
              <button type="button" className="admin-button" data-action="remove" onClick={() => act({ type: 'exclude', key: row.key }, 'restore')}>
                {t('admin.repeat.remove')}
                {hidden(label)}
              </button>
              <button type="button" className="admin-button" onClick={() => dispatch({ type: row.cancelled ? 'uncancel' : 'cancel', key: row.key })}>
                {t(row.cancelled ? 'admin.repeat.uncancel' : 'admin.repeat.cancel')}
                {hidden(label)}
              </button>
              <button type="button" className="admin-button" data-action="move" aria-expanded={moving || changeErrors} onClick={() => setMoving(!moving)}>
                {t('admin.repeat.move')}
                {hidden(label)}
              </button>
              {row.moved && (
                <button type="button" className="admin-button" onClick={() => act({ type: 'unmove', key: row.key }, 'move')}>
                  {t('admin.repeat.unmove')}
                  {hidden(label)}
                </button>
              )}
              {row.place && (
                <button type="button" className="admin-button" onClick={() => act({ type: 'unplace', key: row.key }, 'move')}>
                  {t('admin.repeat.unplace')}
                  {hidden(label)}
                </button>
              )}
            </>
          )}
        </span>
      )}
      {!row.removed && (moving || changeErrors) && <MoveEditor repeat={repeat} row={row} label={label} />}
    </li>
  );
}

/** A rule's date as it was before it moved ("Tue 4 Mar 2031, 18:30"), read as a wall time. */
function formatKey(locale: Locale, key: string): string {
  return formatRange(locale, 'UTC', { startsAt: new Date(`${key}:00Z`), endsAt: new Date(`${key}:00Z`) });
}

export function DateList({ repeat }: { repeat: RepeatBinding }) {
  const { t } = useAdmin();
  const { first, recurrence } = repeat;
  const expand = useExpander(recurrence !== null);
  const rows = useMemo(() => (expand ? listDates(first, recurrence, expand) : []), [first.startsAt, first.endsAt, first.timeZone, recurrence, expand]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!recurrence || rows.length === 0) return null;
  const stale = staleExceptions(recurrence, rows);
  const kept = rows.filter((row) => !row.removed).length;
  const shown = rows.slice(0, SHOWN_DATES);
  return (
    <section className="admin-repeat__dates" aria-labelledby={repeat.idOf('list')}>
      <h2 id={repeat.idOf('list')} className="admin-repeat__heading">
        {t('admin.repeat.dates', { count: kept })}
      </h2>
      <p className="admin-field__hint">{t('admin.repeat.datesHint')}</p>
      <ol>
        {shown.map((row) => (
          <DateItem key={row.key} repeat={repeat} row={row} />
        ))}
      </ol>
      {rows.length > shown.length && <p>{t('admin.repeat.more', { count: rows.length - shown.length })}</p>}
      {stale.length > 0 && (
        <p className="admin-repeat__stale">
          {t('admin.repeat.stale', { count: stale.length })}{' '}
          <button type="button" className="admin-button" onClick={() => repeat.dispatch({ type: 'forget', keys: stale })}>
            {t('admin.repeat.forget')}
          </button>
        </p>
      )}
    </section>
  );
}
