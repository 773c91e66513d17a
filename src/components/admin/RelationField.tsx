/**
 * A relation bound to the form: one id (`editionId`, `coverMediaId`) or a list of ids (`tagIds`,
 * ordered `mediaIds`), with a search picker to add and the chosen items shown by name.
 */
import { useEffect, useState } from 'react';
import type { CollectionName } from '../../lib/collections/index.ts';
import type { RelationOption } from './lib/describe.ts';
import { knownOption, loadOptions, rememberOptions } from './lib/option-cache.ts';
import { useFormField } from './edit-form/form-context.tsx';
import { OrderedList } from './OrderedList.tsx';
import { RelationPicker } from './RelationPicker.tsx';
import { Field } from './ui/Field.tsx';
import { useAdmin } from './ui/admin-context.tsx';
import { useHydrated } from './ui/use-hydrated.ts';

interface RelationFieldProps {
  path: string;
  collection: CollectionName;
  label: string;
  hint?: string;
  filters?: Readonly<Record<string, string>>;
}

/**
 * Options for `ids`, known ones at once, the rest after they are fetched. While hydrating, every
 * id shows as `#id`, as the server rendered it: the option cache outlives a client-side
 * navigation (it may already know the cover just uploaded on the create page), and using it then
 * would make the first render differ from the server's HTML (React error #418).
 */
export function useOptions(collection: CollectionName, ids: readonly number[]): RelationOption[] {
  const { defaultLocale } = useAdmin();
  const hydrated = useHydrated();
  const [, setVersion] = useState(0);
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    // `key` stands for `ids` (a new array on every render): the effect reads the ids from it.
    const missing = key
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((id) => !knownOption(collection, id));
    if (missing.length) void loadOptions(collection, missing, defaultLocale).then(() => live && setVersion((v) => v + 1));
    return () => {
      live = false;
    };
  }, [collection, key, defaultLocale]);
  return ids.map((id) => (hydrated ? knownOption(collection, id) : undefined) ?? { id, label: `#${id}` });
}

export function SingleRelationField({ path, collection, label, hint, filters }: RelationFieldProps) {
  const { t } = useAdmin();
  const field = useFormField<number | null>(path);
  const ids = typeof field.value === 'number' ? [field.value] : [];
  const [selected] = useOptions(collection, ids);
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors}>
      {(control) => (
        <div className="admin-relation">
          {selected && (
            <p className="admin-relation__selected" data-testid={`selected-${path}`}>
              {selected.thumb && <img src={selected.thumb} alt="" width={64} height={64} />}
              <span>{selected.label}</span>
              <button
                type="button"
                className="admin-link-button"
                onClick={() => field.setValue(null)}
                aria-label={t('admin.order.remove', { label: selected.label })}
              >
                {t('admin.common.remove')}
              </button>
            </p>
          )}
          <RelationPicker
            {...control}
            collection={collection}
            exclude={ids}
            {...(filters ? { filters } : {})}
            placeholder={selected ? t('admin.picker.replace') : t('admin.picker.placeholder')}
            onPick={(option) => field.setValue(option.id)}
          />
        </div>
      )}
    </Field>
  );
}

export function MultiRelationField({ path, collection, label, hint, filters, ordered = false }: RelationFieldProps & { ordered?: boolean }) {
  const field = useFormField<number[]>(path);
  const ids = Array.isArray(field.value) ? field.value : [];
  const options = useOptions(collection, ids);
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors}>
      {(control) => (
        <div className="admin-relation">
          <OrderedList items={options} ordered={ordered} label={label} onChange={(next) => field.setValue(next)} />
          <RelationPicker
            {...control}
            collection={collection}
            exclude={ids}
            {...(filters ? { filters } : {})}
            onPick={(option) => {
              rememberOptions(collection, [option]);
              field.setValue([...ids, option.id]);
            }}
          />
        </div>
      )}
    </Field>
  );
}
