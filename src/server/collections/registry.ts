/** Every admin resource by collection name: what the dynamic admin routes look a segment up in. */
import type { CollectionName } from '../../lib/collections/index.ts';
import { curatorsAdmin } from './curators.ts';
import { editionsAdmin } from './editions.ts';
import { eventsAdmin } from './events.ts';
import { filesAdmin } from './files.ts';
import { mediasAdmin } from './medias.ts';
import { organizersAdmin } from './organizers.ts';
import { tagsAdmin } from './tags.ts';
import { venuesAdmin } from './venues.ts';
import type { AdminResource } from '../engine/resource.ts';
import { usageSourcesOf } from '../engine/where-used.ts';

export const adminResources: Readonly<Record<CollectionName, AdminResource>> = {
  curators: curatorsAdmin,
  editions: editionsAdmin,
  events: eventsAdmin,
  files: filesAdmin,
  medias: mediasAdmin,
  organizers: organizersAdmin,
  tags: tagsAdmin,
  venues: venuesAdmin,
};

// Where each collection's items are used follows from every collection's references (decision 047).
const specs = Object.values(adminResources).map((resource) => resource.spec);
for (const resource of Object.values(adminResources)) resource.usedBy.push(...usageSourcesOf(specs, resource.collection));
