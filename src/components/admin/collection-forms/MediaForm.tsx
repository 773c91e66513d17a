/**
 * Edit form of a media: image preview with the focal point (click the image or type the
 * percentages), or a video link's address; credit and licence, alternative text (a video's
 * title) and caption per locale, where it is used.
 */
import type { PointerEvent } from 'react';
import { embedProviderNames, parseEmbedUrl } from '../../../lib/embeds.ts';
import { collections } from '../../../lib/collections/index.ts';
import { EditForm } from '../edit-form/EditForm.tsx';
import { PercentField, Section, TextAreaField, TextField } from '../edit-form/fields.tsx';
import { LocaleTabs } from '../edit-form/LocaleTabs.tsx';
import { useEditForm, type EditFormState } from '../edit-form/use-edit-form.ts';
import { formatBytes } from '../lib/upload.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { WhereUsed } from './WhereUsed.tsx';
import { formIsland } from './form-island.tsx';
import type { ItemFormProps } from './types.ts';
import { headingText, useFieldLabels } from './use-labels.ts';

const config = collections.medias;
const labelKeys = ['focalX', 'focalY', 'credit', 'licence', 'alt', 'caption', 'embedUrl'];

function MediaPreview({ form }: { form: EditFormState }) {
  const { t, locale } = useAdmin();
  const item = form.item ?? {};
  const url = typeof item['url'] === 'string' ? item['url'] : null;
  const x = Number(form.draft['focalX'] ?? 0.5);
  const y = Number(form.draft['focalY'] ?? 0.5);
  // Measured on pointer-down and the press's default prevented: the browser's own handling of the
  // press (moving focus, scrolling it into view) moved the page before `click`, placing the first
  // point some 74 px off.
  const setFocal = (event: PointerEvent<HTMLImageElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    form.setValue('focalX', Math.round(((event.clientX - box.left) / box.width) * 100) / 100);
    form.setValue('focalY', Math.round(((event.clientY - box.top) / box.height) * 100) / 100);
  };
  const facts = [
    item['originalName'],
    item['mimeType'],
    typeof item['byteSize'] === 'number' ? formatBytes(item['byteSize'], locale) : null,
    item['width'] && item['height'] ? `${String(item['width'])} × ${String(item['height'])}` : null,
  ].filter(Boolean);
  // The saved link (not the draft): the page it opens is the one visitors get.
  const embed = item['kind'] === 'embed' && typeof item['embedUrl'] === 'string' ? parseEmbedUrl(item['embedUrl']) : null;
  return (
    <figure className="admin-media-preview">
      {url && item['kind'] === 'image' ? (
        <div className="admin-media-preview__frame">
          {/* Pressing sets the focal point; the same values are editable as numbers below. */}
          <img src={`${url}?w=960&fm=webp`} alt={t('admin.medias.previewAlt')} onPointerDown={setFocal} />
          <span className="admin-media-preview__focal" style={{ left: `${x * 100}%`, top: `${y * 100}%` }} aria-hidden="true" />
        </div>
      ) : (
        <p>{t(`admin.medias.kind.${String(item['kind'] ?? 'image')}`)}</p>
      )}
      {embed && (
        <p>
          <a href={embed.watchUrl} target="_blank" rel="noopener noreferrer">
            {t('admin.medias.videoLink.watch', { provider: embedProviderNames[embed.provider] })}
          </a>
        </p>
      )}
      <figcaption>{facts.join(' · ')}</figcaption>
    </figure>
  );
}

function MediaFields({ item }: Pick<ItemFormProps, 'item'>) {
  const { t, defaultLocale } = useAdmin();
  const form = useEditForm({ config, item });
  const labels = useFieldLabels(labelKeys);
  const heading = headingText(form.item, 'alt', defaultLocale, String(item?.['originalName'] ?? item?.['embedUrl'] ?? `#${String(item?.['id'])}`));
  const kind = form.item?.['kind'];
  return (
    <EditForm config={config} form={form} heading={heading} fieldLabels={labels} aside={<MediaPreview form={form} />}>
      {kind === 'embed' && (
        <Section legend={t('admin.group.video')}>
          <TextField path="embedUrl" type="url" label={labels['embedUrl']!} hint={t('admin.medias.videoLink.hint')} required maxLength={2048} />
        </Section>
      )}
      <Section legend={t('admin.group.texts')}>
        <LocaleTabs complete={config.complete}>
          {(locale) => (
            <>
              <TextField path={`translations.${locale}.alt`} label={labels['alt']!} lang={locale} hint={t('admin.field.altHint')} maxLength={500} />
              <TextAreaField path={`translations.${locale}.caption`} label={labels['caption']!} lang={locale} maxLength={1000} />
            </>
          )}
        </LocaleTabs>
      </Section>
      <Section legend={t('admin.group.credits')}>
        <TextField path="credit" label={labels['credit']!} maxLength={300} />
        <TextField path="licence" label={labels['licence']!} maxLength={300} />
      </Section>
      {kind === 'image' && (
        <Section legend={t('admin.group.focalPoint')} description={t('admin.medias.focalHint')}>
          <PercentField path="focalX" label={labels['focalX']!} />
          <PercentField path="focalY" label={labels['focalY']!} />
        </Section>
      )}
      {form.item && <WhereUsed item={form.item} />}
    </EditForm>
  );
}

export default formIsland(MediaFields);
