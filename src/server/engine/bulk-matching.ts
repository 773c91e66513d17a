/**
 * Bulk actions on "all items matching the list's filters" (docs/decisions/057): the list's query
 * is parsed by the collection's own list schema, and the matching ids are read inside the action's
 * write transaction, so the action covers what matches when it runs, never more than the cap.
 */
import { z } from 'zod';
import { BULK_MATCHING_CAP } from '../../lib/bulk-matching-cap.ts';
import type { Actor } from '../auth/actor.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { changeableCondition } from './edition-scope.ts';
import type { IdSource } from './entity-remove.ts';
import { nextExportIds, type ListQueryBase } from './list.ts';
import type { AdminResource } from './resource.ts';
import { parseInput } from './validation.ts';

/**
 * The ids matching the list query `matching` (its URL's values), or a 400 naming `matching.<field>`.
 * A person limited to some editions acts on the matching items they may change, the number their
 * list offered ("Select all N you may change"); the others are theirs to read only.
 */
export function matchingIdSource(
  resource: AdminResource,
  actor: Pick<Actor, 'id' | 'editions'>,
  matching: Record<string, string>,
  cap = BULK_MATCHING_CAP,
): IdSource {
  const { matching: query } = parseInput(z.strictObject({ matching: resource.listQuery }), { matching }, 'INVALID_QUERY');
  const changeable = changeableCondition(actor, resource.spec);
  return async (tx) => {
    const ids = await nextExportIds<ListQueryBase>(tx, resource.list, query, 0, cap + 1, changeable);
    if (ids.length > cap) {
      throw new AdminError(422, 'TOO_MANY_MATCHING', `More than ${cap} items match; narrow the filters`, { extensions: { cap } });
    }
    return ids;
  };
}
