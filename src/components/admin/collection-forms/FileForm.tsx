/** Edit form of a file (download): offered file name, title and description per locale, where used. */
import { collections } from '../../../lib/collections/index.ts';
import { EditForm } from '../edit-form/EditForm.tsx';
import { Section, TextAreaField, TextField } from '../edit-form/fields.tsx';
import { LocaleTabs } from '../edit-form/LocaleTabs.tsx';
import { useEditForm } from '../edit-form/use-edit-form.ts';
import { formatBytes } from '../lib/upload.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { WhereUsed } from './WhereUsed.tsx';
import { formIsland } from './form-island.tsx';
import type { ItemFormProps } from './types.ts';
import { headingText, useFieldLabels } from './use-labels.ts';

const config = collections.files;
const labelKeys = ['originalName', 'title', 'description'];

function FileFields({ item }: Pick<ItemFormProps, 'item'>) {
  const { t, locale, defaultLocale } = useAdmin();
  const form = useEditForm({ config, item });
  const labels = useFieldLabels(labelKeys);
  const current = form.item ?? {};
  const url = typeof current['url'] === 'string' ? current['url'] : null;
  const size = typeof current['byteSize'] === 'number' ? formatBytes(current['byteSize'], locale) : '';
  return (
    <EditForm
      config={config}
      form={form}
      heading={headingText(form.item, 'title', defaultLocale, String(item?.['originalName'] ?? ''))}
      fieldLabels={labels}
      aside={
        <p className="admin-file-facts">
          {String(current['mimeType'] ?? '')} · {size}{' '}
          {url && (
            <a href={url} download data-astro-reload>
              {t('admin.files.download')}
            </a>
          )}
        </p>
      }
    >
      <Section legend={t('admin.group.texts')}>
        <LocaleTabs complete={config.complete}>
          {(code) => (
            <>
              <TextField path={`translations.${code}.title`} label={labels['title']!} lang={code} required={code === defaultLocale} maxLength={200} />
              <TextAreaField path={`translations.${code}.description`} label={labels['description']!} lang={code} maxLength={1000} />
            </>
          )}
        </LocaleTabs>
      </Section>
      <Section legend={t('admin.group.download')}>
        <TextField path="originalName" label={labels['originalName']!} hint={t('admin.field.originalNameHint')} required maxLength={200} />
      </Section>
      {form.item && <WhereUsed item={form.item} />}
    </EditForm>
  );
}

export default formIsland(FileFields);
