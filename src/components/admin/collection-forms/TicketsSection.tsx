/** The event form's price and availability (src/lib/tickets.ts). */
import { useEffect } from 'react';
import { admissions, availabilities } from '../../../lib/tickets.ts';
import { useForm, useFormField } from '../edit-form/form-context.tsx';
import { DecimalField, Section, SelectField, TextField } from '../edit-form/fields.tsx';
import { useAdmin } from '../ui/admin-context.tsx';

const PRICE_FIELDS = ['priceMin', 'priceMax', 'currency'] as const;

export function TicketsSection({ labels }: { labels: Readonly<Record<string, string>> }) {
  const { t } = useAdmin();
  const admission = useFormField<string | null>('admission');
  const { draft, setValue } = useForm();
  const notStated = { value: '', label: t('tickets.notStated') };
  const hasPrice = PRICE_FIELDS.some((path) => draft[path] !== null && draft[path] !== undefined);
  // A free or unstated admission has no price: what was typed for a paid one goes with it.
  useEffect(() => {
    if (admission.value !== 'paid' && hasPrice) PRICE_FIELDS.forEach((path) => setValue(path, null));
  }, [admission.value, hasPrice, setValue]);
  return (
    <Section legend={t('admin.group.tickets')}>
      <SelectField
        path="admission"
        label={labels['admission']!}
        options={[notStated, ...admissions.map((value) => ({ value, label: t(`tickets.admission.${value}`) }))]}
      />
      {admission.value === 'paid' ? (
        <>
          <DecimalField path="priceMin" label={labels['priceMin']!} hint={t('admin.events.priceMinHint')} required />
          <DecimalField path="priceMax" label={labels['priceMax']!} hint={t('admin.events.priceMaxHint')} />
          <TextField path="currency" label={labels['currency']!} hint={t('admin.events.currencyHint')} maxLength={3} required />
        </>
      ) : null}
      <SelectField
        path="availability"
        label={labels['availability']!}
        hint={t('admin.events.availabilityHint')}
        options={[notStated, ...availabilities.map((value) => ({ value, label: t(`tickets.availability.${value}`) }))]}
      />
    </Section>
  );
}
