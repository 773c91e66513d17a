/** Which collections' edit forms offer a live preview (decision 036): those that declare a hub page. */
import { collections, type CollectionName } from './index.ts';

/** True when `collection`'s items have a hub page, so its edit form offers a live preview. */
export function hasLivePreview(collection: CollectionName): boolean {
  return collections[collection].publicPage !== undefined;
}
