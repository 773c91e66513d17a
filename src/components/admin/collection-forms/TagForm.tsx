/** Create/edit form of a tag: a label per locale and a slug; shows where the tag is used. */
import { collections } from '../../../lib/collections/index.ts';
import { EditForm } from '../edit-form/EditForm.tsx';
import { Section, TextField } from '../edit-form/fields.tsx';
import { LocaleTabs } from '../edit-form/LocaleTabs.tsx';
import { SlugSection } from '../edit-form/SlugField.tsx';
import { useEditForm } from '../edit-form/use-edit-form.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { WhereUsed } from './WhereUsed.tsx';
import { formIsland } from './form-island.tsx';
import type { ItemFormProps } from './types.ts';
import { headingText, useFieldLabels } from './use-labels.ts';

const config = collections.tags;
const labelKeys = ['slug', 'label'];

function TagFields({ item }: Pick<ItemFormProps, 'item'>) {
  const { t, defaultLocale } = useAdmin();
  const form = useEditForm({ config, item });
  const labels = useFieldLabels(labelKeys);
  return (
    <EditForm
      config={config}
      form={form}
      heading={item ? headingText(form.item, 'label', defaultLocale, String(item['slug'])) : t('admin.tags.new')}
      fieldLabels={labels}
    >
      <Section legend={t('admin.group.texts')}>
        <LocaleTabs complete={config.complete}>
          {(locale) => (
            <TextField path={`translations.${locale}.label`} label={labels['label']!} lang={locale} required={locale === defaultLocale} maxLength={100} />
          )}
        </LocaleTabs>
      </Section>
      <SlugSection source={form.draft.translations[defaultLocale]?.['label'] ?? ''} />
      {form.item && <WhereUsed item={form.item} />}
    </EditForm>
  );
}

export default formIsland(TagFields);
