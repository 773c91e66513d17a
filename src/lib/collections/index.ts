/** Every collection declaration, by name: the registry islands, pages and the server share. */
import { curatorsCollection } from './curators.ts';
import { referenceTargets, type CollectionName, type ReferenceKind } from './declare.ts';
import { editionsCollection } from './editions.ts';
import { eventsCollection } from './events.ts';
import { filesCollection } from './files.ts';
import { mediasCollection } from './medias.ts';
import { organizersCollection } from './organizers.ts';
import { tagsCollection } from './tags.ts';
import { venuesCollection } from './venues.ts';

export { collectionNames, isCollectionName, type CollectionName } from './declare.ts';

export const collections = {
  curators: curatorsCollection,
  editions: editionsCollection,
  events: eventsCollection,
  files: filesCollection,
  medias: mediasCollection,
  organizers: organizersCollection,
  tags: tagsCollection,
  venues: venuesCollection,
} satisfies Record<CollectionName, { name: CollectionName }>;

/** One declaration as list screens and forms see it, whichever collection it is. */
export type Collection = (typeof collections)[CollectionName];

/** The audit log's entity names (`event`, `edition`, …), one per collection. */
export type CollectionEntity = Collection['entity'];

/** The collection a field of `collection` points at, when it holds ids. */
export function referenceTargetOf(collection: CollectionName | undefined, field: string): CollectionName | undefined {
  if (!collection) return undefined;
  const references: Readonly<Record<string, ReferenceKind | undefined>> = collections[collection].references;
  const kind = references[field];
  return kind ? referenceTargets[kind] : undefined;
}
