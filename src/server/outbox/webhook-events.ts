/**
 * The events a webhook endpoint may subscribe to: four per collection, derived from the
 * collection declarations (docs/decisions/014) so a new collection appears by itself, and the
 * contact form's `contact.received`. `webhook.ping` is the test message and needs no subscription.
 */
import { collectionNames, collections, type CollectionName } from '../../lib/collections/index.ts';

export const contentEventKinds = ['published', 'updated', 'unpublished', 'deleted'] as const;
export type ContentEventKind = (typeof contentEventKinds)[number];

export const CONTACT_RECEIVED = 'contact.received';
export const PING = 'webhook.ping';

/** `event.published`, `tag.deleted`, …: the declaration's entity name and what happened. */
export function contentEventType(collection: CollectionName, kind: ContentEventKind): string {
  return `${collections[collection].entity}.${kind}`;
}

/** The grid an endpoint form shows: one row per collection, one column per kind. */
export const contentEventGrid: readonly { collection: CollectionName; types: readonly { kind: ContentEventKind; type: string }[] }[] = collectionNames.map(
  (collection) => ({ collection, types: contentEventKinds.map((kind) => ({ kind, type: contentEventType(collection, kind) })) }),
);

/** Every type an endpoint may subscribe to. */
export const subscribableEventTypes: readonly string[] = [...contentEventGrid.flatMap((row) => row.types.map(({ type }) => type)), CONTACT_RECEIVED];

export function isSubscribableEventType(value: string): boolean {
  return subscribableEventTypes.includes(value);
}
