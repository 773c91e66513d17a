/**
 * The event form's status, with what goes with it (docs/decisions/055): the reason shown to
 * visitors, in every language at once (short texts, next to the status they explain), for any
 * status but scheduled; the previous start for a postponed or rescheduled event only.
 */
import { useEffect, useRef } from 'react';
import { eventStatuses } from '../../../lib/event-status.ts';
import { instantToWallTime } from '../../../lib/zoned-time.ts';
import { STATUS_NOTE_MAX } from '../../../lib/admin-schemas/event-status.ts';
import { DateTimeField } from '../DateTimeZoneField.tsx';
import { useForm } from '../edit-form/form-context.tsx';
import { SelectField, TextAreaField } from '../edit-form/fields.tsx';
import { useAdmin } from '../ui/admin-context.tsx';

const movedStatuses: readonly unknown[] = ['postponed', 'rescheduled'];

export function EventStatusFields({ labels }: { labels: Readonly<Record<string, string>> }) {
  const { t, contentLocales, localeNames, defaultLocale } = useAdmin();
  const { draft, item, setValue } = useForm();
  const status = draft['eventStatus'];
  const previous = draft['previousStartsAt'];
  const moved = movedStatuses.includes(status);
  // A reason needs the event's texts in its language (a translation starts with its title); the
  // others show the default locale's reason.
  const noteLocales = contentLocales.filter((code) => code === defaultLocale || Boolean(draft.translations[code]?.['title']?.trim()));
  const lastStatus = useRef(status);
  // Leaving postponed/rescheduled clears the previous start (the server refuses it with any other
  // status); entering them fills it with the saved start, which the editor then moves.
  useEffect(() => {
    const wasMoved = movedStatuses.includes(lastStatus.current);
    lastStatus.current = status;
    if (!moved && previous) setValue('previousStartsAt', '');
    if (moved && !wasMoved && !previous && typeof item?.['startsAt'] === 'string') {
      setValue('previousStartsAt', instantToWallTime(item['startsAt'], String(item['timeZone'] ?? draft['timeZone'] ?? 'UTC')));
    }
  }, [status, moved, previous, item, draft, setValue]);

  return (
    <>
      <SelectField
        path="eventStatus"
        label={labels['eventStatus']!}
        hint={t('eventStatus.hint')}
        options={eventStatuses.map((value) => ({ value, label: t(`eventStatus.value.${value}`) }))}
      />
      {moved && <DateTimeField path="previousStartsAt" label={labels['previousStartsAt']!} hint={t('eventStatus.previousHint')} />}
      {status !== 'scheduled' &&
        status !== undefined &&
        noteLocales.map((code, index) => (
          <TextAreaField
            key={code}
            path={`translations.${code}.statusNote`}
            label={`${labels['statusNote']} (${localeNames[code] ?? code})`}
            hint={index === 0 ? t('eventStatus.noteHint') : undefined}
            lang={code}
            rows={2}
            maxLength={STATUS_NOTE_MAX}
          />
        ))}
    </>
  );
}
