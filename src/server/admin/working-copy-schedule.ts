/**
 * "Publish changes at" (decision 035's amendment): a working copy scheduled for an instant is
 * applied then, by the background round of whichever process gets there first, exactly as
 * "Publish changes" applies it (applyWorkingCopyIn: version check, validation, publication rules,
 * audit, revision, search, webhooks, purge record). Exactly once across processes and machines:
 * the transaction that applies a copy starts by clearing its `scheduled_at` in one
 * `UPDATE … WHERE scheduled_at = <the instant seen>`, which takes the write lock, so a second
 * process waits and then matches no row. A copy that fails (the live item changed since; today's
 * rules refuse it; its author may no longer publish, or no longer works on the item's edition)
 * stays, unscheduled, with the reason and an audit entry, and is not tried again.
 */
import { EventEmitter } from 'node:events';
import { and, asc, eq, isNotNull, lte, min } from 'drizzle-orm';
import { z } from 'zod';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { workingCopies } from '../../../db/schema.ts';
import { instantField } from '../../lib/admin-schemas/fields.ts';
import { collectionNames } from '../../lib/collections/index.ts';
import { authUsers } from '../../../db/auth-schema.ts';
import { getEnv } from '../config/env.ts';
import { hasPermission } from '../auth/permissions.ts';
import { readEditionScope, type EditionScope } from '../auth/edition-scope.ts';
import { allowListsFrom, resolveRole, type Role } from '../auth/roles.ts';
import { forgetScheduleCache } from '../page-cache/schedule.ts';
import type { Actor } from '../auth/actor.ts';
import { loadTitles } from '../engine/audit-changes.ts';
import { withConstraintErrors } from '../engine/db-errors.ts';
import { actorMayChange } from '../engine/edition-scope.ts';
import type { EntitySpec, EntityState } from '../engine/entity-spec.ts';
import { recordAudit } from '../audit/record.ts';
import { loadStates } from '../engine/entity-state.ts';
import { AdminError, FieldErrors, notFound } from '../errors/domain-errors.ts';
import type { AdminResource } from '../engine/resource.ts';
import { adminResources } from '../collections/registry.ts';
import { logLine } from '../log/log-line.ts';
import { readTeamDirectory } from '../team/directory.ts';
import { itemView, type WriteOutcome } from '../engine/service.ts';
import { applyWorkingCopyIn } from '../engine/working-copies.ts';
import { findWorkingCopy, type WorkingCopyRow } from '../engine/working-copy-store.ts';

/** Emits `scheduled` when this process schedules a copy, so its round wakes for the new instant. */
export const scheduleEvents = new EventEmitter();

/** PUT …/draft/schedule: the copy's `baseVersion` the caller saw and the instant to publish it at. */
export const scheduleInput = z.strictObject({ version: z.number().int().min(1), scheduledAt: instantField });
export type ScheduleInput = z.output<typeof scheduleInput>;

function publishableResource(resource: AdminResource): AdminResource {
  if (!resource.spec.publication) throw new AdminError(404, 'NOT_FOUND', `${resource.collection} have no working copies`);
  return resource;
}

async function requireCopy(tx: Executor, resource: AdminResource, id: number): Promise<WorkingCopyRow> {
  const spec = resource.spec;
  if (!(await loadStates(tx, spec, [id])).get(id)) throw notFound(spec.entity, id);
  const copy = await findWorkingCopy(tx, spec, id);
  if (!copy) throw new AdminError(404, 'NO_WORKING_COPY', `This ${spec.entity} has no unpublished changes`);
  return copy;
}

async function auditSchedule(
  tx: Executor,
  actor: Actor,
  resource: AdminResource,
  id: number,
  action: 'schedule' | 'unschedule' | 'schedule-failed',
  from: Date | null,
  to: Date | null,
  /** A failure's reason (its code), shown translated in the activity log. */
  problem?: string,
) {
  const title = (await loadTitles(tx, resource.spec, [id])).get(id);
  const value = (at: Date | null) => (at ? at.toISOString() : null);
  const why = problem ? [{ kind: 'value' as const, field: 'scheduleProblem', from: null, to: problem }] : [];
  await recordAudit(tx, actor, [
    {
      action,
      entity: resource.spec.entity,
      entityId: id,
      title,
      changedFields: ['scheduledAt', ...(problem ? ['scheduleProblem'] : [])],
      changes: [{ kind: 'value', field: 'scheduledAt', from: value(from), to: value(to) }, ...why],
    },
  ]);
}

/**
 * Schedules the item's working copy (the one based on `version`; 409 `WORKING_COPY_CHANGED`
 * otherwise) for publication at `scheduledAt`, which must lie ahead (422 `scheduledAt: NOT_IN_FUTURE`).
 * Scheduling again moves the instant and clears a previous failure.
 */
export async function scheduleWorkingCopy(db: Database, actor: Actor, resource: AdminResource, id: number, input: ScheduleInput, now = new Date()) {
  publishableResource(resource);
  if (input.scheduledAt.getTime() <= now.getTime()) new FieldErrors().add('scheduledAt', 'NOT_IN_FUTURE').throwIfAny();
  const live = await writeTransaction(db, async (tx) => {
    const copy = await requireCopy(tx, resource, id);
    if (copy.baseVersion !== input.version) throw new AdminError(409, 'WORKING_COPY_CHANGED', 'The working copy was saved again meanwhile');
    await scheduleCopyIn(tx, actor, resource, id, copy, input.scheduledAt);
    return (await loadStates(tx, resource.spec, [id])).get(id)!;
  });
  announceSchedule();
  return itemView(db, resource, live);
}

/** Puts `copy` on the schedule for `at` in the caller's transaction, in `actor`'s name, and logs it. */
export async function scheduleCopyIn(tx: Executor, actor: Actor, resource: AdminResource, id: number, copy: WorkingCopyRow, at: Date): Promise<void> {
  await tx
    .update(workingCopies)
    .set({ scheduledAt: at, scheduledBy: actor.id, scheduledByLabel: actor.label, scheduleProblem: null, scheduleFailedAt: null })
    .where(and(eq(workingCopies.entity, resource.spec.entity), eq(workingCopies.entityId, id)));
  await auditSchedule(tx, actor, resource, id, 'schedule', copy.scheduledAt, at);
}

/** After a schedule is committed: pages cached from now on must not outlive the new instant (page-cache/schedule.ts), and this process's round wakes for it. */
export function announceSchedule(): void {
  forgetScheduleCache();
  scheduleEvents.emit('scheduled');
}

/** Takes the copy off the schedule (it stays as a draft); nothing to do without a schedule. */
export async function unscheduleWorkingCopy(db: Database, actor: Actor, resource: AdminResource, id: number) {
  publishableResource(resource);
  const live = await writeTransaction(db, async (tx) => {
    const copy = await requireCopy(tx, resource, id);
    if (copy.scheduledAt) {
      await tx
        .update(workingCopies)
        .set({ scheduledAt: null, scheduledBy: null, scheduledByLabel: null })
        .where(and(eq(workingCopies.entity, resource.spec.entity), eq(workingCopies.entityId, id)));
      await auditSchedule(tx, actor, resource, id, 'unschedule', copy.scheduledAt, null);
    }
    return (await loadStates(tx, resource.spec, [id])).get(id)!;
  });
  return itemView(db, resource, live);
}

/**
 * The scheduled save is made in the name of whoever scheduled it, with the role and edition scope
 * they hold now: a role revoked, an account disabled or gone (SCHEDULER_NOT_ALLOWED), or an
 * edition taken out of their scope since (SCHEDULER_OUT_OF_SCOPE) stops the copy instead of
 * publishing in the name of someone who may no longer publish it.
 */
async function scheduledActor(tx: Executor, copy: WorkingCopyRow, rightsOf: PublishingRights): Promise<Actor> {
  const { role, editions } = await rightsOf(tx, copy.scheduledBy);
  return { id: copy.scheduledBy ?? 'scheduler', label: copy.scheduledByLabel ?? 'scheduler', can: (permission) => hasPermission(role, permission), editions };
}

/** A scheduling author's effective role and edition scope now; no role for a disabled or vanished account. */
type PublishingRights = (tx: Executor, userId: string | null) => Promise<{ role: Role | null; editions: EditionScope }>;

const localPublishingRights: PublishingRights = async (tx, userId) => {
  if (!userId) return { role: null, editions: [] };
  const [user] = await tx.select().from(authUsers).where(eq(authUsers.id, userId)).limit(1);
  if (!user || user.banned) return { role: null, editions: [] };
  return { role: resolveRole(user.role, user.email, allowListsFrom(getEnv()), user.emailVerified), editions: readEditionScope(user.editions) };
};

/**
 * How a round learns its authors' rights: the accounts table, or, under Clerk, the team Clerk
 * lists (its users' roles and editions, read before the round's transactions: no network call
 * inside one). Undefined when Clerk cannot be read: the round leaves every copy scheduled and the
 * next round asks again, rather than publishing in the name of someone who may have lost the right.
 */
async function publishingRightsForRound(db: Database): Promise<PublishingRights | undefined> {
  if (getEnv().AUTH_PROVIDER !== 'clerk') return localPublishingRights;
  // The rounds run from the sources, not the build: the environment says the adapter. And Clerk's
  // list as it is now: a round with something due is rare, and a role just revoked must count.
  const team = await readTeamDirectory(db, 'clerk', { fresh: true });
  if (!team.ok) {
    logLine('warn', 'team directory unavailable: scheduled changes wait for the next round');
    return undefined;
  }
  return async (_tx, userId) => {
    const member = team.members.find((candidate) => candidate.id === userId);
    return member ? { role: member.role, editions: member.editions } : { role: null, editions: [] };
  };
}

/** Throws unless the actor may still publish `live`: SCHEDULER_NOT_ALLOWED (role), SCHEDULER_OUT_OF_SCOPE (editions). */
function requireSchedulerMayPublish(actor: Actor, spec: EntitySpec, live: EntityState): void {
  if (!actor.can('content.publish')) throw new AdminError(403, 'SCHEDULER_NOT_ALLOWED', 'The person who scheduled these changes may no longer publish');
  if (!actorMayChange(actor, spec, live)) {
    throw new AdminError(403, 'SCHEDULER_OUT_OF_SCOPE', 'The person who scheduled these changes no longer works on this edition');
  }
}

function resourceOfEntity(entity: string): AdminResource | undefined {
  const name = collectionNames.find((collection) => adminResources[collection].spec.entity === entity);
  return name ? adminResources[name] : undefined;
}

/** Matches the copy only while it still holds the schedule this round saw: the claim. */
const stillScheduled = (copy: Pick<WorkingCopyRow, 'entity' | 'entityId'>, at: Date) =>
  and(eq(workingCopies.entity, copy.entity), eq(workingCopies.entityId, copy.entityId), eq(workingCopies.scheduledAt, at));

/** Applies one due copy; the outcome when this call applied it, undefined when another did (or it went). */
async function applyDueCopy(
  db: Database,
  resource: AdminResource,
  entityId: number,
  at: Date,
  rightsOf: PublishingRights,
): Promise<WriteOutcome<null> | undefined> {
  const spec = resource.spec;
  const key = { entity: spec.entity, entityId };
  let actor: Actor | undefined;
  try {
    const result = await withConstraintErrors(() =>
      writeTransaction(db, async (tx) => {
        const [claimed] = await tx.update(workingCopies).set({ scheduledAt: null }).where(stillScheduled(key, at)).returning();
        if (!claimed) return undefined;
        actor = await scheduledActor(tx, claimed, rightsOf);
        const live = (await loadStates(tx, spec, [entityId])).get(entityId);
        if (!live) return undefined;
        requireSchedulerMayPublish(actor, spec, live);
        return (await applyWorkingCopyIn(tx, actor, resource, live, claimed)).result;
      }),
    );
    if (!result) return undefined;
    return { body: null, purge: result.purge };
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    // Rolled back, claim included: record the failure under the same claim, once.
    await writeTransaction(db, async (tx) => {
      const [failed] = await tx
        .update(workingCopies)
        .set({ scheduledAt: null, scheduleProblem: error.code, scheduleFailedAt: new Date() })
        .where(stillScheduled(key, at))
        .returning();
      if (failed) await auditSchedule(tx, actor ?? (await scheduledActor(tx, failed, rightsOf)), resource, entityId, 'schedule-failed', at, null, error.code);
    });
    return undefined;
  }
}

/**
 * One round: applies every working copy whose scheduled instant is at or before `now`; `applied`
 * receives each applied copy's purge (for the page caches). Returns how many this call applied.
 */
export async function publishDueWorkingCopies(db: Database, applied: (outcome: WriteOutcome<null>) => Promise<void>, now = new Date()): Promise<number> {
  const due = await db
    .select({ entity: workingCopies.entity, entityId: workingCopies.entityId, scheduledAt: workingCopies.scheduledAt })
    .from(workingCopies)
    .where(and(isNotNull(workingCopies.scheduledAt), lte(workingCopies.scheduledAt, now)))
    .orderBy(asc(workingCopies.scheduledAt))
    .limit(50);
  if (due.length === 0) return 0;
  const rightsOf = await publishingRightsForRound(db);
  if (!rightsOf) return 0;
  let count = 0;
  for (const row of due) {
    const resource = resourceOfEntity(row.entity);
    if (!resource || !row.scheduledAt) continue;
    const outcome = await applyDueCopy(db, resource, row.entityId, row.scheduledAt, rightsOf);
    if (!outcome) continue;
    count++;
    await applied(outcome);
  }
  return count;
}

/** The earliest scheduled copy, if any (also past ones not yet applied). */
export async function getNextScheduledCopy(db: Executor): Promise<Date | undefined> {
  const [row] = await db.select({ at: min(workingCopies.scheduledAt) }).from(workingCopies);
  return row?.at ?? undefined;
}
