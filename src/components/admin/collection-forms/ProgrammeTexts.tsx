/** The texts of an edition or an event in one locale: title, summary and the Markdown body. */
import { TextAreaField, TextField } from '../edit-form/fields.tsx';
import { MarkdownField } from '../MarkdownField.tsx';

export function ProgrammeTexts({ locale, required, labels }: { locale: string; required: boolean; labels: Readonly<Record<string, string>> }) {
  return (
    <>
      <TextField path={`translations.${locale}.title`} label={labels['title']!} lang={locale} required={required} maxLength={200} />
      <TextAreaField path={`translations.${locale}.summary`} label={labels['summary']!} lang={locale} maxLength={1000} />
      <MarkdownField path={`translations.${locale}.body`} label={labels['body']!} lang={locale} />
    </>
  );
}
