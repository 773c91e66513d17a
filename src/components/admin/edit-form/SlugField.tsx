/**
 * The slug: empty on a new item means "generate it from the title" (the placeholder shows what
 * the server will make, with the same transliteration); editable any time; after a 409
 * `SLUG_TAKEN` the free slug the server suggested is one click away.
 */
import { slugFromTitle } from '../../../lib/admin-schemas/slug.ts';
import { SLUG_MAX_LENGTH } from '../../../lib/admin-schemas/fields.ts';
import { Field } from '../ui/Field.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { Section } from './fields.tsx';
import { useForm, useFormField } from './form-context.tsx';

export function SlugField({ source }: { source: string }) {
  const { t } = useAdmin();
  const { item, slugSuggestion } = useForm();
  const field = useFormField<string>('slug');
  const proposal = slugFromTitle(source ?? '');
  const hint = item ? t('admin.slug.hintEdit') : t('admin.slug.hintNew');
  return (
    <Field
      id={field.id}
      label={t('admin.field.slug')}
      hint={hint}
      errors={field.errors}
      errorVars={{ suggestion: slugSuggestion ?? '' }}
      required={Boolean(item)}
    >
      {(control) => (
        <>
          <input
            {...control}
            type="text"
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            maxLength={SLUG_MAX_LENGTH}
            value={field.value ?? ''}
            placeholder={proposal}
            onChange={(event) => field.setValue(event.target.value)}
          />
          {slugSuggestion && slugSuggestion !== field.value && (
            <p className="admin-slug__suggestion">
              <button type="button" className="admin-link-button" onClick={() => field.setValue(slugSuggestion)} data-testid="use-slug-suggestion">
                {t('admin.slug.useSuggestion', { slug: slugSuggestion })}
              </button>
            </p>
          )}
        </>
      )}
    </Field>
  );
}

/** The publication section of a collection without publication dates: the slug alone. */
export function SlugSection({ source }: { source: string }) {
  const { t } = useAdmin();
  return (
    <Section legend={t('admin.group.publication')}>
      <SlugField source={source} />
    </Section>
  );
}
