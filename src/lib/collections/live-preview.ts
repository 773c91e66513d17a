/** The collections whose items have a hub page, so their edit forms offer a live preview (decision 036). */
import type { CollectionName } from './declare.ts';

export const livePreviewCollections = ['events', 'editions', 'venues', 'curators', 'organizers'] as const satisfies readonly CollectionName[];

export type LivePreviewCollection = (typeof livePreviewCollections)[number];

/** True when `collection`'s edit form offers a live preview. */
export function hasLivePreview(collection: CollectionName): collection is LivePreviewCollection {
  return livePreviewCollections.some((name) => name === collection);
}
