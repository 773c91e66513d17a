/** Every admin resource by collection name: what the dynamic admin routes look a segment up in. */
import type { CollectionName } from '../../lib/collections/index.ts';
import { curatorsAdmin } from '../curators/admin-resource.ts';
import { editionsAdmin } from '../editions/admin-resource.ts';
import { eventsAdmin } from '../events/admin-resource.ts';
import { filesAdmin } from '../files/admin-resource.ts';
import { mediasAdmin } from '../medias/admin-resource.ts';
import { organizersAdmin } from '../organizers/admin-resource.ts';
import { tagsAdmin } from '../tags/admin-resource.ts';
import { venuesAdmin } from '../venues/admin-resource.ts';
import type { AdminResource } from './resource.ts';

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
