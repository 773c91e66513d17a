/**
 * The site page form is plain HTML (it works without JavaScript), so no island marks it dirty:
 * this script does, with the admin's shared unsaved-changes guard (stores/dirty-guard.ts). Typing
 * in it and then following a language tab or any other link asks first; saving or previewing
 * (a submit) clears it. The form names its localized question in `data-unsaved-prompt`.
 */
import { installDirtyGuard, setFormDirty } from '../../../stores/dirty-guard.ts';

const FORM_ID = 'site-page-form';

function snapshot(form: HTMLFormElement): string {
  return JSON.stringify([...new FormData(form).entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]));
}

function watchSitePageForm(): void {
  setFormDirty(FORM_ID, false);
  const form = document.querySelector<HTMLFormElement>('form[data-unsaved-prompt]');
  if (!form) return;
  installDirtyGuard(form.dataset['unsavedPrompt'] ?? '');
  const loaded = snapshot(form);
  form.addEventListener('input', () => setFormDirty(FORM_ID, snapshot(form) !== loaded));
  form.addEventListener('submit', () => setFormDirty(FORM_ID, false));
}

document.addEventListener('astro:page-load', watchSitePageForm);
