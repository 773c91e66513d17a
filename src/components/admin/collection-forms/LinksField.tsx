/** A curator's links: rows of label + URL, added and removed in place. */
import { useAdmin } from '../ui/admin-context.tsx';
import { errorsAt } from '../lib/field-errors.ts';
import { translateCode } from '../lib/translate.ts';
import { useForm, useFormField } from '../edit-form/form-context.tsx';

interface Link {
  label: string;
  url: string;
}

export function LinksField({ label }: { label: string }) {
  const { t } = useAdmin();
  const { errors } = useForm();
  const field = useFormField<Link[] | null>('links');
  const links = Array.isArray(field.value) ? field.value : [];
  const update = (index: number, patch: Partial<Link>) => field.setValue(links.map((link, i) => (i === index ? { ...link, ...patch } : link)));
  return (
    <fieldset className="admin-links" id={field.id}>
      <legend>{label}</legend>
      {links.map((link, index) => {
        const rowErrors = [...errorsAt(errors, `links.${index}.label`), ...errorsAt(errors, `links.${index}.url`)];
        return (
          <div className="admin-links__row" key={index}>
            <label>
              {t('admin.field.linkLabel')}
              <input
                type="text"
                value={link.label}
                maxLength={100}
                onChange={(event) => update(index, { label: event.target.value })}
                aria-invalid={rowErrors.length ? true : undefined}
              />
            </label>
            <label>
              {t('admin.field.linkUrl')}
              <input
                type="url"
                value={link.url}
                placeholder="https://"
                onChange={(event) => update(index, { url: event.target.value })}
                aria-invalid={rowErrors.length ? true : undefined}
              />
            </label>
            <button
              type="button"
              className="admin-icon-button"
              onClick={() => field.setValue(links.filter((_, i) => i !== index))}
              aria-label={t('admin.order.remove', { label: link.label || link.url || `#${index + 1}` })}
            >
              <span aria-hidden="true">×</span>
            </button>
            {rowErrors.length > 0 && <p className="admin-field__errors">{rowErrors.map((code) => translateCode(t, code)).join(' ')}</p>}
          </div>
        );
      })}
      <button type="button" className="admin-button" onClick={() => field.setValue([...links, { label: '', url: '' }])}>
        {t('admin.field.addLink')}
      </button>
    </fieldset>
  );
}
