/** Create/edit form of an edition. */
import { useEffect } from 'react';
import { collections } from '../../../lib/collections/index.ts';
import { paths } from '../../../lib/paths.ts';
import { DateTimeField, DateTimeZoneField } from '../DateTimeZoneField.tsx';
import { CloneEdition } from '../edit-form/CloneEditionDialog.tsx';
import { EditForm } from '../edit-form/EditForm.tsx';
import { Section } from '../edit-form/fields.tsx';
import { LocaleTabs } from '../edit-form/LocaleTabs.tsx';
import { SlugField } from '../edit-form/SlugField.tsx';
import { useEditForm } from '../edit-form/use-edit-form.ts';
import { ImageField } from '../ImageField.tsx';
import { localTimeZone } from '../../../lib/zoned-time.ts';
import { MultiRelationField } from '../RelationField.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { formIsland } from './form-island.tsx';
import { ProgrammeTexts } from './ProgrammeTexts.tsx';
import type { ItemFormProps } from './types.ts';
import { headingText, useFieldLabels } from './use-labels.ts';

const config = collections.editions;
const labelKeys = [...Object.keys(config.draft.fields), ...Object.keys(config.draft.translations)];

function EditionFields({ item }: Pick<ItemFormProps, 'item'>) {
  const { t, locale, defaultLocale } = useAdmin();
  const form = useEditForm({ config, item, defaults: { status: 'draft', timeZone: 'UTC' } });
  const labels = useFieldLabels(labelKeys);
  const { setDefaults } = form;
  useEffect(() => {
    if (!item) setDefaults({ timeZone: localTimeZone() });
  }, [item, setDefaults]);

  return (
    <EditForm
      config={config}
      form={form}
      heading={item ? headingText(form.item, 'title', defaultLocale, String(item['slug'])) : t('admin.editions.new')}
      fieldLabels={labels}
      copyActions={(id, disabled) => <CloneEdition id={id} disabled={disabled} />}
    >
      <Section legend={t('admin.group.texts')}>
        <LocaleTabs complete={config.complete}>{(locale) => <ProgrammeTexts locale={locale} required={locale === defaultLocale} labels={labels} />}</LocaleTabs>
      </Section>
      <Section legend={t('admin.group.when')}>
        <DateTimeZoneField />
      </Section>
      <Section legend={t('admin.group.programme')}>
        <MultiRelationField path="tagIds" collection="tags" label={labels['tagIds']!} />
        <MultiRelationField path="curatorIds" collection="curators" label={labels['curatorIds']!} ordered />
        {item && (
          <p>
            <a href={`${paths.adminCreate(locale, 'events')}?edition=${String(item['id'])}`}>{t('admin.editions.addEvent')}</a> ·{' '}
            <a href={`${paths.adminList(locale, 'events')}?edition=${String(item['id'])}`}>{t('admin.editions.listEvents')}</a> ·{' '}
            <a href={`${paths.adminApi('editions', Number(item['id']))}/bundle`} download>
              {t('admin.bundle.download')}
            </a>
          </p>
        )}
      </Section>
      <Section legend={t('admin.group.media')}>
        <ImageField path="coverMediaId" label={labels['coverMediaId']!} />
        <MultiRelationField path="fileIds" collection="files" label={labels['fileIds']!} ordered />
      </Section>
      <Section legend={t('admin.group.publication')}>
        <SlugField source={form.draft.translations[defaultLocale]?.['title'] ?? ''} />
        <DateTimeField path="publishAt" label={labels['publishAt']!} hint={t('admin.field.publishAtHint')} />
        <DateTimeField path="unpublishAt" label={labels['unpublishAt']!} hint={t('publication.unpublishAtHint')} />
      </Section>
    </EditForm>
  );
}

export default formIsland(EditionFields);
