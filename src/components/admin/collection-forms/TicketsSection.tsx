/** The event form's price and availability (src/lib/tickets.ts). */
import { useEffect } from 'react';
import { admissions, availabilities } from '../../../lib/tickets.ts';
import { useFormField } from '../edit-form/form-context.tsx';
import { DecimalField, Section, SelectField, TextField } from '../edit-form/fields.tsx';
import { useAdmin } from '../ui/admin-context.tsx';

export function TicketsSection({ labels }: { labels: Readonly<Record<string, string>> }) {
  const { t } = useAdmin();
  const admission = useFormField<string | null>('admission');
  const prices = [useFormField<unknown>('priceMin'), useFormField<unknown>('priceMax'), useFormField<unknown>('currency')];
  const notStated = { value: '', label: t('tickets.notStated') };
  const hasPrice = prices.some((field) => field.value !== null && field.value !== undefined);
  // A free or unstated admission has no price: what was typed for a paid one goes with it.
  useEffect(() => {
    if (admission.value !== 'paid' && hasPrice) prices.forEach((field) => field.setValue(null));
  }, [admission.value, hasPrice, prices]);
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
