/**
 * Edition scopes (docs/decisions/059): any role may be limited to some editions. A limited person
 * writes those editions and their events; of the shared collections (venues, people, tags, medias,
 * files) they may create new items and change or delete only the ones they created. `null` is no
 * limit (every edition), the behaviour of every account before scopes existed.
 */
import { z } from 'zod';

/** The editions a person may write; `null` = all of them. */
export type EditionScope = readonly number[] | null;

/** A scope as stored and sent: distinct positive edition ids, at least one. */
export const editionIdsSchema = z.array(z.number().int().positive()).min(1).max(200);

/**
 * A scope from an untrusted place (a JSON column, a Clerk claim). Absent = unlimited; present but
 * unreadable = limited to nothing, so a broken claim never widens what someone may write.
 */
export function readEditionScope(value: unknown): EditionScope {
  if (value === null || value === undefined) return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(parsed)) return [];
  const ids = parsed.map((entry) => (typeof entry === 'string' && /^\d+$/.test(entry) ? Number(entry) : entry));
  return [...new Set(ids.filter((id): id is number => Number.isInteger(id) && id > 0))];
}

/** True when `scope` covers edition `editionId` (`null` = an item of no edition: only the unlimited). */
export function scopeCovers(scope: EditionScope | undefined, editionId: number | null): boolean {
  if (!scope) return true;
  return editionId !== null && scope.includes(editionId);
}

/** What a scope allows on an item, for the engine and the lists. */
export interface ScopedItem {
  /** The item's edition when its collection belongs to editions (events, editions); else undefined. */
  edition?: number | null | undefined;
  /** Who created the item (shared collections: a limited person changes only their own). */
  createdBy?: unknown;
}

/** True when a person with `scope` (and id `userId`) may change or delete `item`. */
export function mayChange(scope: EditionScope | undefined, userId: string, item: ScopedItem, belongsToEditions: boolean): boolean {
  if (!scope) return true;
  if (belongsToEditions) return scopeCovers(scope, item.edition ?? null);
  return item.createdBy === userId;
}
