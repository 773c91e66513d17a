/** Create/edit form of an event (island of /{locale}/admin/events/new and /{locale}/admin/events/:id). */
import { useEffect } from 'react';
import { eventsCollection } from '../../../lib/collections/events.ts';
import { DateTimeField, DateTimeZoneField } from '../DateTimeZoneField.tsx';
import { EditForm } from '../edit-form/EditForm.tsx';
import { Section, TextAreaField, TextField } from '../edit-form/fields.tsx';
import { LocaleTabs } from '../edit-form/LocaleTabs.tsx';
import { SlugField } from '../edit-form/SlugField.tsx';
import { useEditForm } from '../edit-form/use-edit-form.ts';
import { ImageField } from '../ImageField.tsx';
import { localTimeZone } from '../../../lib/zoned-time.ts';
import { MultiRelationField, SingleRelationField } from '../RelationField.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { formIsland } from './form-island.tsx';
import { EditionZoneHint } from './EditionZoneHint.tsx';
import { EventStatusFields } from './EventStatusFields.tsx';
import { ProgrammeTexts } from './ProgrammeTexts.tsx';
import { RepeatSection } from '../repeat/RepeatSection.tsx';
import { TicketsSection } from './TicketsSection.tsx';
import type { ItemFormProps } from './types.ts';
import { headingText, useFieldLabels } from './use-labels.ts';

const config = eventsCollection;
const labelKeys = [...Object.keys(config.draft.fields), ...Object.keys(config.draft.translations)];

function EventFields({ item, defaults }: Pick<ItemFormProps, 'item' | 'defaults'>) {
  const { t, defaultLocale } = useAdmin();
  const form = useEditForm({ config, item, defaults: { status: 'draft', eventStatus: 'scheduled', timeZone: 'UTC', ...defaults } });
  const labels = useFieldLabels(labelKeys);
  const { setDefaults } = form;
  // A new event starts in the editor's own zone, known only in the browser.
  useEffect(() => {
    if (!item && !defaults?.['timeZone']) setDefaults({ timeZone: localTimeZone() });
  }, [item, defaults, setDefaults]);
  const defaultTitle = form.draft.translations[defaultLocale]?.['title'] ?? '';

  return (
    <EditForm
      config={config}
      form={form}
      heading={item ? headingText(form.item, 'title', defaultLocale, String(item['slug'])) : t('admin.events.new')}
      fieldLabels={labels}
    >
      <Section legend={t('admin.group.texts')}>
        <LocaleTabs complete={config.complete}>
          {(locale) => (
            <>
              <ProgrammeTexts locale={locale} required={locale === defaultLocale} labels={labels} />
              <TextField path={`translations.${locale}.venueName`} label={labels['venueName']!} lang={locale} maxLength={200} />
            </>
          )}
        </LocaleTabs>
      </Section>
      <Section legend={t('admin.group.when')}>
        <DateTimeZoneField />
        <EditionZoneHint isNew={!item} draft={form.draft} setValue={form.setValue} setDefaults={setDefaults} initialEditionId={defaults?.['editionId']} />
        <EventStatusFields labels={labels} />
      </Section>
      <RepeatSection />
      <Section legend={t('admin.group.where')} description={t('admin.events.whereHint')}>
        <SingleRelationField path="venueId" collection="venues" label={labels['venueId']!} />
        <TextField path="room" label={labels['room']!} maxLength={200} />
        <TextAreaField path="venueAddress" label={labels['venueAddress']!} rows={2} maxLength={500} />
        <TextField path="onlineUrl" type="url" label={labels['onlineUrl']!} placeholder="https://" />
        <TextField path="registrationUrl" type="url" label={labels['registrationUrl']!} placeholder="https://" />
      </Section>
      <TicketsSection labels={labels} />
      <Section legend={t('admin.group.programme')}>
        <SingleRelationField path="editionId" collection="editions" label={labels['editionId']!} />
        <MultiRelationField path="tagIds" collection="tags" label={labels['tagIds']!} />
        <MultiRelationField path="organizerIds" collection="organizers" label={labels['organizerIds']!} ordered />
        <MultiRelationField path="curatorIds" collection="curators" label={labels['curatorIds']!} ordered />
      </Section>
      <Section legend={t('admin.group.media')}>
        <ImageField path="coverMediaId" label={labels['coverMediaId']!} />
        <MultiRelationField path="mediaIds" collection="medias" label={labels['mediaIds']!} ordered />
        <MultiRelationField path="fileIds" collection="files" label={labels['fileIds']!} ordered />
      </Section>
      <Section legend={t('admin.group.publication')}>
        <SlugField source={defaultTitle} />
        <DateTimeField path="publishAt" label={labels['publishAt']!} hint={t('admin.field.publishAtHint')} />
        <DateTimeField path="unpublishAt" label={labels['unpublishAt']!} hint={t('publication.unpublishAtHint')} />
      </Section>
    </EditForm>
  );
}

export default formIsland(EventFields);
