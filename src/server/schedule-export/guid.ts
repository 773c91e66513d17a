/**
 * Name-based UUIDs (RFC 9562 version 5) for the schedule exports: the same database id always
 * gives the same GUID, in every export, locale and after any rename, so conference apps keep a
 * visitor's favourites and reminders when the schedule is fetched again.
 */
import { createHash } from 'node:crypto';

/**
 * The namespace of every GUID this product writes into schedules. Fixed forever: changing it
 * would make every app see every event as new.
 */
export const SCHEDULE_NAMESPACE = '7c0f6f2e-3f4b-4f51-9d0a-2b6b8f1d5e3a';

/** The version 5 UUID of `name` in `namespace` (SHA-1 of namespace bytes + UTF-8 name). */
export function uuidV5(namespace: string, name: string): string {
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What a schedule GUID names: an event, a room (by its column key) or a person. */
export type GuidSubject = 'event' | 'room' | 'curator' | 'organizer';

/** The GUID of one thing in every export (`event` + its id, `room` + its place key, …). */
export function scheduleGuid(subject: GuidSubject, key: number | string): string {
  return uuidV5(SCHEDULE_NAMESPACE, `${subject}:${key}`);
}
