/**
 * How an item of another collection is shown in pickers and lists of selected items: a label
 * (default-locale title, else any locale, else a name or file name) and, for images, a thumbnail.
 */
import type { ListItem } from './api.ts';

export interface RelationOption {
  id: number;
  label: string;
  /** Small image URL (medias that are images). */
  thumb?: string;
  /** A second line: status, kind or file name. */
  meta?: string;
}

const textFields = ['title', 'label', 'alt'] as const;

function translatedText(item: Record<string, unknown>, defaultLocale: string): string | undefined {
  const translations = (item['translations'] ?? {}) as Record<string, Record<string, unknown> | null>;
  const rows = [translations[defaultLocale], ...Object.values(translations)];
  for (const field of textFields) {
    for (const row of rows) {
      const value = row?.[field];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  return undefined;
}

/** A thumbnail URL for an image URL from the API (a 320 px WebP variant). */
export function thumbnailOf(url: unknown): string | undefined {
  return typeof url === 'string' && url.startsWith('/media/') ? `${url}?w=320&fm=webp` : undefined;
}

/** The picker option of a list item (`title` is computed by the API) or of a full item (texts per locale). */
export function itemOption(item: ListItem | Record<string, unknown>, defaultLocale: string): RelationOption {
  const id = Number(item['id']);
  const listTitle = typeof item['title'] === 'string' && item['title'].trim() ? item['title'] : undefined;
  const name = typeof item['name'] === 'string' ? item['name'] : undefined;
  const fileName = typeof item['originalName'] === 'string' ? item['originalName'] : undefined;
  const slug = typeof item['slug'] === 'string' ? item['slug'] : undefined;
  const label = listTitle ?? translatedText(item, defaultLocale) ?? name ?? fileName ?? slug ?? `#${id}`;
  const option: RelationOption = { id, label };
  const thumb = thumbnailOf(item['url']);
  if (thumb) option.thumb = thumb;
  const meta = typeof item['status'] === 'string' ? item['status'] : fileName !== label ? fileName : undefined;
  if (meta) option.meta = meta;
  return option;
}
