/**
 * The publication lifecycle of events and editions: `draft → published → archived → draft`, plus
 * unpublishing (`published → draft`). Publishing needs content a public page can show.
 */
import { publicationStatuses, type PublicationStatus } from '../../../db/schema.ts';
import type { BulkAction } from '../../lib/admin-schemas/bulk.ts';
import { demand, type Actor } from '../auth/actor.ts';
import type { AuditAction } from '../audit/record.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';
import type { FieldErrors } from '../errors/domain-errors.ts';

const allowed: Record<PublicationStatus, readonly PublicationStatus[]> = {
  draft: ['published'],
  published: ['draft', 'archived'],
  archived: ['draft'],
};

const actions: Record<string, AuditAction> = {
  'draft>published': 'publish',
  'published>draft': 'unpublish',
  'published>archived': 'archive',
  'archived>draft': 'restore',
};

/** The status a bulk action leads to. */
export const bulkTargets: Record<Exclude<BulkAction, 'delete'>, PublicationStatus> = {
  publish: 'published',
  unpublish: 'draft',
  archive: 'archived',
};

/** An item's publication status; undefined for collections without one. */
export function statusOf(state: EntityState | undefined): PublicationStatus | undefined {
  const value = state?.values['status'];
  return publicationStatuses.find((status) => status === value);
}

/** True when an item may go from `from` to `to` (staying put is always allowed). */
export function canTransition(from: PublicationStatus, to: PublicationStatus): boolean {
  return from === to || allowed[from].includes(to);
}

/** The audit action of a status change, or undefined when the status stays. */
export function transitionAction(from: PublicationStatus | undefined, to: PublicationStatus | undefined): AuditAction | undefined {
  if (from === to || to === undefined) return undefined;
  if (from === undefined) return to === 'published' ? 'publish' : undefined;
  return actions[`${from}>${to}`];
}

/**
 * Checks a state's status against the lifecycle and the publishing requirements, and the
 * actor's right to change it. `before` is undefined for a create (which may start as draft or
 * published). Errors go to `errors` (422); a missing permission throws 403.
 */
export function checkPublication(spec: EntitySpec, actor: Actor, before: EntityState | undefined, after: EntityState, errors: FieldErrors): void {
  if (!spec.publication) return;
  const to = statusOf(after) ?? 'draft';
  const from = statusOf(before);
  if (from !== to) {
    const valid = from === undefined ? to !== 'archived' : canTransition(from, to);
    if (!valid) errors.add('status', 'INVALID_TRANSITION');
    else if (from !== undefined || to !== 'draft') demand(actor, 'content.publish');
  }
  if (to === 'published') errors.merge(spec.publication.requirements(after));
}

/** `publishedAt` for a state entering `published` now; unchanged otherwise. */
export function publishedAtFor(before: EntityState | undefined, after: EntityState, now: Date): Date | null | undefined {
  const from = before?.values['status'];
  const to = after.values['status'];
  if (to === 'published' && from !== 'published') return now;
  return undefined;
}
