/**
 * Which fields of a bundled item point at other items, read from the collection declarations
 * (`references`, and the link tables' kinds): the export follows them to gather what an edition
 * needs, the import rewrites them to the new ids. No collection is named here.
 */
import { referenceTargets } from '../../lib/collections/declare.ts';
import type { CollectionName } from '../../lib/collections/index.ts';
import { adminResources } from '../collections/registry.ts';

export interface ReferenceField {
  field: string;
  target: CollectionName;
  /** An ordered id list (a link table) rather than one id. */
  list: boolean;
}

/** The reference fields of `collection`. */
export function referenceFieldsOf(collection: CollectionName): ReferenceField[] {
  const { spec } = adminResources[collection];
  return [
    ...Object.entries(spec.references).map(([field, kind]) => ({ field, target: referenceTargets[kind], list: false })),
    ...Object.entries(spec.links).map(([field, link]) => ({ field, target: referenceTargets[link.kind], list: true })),
  ];
}

/** The ids `fields` (a create body or an item's values and links) names, field by field. */
export function referencedIds(reference: ReferenceField, fields: Record<string, unknown>): number[] {
  const value = fields[reference.field];
  if (reference.list) return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  return typeof value === 'number' ? [value] : [];
}
