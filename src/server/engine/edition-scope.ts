/**
 * The edition scope of a write (docs/decisions/059), checked wherever the engine creates, changes,
 * removes, moves or restores an item, so every path (forms, bulk actions, imports, duplicates,
 * revisions, working copies, the trash) refuses the same way: 403 `OUT_OF_EDITION_SCOPE`. Lists
 * and "all matching" bulk actions ask the same question in SQL (`changeableCondition`).
 */
import { inArray, eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { mayChange, scopeCovers } from '../auth/edition-scope.ts';
import { AdminError } from '../errors/domain-errors.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';
import { columnOf } from './entity-state.ts';

function outOfScope(spec: EntitySpec): AdminError {
  return new AdminError(403, 'OUT_OF_EDITION_SCOPE', `Your account may not change this ${spec.entity}: it is outside the editions you work on`);
}

/** The edition `state` belongs to (`null` = none yet: a new edition has no id). */
function editionOf(key: string, state: EntityState): number | null {
  const value = key === 'id' ? state.id : state.values[key];
  return typeof value === 'number' && value > 0 ? value : null;
}

/** True when the actor may change or remove `state` (an item as stored). */
export function actorMayChange(actor: Pick<Actor, 'id' | 'editions'>, spec: EntitySpec, state: EntityState): boolean {
  const key = spec.editionKey;
  const edition = key === undefined ? undefined : editionOf(key, state);
  return mayChange(actor.editions, actor.id, { edition, createdBy: state.values['createdBy'] }, key !== undefined);
}

/**
 * Throws 403 unless the actor may write `after` from `before` (none = a create): an item of an
 * edition stays inside their editions on both sides; a shared item they did not create is theirs
 * to read only (creating one is allowed).
 */
export function demandScope(actor: Actor, spec: EntitySpec, before: EntityState | undefined, after: EntityState | undefined): void {
  if (!actor.editions) return;
  if (before && !actorMayChange(actor, spec, before)) throw outOfScope(spec);
  if (after && spec.editionKey && !scopeCovers(actor.editions, editionOf(spec.editionKey, after))) throw outOfScope(spec);
}

/** `demandScope` for items removed or moved together (bulk actions): all of them, or none. */
export function demandScopeOfAll(actor: Actor, spec: EntitySpec, states: Iterable<EntityState>): void {
  if (!actor.editions) return;
  for (const state of states) demandScope(actor, spec, state, undefined);
}

/**
 * The SQL condition "the actor may change this row" (`actorMayChange` on stored rows), or
 * undefined for an unlimited actor: every row is theirs.
 */
export function changeableCondition(actor: Pick<Actor, 'id' | 'editions'>, spec: EntitySpec): SQL | undefined {
  const scope = actor.editions;
  if (!scope) return undefined;
  if (!spec.editionKey) return eq(columnOf(spec, 'createdBy'), actor.id);
  return scope.length > 0 ? inArray(columnOf(spec, spec.editionKey), [...scope]) : sql`0`;
}
