/** Every collection declaration, by name: the registry islands, pages and the server share. */
import { curators } from './curators.ts';
import type { CollectionName } from './declare.ts';
import { editions } from './editions.ts';
import { events } from './events.ts';
import { files } from './files.ts';
import { medias } from './medias.ts';
import { organizers } from './organizers.ts';
import { tags } from './tags.ts';

export { collectionNames, isCollectionName, type CollectionName } from './declare.ts';

export const collections = { curators, editions, events, files, medias, organizers, tags } satisfies Record<CollectionName, { name: CollectionName }>;

/** One declaration as list screens and forms see it, whichever collection it is. */
export type Collection = (typeof collections)[CollectionName];

/** The audit log's entity names (`event`, `edition`, …), one per collection. */
export type CollectionEntity = Collection['entity'];
