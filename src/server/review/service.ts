/**
 * Review requests (docs/decisions/064): someone who may not publish an item asks those who may.
 * Each step is one transaction with its activity entry and its mails: submitting mails every
 * publisher whose editions cover the item; approving publishes through the ordinary paths (a
 * draft's status move, a working copy's application) and mails the submitter; requesting
 * changes needs a comment and mails it; the submitter may withdraw. Recipients come from the
 * team directory (local accounts, or Clerk's users); when it cannot be read the step still
 * happens and its mails are skipped (logged).
 */
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor, type Transaction } from '../../../db/client.ts';
import { reviewRequests } from '../../../db/schema.ts';
import { demand, type Actor } from '../auth/actor.ts';
import { hasPermission } from '../auth/permissions.ts';
import { recordAudit, type AuditAction } from '../audit/record.ts';
import { loadTitles } from '../engine/audit-changes.ts';
import { withConstraintErrors } from '../engine/db-errors.ts';
import { actorMayChange, demandScope } from '../engine/edition-scope.ts';
import type { EntityState } from '../engine/entity-spec.ts';
import { loadStates, toEntityInput } from '../engine/entity-state.ts';
import { updateEntityIn, versionConflict } from '../engine/entity-write.ts';
import { statusOf } from '../engine/publication.ts';
import type { AdminResource } from '../engine/resource.ts';
import { changesOf, itemView, type WriteOutcome } from '../engine/service.ts';
import { parseInput } from '../engine/validation.ts';
import { applyWorkingCopyIn } from '../engine/working-copies.ts';
import { findWorkingCopy } from '../engine/working-copy-store.ts';
import { AdminError, FieldErrors, notFound } from '../errors/domain-errors.ts';
import { announceSchedule, scheduleCopyIn } from '../admin/working-copy-schedule.ts';
import { noPurge, type HubPurge } from '../page-cache/invalidate.ts';
import { readTeamForMail, type TeamMember } from '../team/directory.ts';
import { enqueueReviewMail, type ReviewMailEvent, type ReviewedItem } from './mail.ts';
import type { ApproveInput, SubmitInput } from './schemas.ts';
import type { ReviewView } from '../../lib/review/review-view.ts';
import type { ReviewStepDetail } from '../activity/review-steps.ts';

type ReviewRow = typeof reviewRequests.$inferSelect;

export type { ReviewView };

/** The API view of a stored request. */
export function reviewViewOf(row: ReviewRow): ReviewView {
  return {
    id: row.id,
    status: row.status,
    message: row.message,
    submittedBy: { id: row.submittedBy, label: row.submittedByLabel },
    submittedAt: row.submittedAt.toISOString(),
    decidedBy: row.decidedAt ? { id: row.decidedBy, label: row.decidedByLabel } : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    comment: row.comment,
    itemVersion: row.itemVersion,
    copyVersion: row.copyVersion,
  };
}

/** The item's newest request (waiting or settled), or null: what its edit screen shows. */
export async function latestReview(db: Executor, collection: string, itemId: number): Promise<ReviewView | null> {
  const [row] = await db
    .select()
    .from(reviewRequests)
    .where(and(eq(reviewRequests.collection, collection), eq(reviewRequests.itemId, itemId)))
    .orderBy(desc(reviewRequests.submittedAt), desc(reviewRequests.id))
    .limit(1);
  return row ? reviewViewOf(row) : null;
}

async function findWaiting(tx: Executor, collection: string, itemId: number): Promise<ReviewRow | undefined> {
  const [row] = await tx
    .select()
    .from(reviewRequests)
    .where(and(eq(reviewRequests.collection, collection), eq(reviewRequests.itemId, itemId), eq(reviewRequests.status, 'waiting')));
  return row;
}

async function requireState(tx: Executor, resource: AdminResource, id: number): Promise<EntityState> {
  const state = (await loadStates(tx, resource.spec, [id])).get(id);
  if (!state) throw notFound(resource.spec.entity, id);
  return state;
}

function requireWaiting(row: ReviewRow | undefined): ReviewRow {
  if (!row) throw new AdminError(409, 'REVIEW_NOT_WAITING', 'Nothing of this item is waiting for review');
  return row;
}

/** The actor as an account that may decide: `content.publish`, and the item inside their editions. */
export function mayDecide(actor: Pick<Actor, 'id' | 'editions' | 'can'>, resource: AdminResource, state: EntityState): boolean {
  return actor.can('content.publish') && actorMayChange(actor, resource.spec, state);
}

function demandDecider(actor: Actor, resource: AdminResource, state: EntityState): void {
  demand(actor, 'content.publish');
  demandScope(actor, resource.spec, state, undefined);
}

/** The accounts that may decide on `state`: publishers whose editions cover it. */
function decidersOf(accounts: readonly TeamMember[], resource: AdminResource, state: EntityState): TeamMember[] {
  return accounts.filter((account) =>
    mayDecide({ id: account.id, editions: account.editions, can: (permission) => hasPermission(account.role, permission) }, resource, state),
  );
}

interface Step {
  tx: Transaction;
  actor: Actor;
  resource: AdminResource;
  state: EntityState;
}

/**
 * The activity entry of a review step, on the item. What the step said (the submitter's message,
 * the decider's comment, an approval's publication time) goes with it as a value change from
 * nothing, in full, so the activity log and the item's history can show it (see review-steps.ts).
 */
async function logStep(
  { tx, actor, resource, state }: Step,
  action: AuditAction,
  said: Partial<Record<ReviewStepDetail, string | null>> = {},
): Promise<string> {
  const title = (await loadTitles(tx, resource.spec, [state.id])).get(state.id) ?? '';
  const changes = Object.entries(said).flatMap(([field, to]) => (to ? [{ kind: 'value' as const, field, from: null, to }] : []));
  await recordAudit(tx, actor, [
    { action, entity: resource.spec.entity, entityId: state.id, changedFields: [], title: title || null, changes: changes.length ? changes : undefined },
  ]);
  return title;
}

function reviewedItem(row: ReviewRow, resource: AdminResource, title: string): ReviewedItem {
  return { requestId: row.id, collection: resource.collection, entity: resource.spec.entity, itemId: row.itemId, title };
}

/** Mails the submitter of `row` the decision (nobody when the account is gone or is the decider). */
async function mailSubmitter(tx: Transaction, accounts: readonly TeamMember[], row: ReviewRow, item: ReviewedItem, event: ReviewMailEvent) {
  const submitter = accounts.find((account) => account.id === row.submittedBy);
  if (submitter && submitter.id !== row.decidedBy && submitter.canRead) await enqueueReviewMail(tx, submitter, item, event);
}

/**
 * Asks for a review of the item as saved at `version`: 409 when it moved on, when a request
 * already waits, or when there is nothing to publish (a published item without a working copy).
 */
export async function submitForReview(db: Database, actor: Actor, resource: AdminResource, id: number, input: SubmitInput): Promise<ReviewView> {
  const accounts = await readTeamForMail(db, 'review-submit');
  const { spec } = resource;
  return withConstraintErrors(() =>
    writeTransaction(db, async (tx) => {
      const state = await requireState(tx, resource, id);
      demandScope(actor, spec, state, undefined);
      if (state.values['version'] !== input.version) throw versionConflict(spec, state);
      const copy = spec.publication ? await findWorkingCopy(tx, spec, id) : undefined;
      if (copy && input.copyVersion != null && copy.version !== input.copyVersion) {
        throw new AdminError(409, 'WORKING_COPY_CHANGED', 'The working copy was saved again meanwhile');
      }
      if (spec.publication && !copy && statusOf(state) !== 'draft') {
        throw new AdminError(409, 'REVIEW_NOTHING_TO_PUBLISH', 'This item is published and has no unpublished changes to review');
      }
      if (await findWaiting(tx, resource.collection, id)) throw new AdminError(409, 'REVIEW_ALREADY_WAITING', 'This item is already waiting for review');
      const [row] = await tx
        .insert(reviewRequests)
        .values({
          collection: resource.collection,
          itemId: id,
          itemVersion: input.version,
          copyVersion: copy?.version ?? null,
          message: input.message || null,
          submittedBy: actor.id,
          submittedByLabel: actor.label,
          submittedAt: new Date(),
        })
        .returning();
      const title = await logStep({ tx, actor, resource, state }, 'review-submit', { message: row!.message });
      const item = reviewedItem(row!, resource, title);
      for (const publisher of decidersOf(accounts, resource, state)) {
        if (publisher.id !== actor.id) await enqueueReviewMail(tx, publisher, item, { kind: 'submitted', by: actor.label, message: row!.message });
      }
      return reviewViewOf(row!);
    }),
  );
}

async function decide(tx: Transaction, actor: Actor, row: ReviewRow, status: 'approved' | 'changes-requested', comment: string | null): Promise<ReviewRow> {
  const [updated] = await tx
    .update(reviewRequests)
    .set({ status, decidedBy: actor.id, decidedByLabel: actor.label, decidedAt: new Date(), comment })
    .where(eq(reviewRequests.id, row.id))
    .returning();
  return updated!;
}

/**
 * Approves the waiting request and publishes what it asked for, in one transaction: a working
 * copy is applied, a draft is published (both through the ordinary update, so versions,
 * publication rules, revisions, webhooks and purges are as ever); a collection without a
 * publication status is approved as it is. With `publishAt`, the copy is scheduled and the draft
 * published from that instant instead. 409 without a waiting request or on a stale version.
 */
export async function approveReview(
  db: Database,
  actor: Actor,
  resource: AdminResource,
  id: number,
  input: ApproveInput,
  now = new Date(),
): Promise<WriteOutcome<{ item: Record<string, unknown>; review: ReviewView }>> {
  const accounts = await readTeamForMail(db, 'review-approve');
  const { spec } = resource;
  const publishAt = input.publishAt ?? null;
  if (publishAt) {
    const errors = new FieldErrors();
    if (!spec.publication) errors.add('publishAt', 'NOT_SCHEDULABLE');
    else if (publishAt.getTime() <= now.getTime()) errors.add('publishAt', 'NOT_IN_FUTURE');
    errors.throwIfAny();
  }
  const { after, purge, review } = await withConstraintErrors(() =>
    writeTransaction(db, async (tx) => {
      const state = await requireState(tx, resource, id);
      demandDecider(actor, resource, state);
      const waiting = requireWaiting(await findWaiting(tx, resource.collection, id));
      if (state.values['version'] !== input.version) throw versionConflict(spec, state);
      // Settled first, so that the publication below finds nothing waiting to close.
      const row = await decide(tx, actor, waiting, 'approved', null);
      const copy = spec.publication ? await findWorkingCopy(tx, spec, id) : undefined;
      let published: { after: EntityState; purge: HubPurge } = { after: state, purge: noPurge };
      if (copy) {
        if (input.copyVersion != null && copy.version !== input.copyVersion) {
          throw new AdminError(409, 'WORKING_COPY_CHANGED', 'The working copy was saved again meanwhile');
        }
        // Scheduled: the copy is published at that instant by the schedule round, in the approver's name.
        if (publishAt) await scheduleCopyIn(tx, actor, resource, id, copy, publishAt);
        else published = (await applyWorkingCopyIn(tx, actor, resource, state, copy)).result;
      } else if (spec.publication && statusOf(state) !== 'published') {
        // Scheduled: published from `publishAt` on, as the form's own "Publish at" does (venues
        // have no such instant: only their changes, once published, can be scheduled).
        if (publishAt && !('publishAt' in getTableColumns(spec.table))) new FieldErrors().add('publishAt', 'NOT_SCHEDULABLE').throwIfAny();
        const patch = parseInput(resource.patchSchema, {
          status: 'published',
          version: input.version,
          ...(publishAt ? { publishAt: publishAt.toISOString() } : {}),
        });
        published = await updateEntityIn(tx, actor, spec, id, toEntityInput(spec, patch), (result) =>
          result.changed.length ? changesOf(resource, [id], [result.before!, result.after]) : {},
        );
      }
      const title = await logStep({ tx, actor, resource, state }, 'review-approve', { publishAt: publishAt?.toISOString() ?? null });
      await mailSubmitter(tx, accounts, row, reviewedItem(row, resource, title), { kind: 'approved', by: actor.label });
      return { ...published, review: reviewViewOf(row) };
    }),
  );
  if (publishAt) announceSchedule();
  return { body: { item: await itemView(db, resource, after), review }, purge };
}

/** Sends the waiting request back with a comment (required), mailed to the submitter. */
export async function requestChanges(db: Database, actor: Actor, resource: AdminResource, id: number, comment: string): Promise<ReviewView> {
  const accounts = await readTeamForMail(db, 'review-request-changes');
  return writeTransaction(db, async (tx) => {
    const state = await requireState(tx, resource, id);
    demandDecider(actor, resource, state);
    const row = await decide(tx, actor, requireWaiting(await findWaiting(tx, resource.collection, id)), 'changes-requested', comment);
    const title = await logStep({ tx, actor, resource, state }, 'review-request-changes', { comment });
    await mailSubmitter(tx, accounts, row, reviewedItem(row, resource, title), { kind: 'changes-requested', by: actor.label, comment });
    return reviewViewOf(row);
  });
}

/** Withdraws the waiting request: its submitter, or someone who could have decided on it. */
export async function withdrawReview(db: Database, actor: Actor, resource: AdminResource, id: number): Promise<ReviewView> {
  return writeTransaction(db, async (tx) => {
    const state = await requireState(tx, resource, id);
    const waiting = requireWaiting(await findWaiting(tx, resource.collection, id));
    if (waiting.submittedBy !== actor.id && !mayDecide(actor, resource, state)) {
      throw new AdminError(403, 'REVIEW_NOT_YOURS', 'Only the person who asked for this review may withdraw it');
    }
    const [row] = await tx
      .update(reviewRequests)
      .set({ status: 'withdrawn', decidedBy: actor.id, decidedByLabel: actor.label, decidedAt: new Date() })
      .where(eq(reviewRequests.id, waiting.id))
      .returning();
    await logStep({ tx, actor, resource, state }, 'review-withdraw');
    return reviewViewOf(row!);
  });
}
