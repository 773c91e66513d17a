/** Create/edit form of a venue: where events happen (docs/decisions/025). */
import { collections } from '../../../lib/collections/index.ts';
import { EditForm } from '../edit-form/EditForm.tsx';
import { DecimalField, Section, TextAreaField, TextField } from '../edit-form/fields.tsx';
import { LocaleTabs } from '../edit-form/LocaleTabs.tsx';
import { SlugSection } from '../edit-form/SlugField.tsx';
import { useEditForm } from '../edit-form/use-edit-form.ts';
import { ImageField } from '../ImageField.tsx';
import { MarkdownField } from '../MarkdownField.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { WhereUsed } from './WhereUsed.tsx';
import { formIsland } from './form-island.tsx';
import type { ItemFormProps } from './types.ts';
import { useFieldLabels } from './use-labels.ts';

const config = collections.venues;
const labelKeys = ['slug', 'name', 'address', 'latitude', 'longitude', 'websiteUrl', 'imageMediaId', 'description', 'accessNotes'];

function VenueFields({ item }: Pick<ItemFormProps, 'item'>) {
  const { t } = useAdmin();
  const form = useEditForm({ config, item, defaults: { status: 'draft' } });
  const labels = useFieldLabels(labelKeys);
  const name = String(form.draft['name'] ?? '');
  return (
    <EditForm config={config} form={form} heading={item ? String(form.item?.['name'] ?? item['slug']) : t('admin.venues.new')} fieldLabels={labels}>
      <Section legend={t('admin.group.identity')}>
        <TextField path="name" label={labels['name']!} required maxLength={200} />
        <TextAreaField path="address" label={labels['address']!} rows={3} maxLength={500} />
        <DecimalField path="latitude" label={labels['latitude']!} hint={t('admin.venues.latitudeHint')} />
        <DecimalField path="longitude" label={labels['longitude']!} hint={t('admin.venues.longitudeHint')} />
        <TextField path="websiteUrl" type="url" label={labels['websiteUrl']!} placeholder="https://" />
        <ImageField path="imageMediaId" label={labels['imageMediaId']!} />
      </Section>
      <Section legend={t('admin.group.texts')}>
        <LocaleTabs complete={config.complete}>
          {(locale) => (
            <>
              <MarkdownField path={`translations.${locale}.description`} label={labels['description']!} lang={locale} />
              <MarkdownField path={`translations.${locale}.accessNotes`} label={labels['accessNotes']!} lang={locale} />
            </>
          )}
        </LocaleTabs>
      </Section>
      <SlugSection source={name} />
      {form.item && <WhereUsed item={form.item} />}
    </EditForm>
  );
}

export default formIsland(VenueFields);
