/**
 * Async-search combobox for relations (WAI-ARIA combobox with a listbox popup): typing searches
 * the collection through the list API (debounced, stale answers dropped), arrow keys move the
 * active option, Enter picks it, Escape closes the list then clears the text. It only picks;
 * the caller shows what is selected.
 */
import { paths } from '../../lib/paths.ts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { CollectionName } from '../../lib/collections/index.ts';
import { apiRequest, type ListPage } from './lib/api.ts';
import { itemOption, type RelationOption } from './lib/describe.ts';
import { rememberOptions } from './lib/option-cache.ts';
import { useAdmin } from './ui/admin-context.tsx';
import { PickerOption } from './ui/PickerOption.tsx';

export interface RelationPickerProps {
  id: string;
  collection: CollectionName;
  /** Ids already chosen: left out of the results. */
  exclude?: readonly number[];
  /** Extra list filters (e.g. `{ kind: 'image' }`). */
  filters?: Readonly<Record<string, string>>;
  onPick: (option: RelationOption) => void;
  placeholder?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

const DEBOUNCE_MS = 250;
const RESULT_LIMIT = 10;

export function RelationPicker({ id, collection, exclude = [], filters = {}, onPick, placeholder, ...aria }: RelationPickerProps) {
  const { t, defaultLocale } = useAdmin();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<RelationOption[]>([]);
  const [active, setActive] = useState(-1);
  // The search that last answered; while it is not the current one, results are loading.
  const searchKey = JSON.stringify([collection, filters, text, defaultLocale]);
  const [answered, setAnswered] = useState<string | undefined>(undefined);
  const loading = open && answered !== searchKey;
  const [failed, setFailed] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const filterKey = JSON.stringify(filters);
  const excluded = new Set(exclude);
  const visible = options.filter((option) => !excluded.has(option.id));
  const activeOption = active >= 0 ? visible[active] : undefined;
  const requestNo = useRef(0);

  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    const current = ++requestNo.current;
    const timer = window.setTimeout(async () => {
      const query = new URLSearchParams({ ...JSON.parse(filterKey), limit: String(RESULT_LIMIT) });
      if (text.trim()) query.set('q', text.trim());
      try {
        const result = await apiRequest<ListPage>('GET', paths.adminApi(collection, undefined, query), undefined, controller.signal);
        if (current !== requestNo.current) return;
        const found = result.ok ? result.data.items.map((item) => itemOption(item, defaultLocale)) : [];
        rememberOptions(collection, found);
        setOptions(found);
        setFailed(!result.ok);
        setActive(-1);
        setAnnouncement(result.ok ? t('admin.picker.results', { count: found.length }) : t('admin.picker.failed'));
      } catch {
        // Aborted: a newer search replaced this one.
      } finally {
        if (current === requestNo.current) setAnswered(searchKey);
      }
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [open, text, collection, filterKey, defaultLocale, t, searchKey]);

  const pick = (option: RelationOption) => {
    onPick(option);
    setText('');
    setOpen(false);
    setActive(-1);
    setAnnouncement(t('admin.picker.added', { label: option.label }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((index) => Math.min(visible.length - 1, index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) setActive((index) => Math.max(-1, index - 1));
        break;
      case 'Enter':
        // Never submit the surrounding form from the picker.
        event.preventDefault();
        if (open && activeOption) pick(activeOption);
        else setOpen(true);
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  };

  const expanded = open && (visible.length > 0 || !loading);
  return (
    <div className="admin-picker">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
        autoComplete="off"
        value={text}
        placeholder={placeholder ?? t('admin.picker.placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        {...aria}
      />
      <ul id={listId} role="listbox" className="admin-picker__list" hidden={!expanded} aria-label={t('admin.picker.resultsLabel')}>
        {visible.map((option, index) => (
          <PickerOption key={option.id} id={`${listId}-${option.id}`} active={index === active} onPick={() => pick(option)}>
            {option.thumb && <img src={option.thumb} alt="" width={40} height={40} loading="lazy" />}
            <span className="admin-picker__label">{option.label}</span>
            {option.meta && <span className="admin-picker__meta">{option.meta}</span>}
          </PickerOption>
        ))}
        {!loading && visible.length === 0 && (
          <li role="option" aria-disabled="true" aria-selected={false} className="admin-picker__empty">
            {failed ? t('admin.picker.failed') : t('admin.picker.none')}
          </li>
        )}
      </ul>
      <p className="admin-visually-hidden" aria-live="polite">
        {loading && open ? t('admin.common.loading') : announcement}
      </p>
    </div>
  );
}
