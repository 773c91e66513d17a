/** Create/edit form of a curator: name, photo, links, and a short and a long bio per locale. */
import { collections } from '../../../lib/collections/index.ts';
import { EditForm } from '../edit-form/EditForm.tsx';
import { Section, TextAreaField, TextField } from '../edit-form/fields.tsx';
import { LocaleTabs } from '../edit-form/LocaleTabs.tsx';
import { SlugSection } from '../edit-form/SlugField.tsx';
import { useEditForm } from '../edit-form/use-edit-form.ts';
import { ImageField } from '../ImageField.tsx';
import { MarkdownField } from '../MarkdownField.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { LinksField } from './LinksField.tsx';
import { formIsland } from './form-island.tsx';
import type { ItemFormProps } from './types.ts';
import { useFieldLabels } from './use-labels.ts';

const config = collections.curators;
const labelKeys = ['slug', 'name', 'photoMediaId', 'links', 'shortBio', 'bio'];

function CuratorFields({ item }: Pick<ItemFormProps, 'item'>) {
  const { t } = useAdmin();
  const form = useEditForm({ config, item, defaults: { links: [] } });
  const labels = useFieldLabels(labelKeys);
  return (
    <EditForm config={config} form={form} heading={item ? String(form.item?.['name'] ?? item['slug']) : t('admin.curators.new')} fieldLabels={labels}>
      <Section legend={t('admin.group.identity')}>
        <TextField path="name" label={labels['name']!} required maxLength={200} />
        <ImageField path="photoMediaId" label={labels['photoMediaId']!} />
        <LinksField label={labels['links']!} />
      </Section>
      <Section legend={t('admin.group.texts')}>
        <LocaleTabs complete={config.complete}>
          {(locale) => (
            <>
              <TextAreaField path={`translations.${locale}.shortBio`} label={labels['shortBio']!} lang={locale} maxLength={500} />
              <MarkdownField path={`translations.${locale}.bio`} label={labels['bio']!} lang={locale} />
            </>
          )}
        </LocaleTabs>
      </Section>
      <SlugSection source={String(form.draft['name'] ?? '')} />
    </EditForm>
  );
}

export default formIsland(CuratorFields);
