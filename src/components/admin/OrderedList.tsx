/**
 * A list of chosen items that can be reordered by dragging, with the buttons, or with the arrow
 * keys (and Home/End) on an item's handle; focus follows the moved item and a live region says
 * where it went. Without `ordered`, only removal is offered (tags).
 */
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { RelationOption } from './lib/describe.ts';
import { keyboardTarget, moveItem } from './lib/reorder.ts';
import { useAdmin } from './ui/admin-context.tsx';

export interface OrderedListProps {
  items: readonly RelationOption[];
  ordered: boolean;
  onChange: (ids: number[]) => void;
  /** Accessible name of the list ("Gallery"). */
  label: string;
}

export function OrderedList({ items, ordered, onChange, label }: OrderedListProps) {
  const { t } = useAdmin();
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<number, HTMLButtonElement | null>());
  const ids = items.map((item) => item.id);

  const move = (from: number, to: number) => {
    const next = moveItem(ids, from, to);
    onChange(next);
    const item = items[from];
    if (!item) return;
    setAnnouncement(t('admin.order.moved', { label: item.label, position: next.indexOf(item.id) + 1, count: next.length }));
    // After React re-renders the list, keep focus on the item's handle at its new place.
    requestAnimationFrame(() => handles.current.get(item.id)?.focus());
  };
  const remove = (index: number) => {
    const item = items[index];
    onChange(ids.filter((_, i) => i !== index));
    if (item) setAnnouncement(t('admin.order.removed', { label: item.label }));
  };
  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = keyboardTarget(event.key, index, items.length);
    if (target === undefined) return;
    event.preventDefault();
    move(index, target);
  };
  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    if (dragging !== null && dragging !== index) move(dragging, index);
    setDragging(null);
  };

  if (items.length === 0) return <p className="admin-ordered__empty">{t('admin.order.empty')}</p>;
  return (
    <>
      <ol className={`admin-ordered${ordered ? '' : ' admin-ordered--chips'}`} aria-label={label}>
        {items.map((item, index) => (
          <li
            key={item.id}
            className={`admin-ordered__item${dragging === index ? ' admin-ordered__item--dragging' : ''}`}
            data-id={item.id}
            draggable={ordered}
            onDragStart={(event) => {
              setDragging(index);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(item.id));
            }}
            onDragOver={(event) => {
              if (ordered && dragging !== null) event.preventDefault();
            }}
            onDrop={(event) => onDrop(event, index)}
            onDragEnd={() => setDragging(null)}
          >
            {ordered && (
              <button
                type="button"
                className="admin-ordered__handle"
                ref={(el) => {
                  handles.current.set(item.id, el);
                }}
                aria-label={t('admin.order.handle', { label: item.label, position: index + 1, count: items.length })}
                aria-describedby={undefined}
                onKeyDown={(event) => onHandleKey(event, index)}
              >
                <span aria-hidden="true">⠿</span>
              </button>
            )}
            {item.thumb && <img src={item.thumb} alt="" width={48} height={48} loading="lazy" />}
            <span className="admin-ordered__label">{item.label}</span>
            {ordered && (
              <span className="admin-ordered__moves">
                <button
                  type="button"
                  className="admin-icon-button"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={t('admin.order.up', { label: item.label })}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="admin-icon-button"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={t('admin.order.down', { label: item.label })}
                >
                  <span aria-hidden="true">↓</span>
                </button>
              </span>
            )}
            <button
              type="button"
              className="admin-icon-button admin-ordered__remove"
              onClick={() => remove(index)}
              aria-label={t('admin.order.remove', { label: item.label })}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ol>
      {ordered && <p className="admin-field__hint">{t('admin.order.keyboardHint')}</p>}
      <p className="admin-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
