/** Which collections' edit forms offer a live preview (decision 036): those that declare a hub page. */
import type { Locale } from '../../i18n/config.ts';

/**
 * True when the collection's items have a hub page, so its edit form offers a live preview. It takes
 * the declaration rather than a name so that a form's island needs only its own collection's
 * declaration, not the registry of all of them.
 */
export function hasLivePreview(collection: { publicPage?: (locale: Locale, slug: string) => string }): boolean {
  return collection.publicPage !== undefined;
}
