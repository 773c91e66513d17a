/**
 * The slug: empty on a new item means "generate it from the title" (the placeholder shows what
 * the server will make, with the same transliteration); editable any time; after a 409
 * `SLUG_TAKEN` the free slug the server suggested is one click away.
 */
import { useEffect, useState } from 'react';
import { SLUG_MAX_LENGTH } from '../../../lib/admin-schemas/fields.ts';
import { Field } from '../ui/Field.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { Section } from './fields.tsx';
import { useForm, useFormField } from './form-context.tsx';

type SlugOf = (title: string) => string;

/**
 * The slug the server would make of `source`. The transliteration tables behind it are most of
 * the field's weight: they load once a placeholder is wanted (a title typed, no slug of its own),
 * not with every form's first load; the placeholder is empty until then, on the server's render too.
 */
function useSlugProposal(source: string, wanted: boolean): string {
  const [slugOf, setSlugOf] = useState<SlugOf | null>(null);
  const load = wanted && slugOf === null;
  useEffect(() => {
    if (!load) return;
    let live = true;
    // Offline or mid-deploy, the placeholder stays empty: the server still makes the slug.
    import('../../../lib/admin-schemas/slug.ts').then(({ slugFromTitle }) => live && setSlugOf(() => slugFromTitle)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [load]);
  return slugOf ? slugOf(source) : '';
}

export function SlugField({ source }: { source: string }) {
  const { t } = useAdmin();
  const { item, slugSuggestion } = useForm();
  const field = useFormField<string>('slug');
  const proposal = useSlugProposal(source ?? '', Boolean(source) && !field.value);
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
