/** Create/edit form of an organizer (organisation or person). */
import { collections } from '../../../lib/collections/index.ts';
import { EditForm } from '../edit-form/EditForm.tsx';
import { Section, SelectField, TextField } from '../edit-form/fields.tsx';
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

const config = collections.organizers;
const labelKeys = ['slug', 'name', 'kind', 'websiteUrl', 'logoMediaId', 'description'];

function OrganizerFields({ item }: Pick<ItemFormProps, 'item'>) {
  const { t } = useAdmin();
  const form = useEditForm({ config, item, defaults: { kind: 'organisation' } });
  const labels = useFieldLabels(labelKeys);
  const name = String(form.draft['name'] ?? '');
  return (
    <EditForm config={config} form={form} heading={item ? String(form.item?.['name'] ?? item['slug']) : t('admin.organizers.new')} fieldLabels={labels}>
      <Section legend={t('admin.group.identity')}>
        <TextField path="name" label={labels['name']!} required maxLength={200} />
        <SelectField
          path="kind"
          label={labels['kind']!}
          options={['organisation', 'person'].map((value) => ({ value, label: t(`admin.organizers.kind.${value}`) }))}
        />
        <TextField path="websiteUrl" type="url" label={labels['websiteUrl']!} placeholder="https://" />
        <ImageField path="logoMediaId" label={labels['logoMediaId']!} />
      </Section>
      <Section legend={t('admin.group.texts')}>
        <LocaleTabs complete={config.complete}>
          {(locale) => <MarkdownField path={`translations.${locale}.description`} label={labels['description']!} lang={locale} />}
        </LocaleTabs>
      </Section>
      <SlugSection source={name} />
      {form.item && <WhereUsed item={form.item} />}
    </EditForm>
  );
}

export default formIsland(OrganizerFields);
