/**
 * Date and time inputs (`datetime-local`) read in an IANA time zone chosen beside them. The draft
 * keeps wall times; the instant is computed on save, so changing the zone keeps "18:00" and moves
 * the instant — what an editor means when they fix a wrong zone.
 */
import { useMemo } from 'react';
import { listTimeZones } from '../../lib/zoned-time.ts';
import { useFormField } from './edit-form/form-context.tsx';
import { Field } from './ui/Field.tsx';
import { useAdmin } from './ui/admin-context.tsx';
import { useHydrated } from './ui/use-hydrated.ts';

export function DateTimeField({ path, label, hint, required }: { path: string; label: string; hint?: string; required?: boolean }) {
  const field = useFormField<string>(path);
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors} required={required ?? false}>
      {(control) => <input {...control} type="datetime-local" step={60} value={field.value ?? ''} onChange={(event) => field.setValue(event.target.value)} />}
    </Field>
  );
}

export function TimeZoneField({ path = 'timeZone', label }: { path?: string; label: string }) {
  const { t } = useAdmin();
  const field = useFormField<string>(path);
  // The server's and the browser's zone lists may differ: render the full list only once mounted,
  // so hydration sees the same markup on both sides.
  const mounted = useHydrated();
  const zones = useMemo(() => {
    if (!mounted) return [field.value || 'UTC'];
    const all = listTimeZones();
    // A zone the runtime does not list (older data) stays selectable rather than silently changing.
    return field.value && !all.includes(field.value) ? [field.value, ...all] : all;
  }, [field.value, mounted]);
  return (
    <Field id={field.id} label={label} hint={t('admin.field.timeZoneHint')} errors={field.errors} required>
      {(control) => (
        <select {...control} value={field.value || 'UTC'} onChange={(event) => field.setValue(event.target.value)}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Start, end and their zone: the when of an event or an edition. */
export function DateTimeZoneField() {
  const { t } = useAdmin();
  return (
    <div className="admin-datetime">
      <DateTimeField path="startsAt" label={t('admin.field.startsAt')} required />
      <DateTimeField path="endsAt" label={t('admin.field.endsAt')} required />
      <TimeZoneField label={t('admin.field.timeZone')} />
    </div>
  );
}
