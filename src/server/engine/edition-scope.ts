/**
 * The edition scope of a write (docs/decisions/059), checked wherever the engine creates, changes,
 * removes, moves or restores an item, so every path (forms, bulk actions, imports, duplicates,
 * revisions, working copies, the trash) refuses the same way: 403 `OUT_OF_EDITION_SCOPE`.
 */
import type { Actor } from '../auth/actor.ts';
import { mayChange, scopeCovers } from '../auth/edition-scope.ts';
import { AdminError } from '../errors/domain-errors.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';

function outOfScope(spec: EntitySpec): AdminError {
  return new AdminError(403, 'OUT_OF_EDITION_SCOPE', `Your account may not change this ${spec.entity}: it is outside the editions you work on`);
}

/** True when the actor may change or remove `state` (an item as stored). */
export function actorMayChange(actor: Actor, spec: EntitySpec, state: EntityState): boolean {
  const belongs = spec.editionOf !== undefined;
  return mayChange(actor.editions, actor.id, { edition: spec.editionOf?.(state), createdBy: state.values['createdBy'] }, belongs);
}

/**
 * Throws 403 unless the actor may write `after` from `before` (none = a create): an item of an
 * edition stays inside their editions on both sides; a shared item they did not create is theirs
 * to read only (creating one is allowed).
 */
export function demandScope(actor: Actor, spec: EntitySpec, before: EntityState | undefined, after: EntityState | undefined): void {
  if (!actor.editions) return;
  if (before && !actorMayChange(actor, spec, before)) throw outOfScope(spec);
  if (after && spec.editionOf && !scopeCovers(actor.editions, spec.editionOf(after))) throw outOfScope(spec);
}

/** `demandScope` for items removed or moved together (bulk actions): all of them, or none. */
export function demandScopeOfAll(actor: Actor, spec: EntitySpec, states: Iterable<EntityState>): void {
  if (!actor.editions) return;
  for (const state of states) demandScope(actor, spec, state, undefined);
}
