/**
 * "Clone edition…" on an edition's edit page: a small dialog asking how many days to move every
 * date (with "same weekday next year") and, optionally, new titles; then the new edition opens.
 * The body is checked with the route's own schema before it is sent. The dialog sits inside the
 * edit form, so it has no form of its own (forms do not nest): Enter in a field clones here
 * instead of saving the edition.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { SAME_WEEKDAY_NEXT_YEAR, cloneEditionSchema } from '../../../lib/admin-schemas/clone.ts';
import { issuesToFieldErrors, type FieldErrorMap } from '../../../lib/field-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { pushToast } from '../../../stores/toasts.ts';
import { apiRequest, problemVars } from '../lib/api.ts';
import { translateCode } from '../lib/translate.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Field } from '../ui/Field.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { goTo } from './navigation.ts';

export interface CloneEditionProps {
  id: number;
  disabled: boolean;
}

export function CloneEdition({ id, disabled }: CloneEditionProps) {
  const { t, locale, contentLocales, localeNames } = useAdmin();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [shift, setShift] = useState(String(SAME_WEEKDAY_NEXT_YEAR));
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setOpen(false);
    setErrors({});
  };

  const submit = async () => {
    if (busy) return;
    const given = Object.fromEntries(Object.entries(titles).filter(([, title]) => title.trim() !== ''));
    const body = { shiftDays: shift.trim() === '' ? undefined : Number(shift), ...(Object.keys(given).length ? { titles: given } : {}) };
    const checked = cloneEditionSchema.safeParse(body);
    if (!checked.success) {
      setErrors(issuesToFieldErrors(checked.error.issues));
      return;
    }
    setBusy(true);
    try {
      const result = await apiRequest<{ id: number; eventCount: number }>('POST', `${paths.adminApi('editions', id)}/clone`, checked.data);
      if (!result.ok) {
        setErrors(result.problem.errors ?? {});
        pushToast('error', `${t('admin.clone.failed')} ${translateCode(t, result.problem.code, problemVars(result.problem))}`);
        return;
      }
      setOpen(false);
      pushToast('success', t('admin.clone.done', { count: result.data.eventCount }));
      goTo(paths.adminEdit(locale, 'editions', result.data.id));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    void submit();
  };

  return (
    <>
      <button
        type="button"
        className="admin-button admin-button--quiet"
        aria-disabled={disabled}
        onClick={() => !disabled && setOpen(true)}
        data-action="clone"
      >
        {t('admin.clone.button')}
      </button>
      <Dialog
        open={open}
        title={t('admin.clone.title')}
        onClose={close}
        className="admin-clone"
        actions={
          <>
            <button type="button" className="admin-button admin-button--primary" aria-disabled={busy} onClick={() => void submit()} data-confirm="clone">
              {busy ? t('admin.clone.busy') : t('admin.clone.submit')}
            </button>
            <button type="button" className="admin-button admin-button--quiet" onClick={close}>
              {t('admin.clone.cancel')}
            </button>
          </>
        }
      >
        <div className="admin-clone__form" onKeyDown={onKeyDown}>
          <p>{t('admin.clone.intro')}</p>
          <Field id={`${formId}-shift`} label={t('admin.clone.shiftDays')} hint={t('admin.clone.shiftHelp')} errors={errors['shiftDays']} required>
            {(control) => (
              <div className="admin-clone__shift">
                <input {...control} type="number" inputMode="numeric" step={1} value={shift} onChange={(event) => setShift(event.target.value)} />
                <button type="button" className="admin-button admin-button--quiet" onClick={() => setShift(String(SAME_WEEKDAY_NEXT_YEAR))}>
                  {t('admin.clone.nextYear')}
                </button>
              </div>
            )}
          </Field>
          <fieldset className="admin-clone__titles">
            <legend>{t('admin.clone.titles')}</legend>
            <p className="admin-field__hint">{t('admin.clone.titlesHelp')}</p>
            {contentLocales.map((code) => (
              <Field
                key={code}
                id={`${formId}-title-${code}`}
                label={t('admin.clone.titleIn', { language: localeNames[code] ?? code })}
                errors={errors[`titles.${code}`]}
              >
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    lang={code}
                    maxLength={200}
                    value={titles[code] ?? ''}
                    onChange={(event) => setTitles({ ...titles, [code]: event.target.value })}
                  />
                )}
              </Field>
            ))}
          </fieldset>
        </div>
      </Dialog>
    </>
  );
}
