/** The audit log writer: one row per changed entity, inside the write's own transaction. */
import { outranks, type Role } from '../auth/roles.ts';
import type { Executor } from '../../../db/client.ts';
import { auditLog, type AuditChange } from '../../../db/schema.ts';
import type { CollectionEntity } from '../../lib/collections/index.ts';

export type { AuditChange };

/** Who an entry names: an id kept with the row and a label that outlives the account (the auth layer's `Actor` is one). */
export interface AuditActor {
  id: string;
  label: string;
}

/**
 * The audited entities: one per collection declaration, the team's accounts (`user`), and the
 * contact inbox's messages and the people who wrote them (keyed by a hash of the address, never
 * the address: decision 021), the team's invitations (decision 018), the site's settings and pages,
 * and webhook endpoints (decision 028; their secret is never logged).
 */
export type AuditEntity = CollectionEntity | (typeof otherAuditEntities)[number];

/** The audited entities that are not collections. */
export const otherAuditEntities = ['user', 'contact_message', 'contact_person', 'invitation', 'webhook_endpoint', 'site_settings', 'site_page'] as const;

/** The site's settings (one row, id 1) and its pages (About, Privacy, Terms: decision 038). */
export type SiteAuditEntity = 'site_settings' | 'site_page';

/** Content actions; `detach`: the entity lost a link because something it used was deleted with `?detach=true`. */
export const contentActions = ['create', 'update', 'delete', 'publish', 'unpublish', 'archive', 'restore', 'detach'] as const;

/** The trash (decision 053): an item brought back from it, or deleted for good. */
export const trashActions = ['untrash', 'purge'] as const;

/** What an admin did to an account on the team screen. */
export const teamActions = [
  'approve',
  'refuse',
  'grant',
  'change-role',
  'promote',
  'demote',
  'change-editions',
  'revoke',
  'disable',
  'enable',
  'end-sessions',
  'disable-two-factor',
] as const;

/** How a role change is logged: granted to someone without one, changed (up or down), or revoked. */
export function roleChangeAction(from: Role | null | undefined, to: Role | null): 'grant' | 'promote' | 'demote' | 'revoke' {
  if (to === null) return 'revoke';
  if (!from) return 'grant';
  // `change-role` stays readable in older entries; a change now says which way it went.
  return outranks(to, from) ? 'promote' : 'demote';
}

/** A person's contact data handed out or erased on request. */
export const inboxActions = ['export', 'erase'] as const;

/** What happened to an invitation after `create` (it also has `revoke`, shared with the team's actions; decision 018). */
export const invitationActions = ['resend', 'accept'] as const;

/** Working copies of published items (decision 035): saved, discarded, scheduled, taken off the schedule, or failed at their time. */
export const workingCopyActions = ['draft-save', 'draft-discard', 'schedule', 'unschedule', 'schedule-failed'] as const;

/** A webhook endpoint's secret replaced (`create`, `update` and `delete` are shared with content). */
export const webhookActions = ['rotate-secret'] as const;

/** A file imported into an edition (decision 034): what it created, updated and skipped, on the edition. */
export const importActions = ['import'] as const;

/** A note added to an item (docs/decisions/061); its later edits and deletion are not logged. */
export const noteActions = ['note-add'] as const;

/** Review requests (docs/decisions/064): asked for, approved, sent back with a comment, withdrawn. */
export const reviewActions = ['review-submit', 'review-approve', 'review-request-changes', 'review-withdraw'] as const;

export const auditActions = [
  ...contentActions,
  ...trashActions,
  ...teamActions,
  ...inboxActions,
  ...invitationActions,
  ...workingCopyActions,
  ...webhookActions,
  ...importActions,
  ...noteActions,
  ...reviewActions,
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  /** A content item's numeric id, or an account's id. */
  entityId: number | string;
  /** Field paths the write changed (`title`, `translations.fr.title`, `tagIds`). */
  changedFields: string[];
  /** The item's display title at the time of the write. */
  title?: string | null | undefined;
  /** What changed, old → new (see `AuditChange`). */
  changes?: AuditChange[] | undefined;
}

/** Appends entries in one statement; call it in the same transaction as the write. */
export async function recordAudit(tx: Executor, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const at = new Date();
  for (let start = 0; start < entries.length; start += 200) {
    await tx.insert(auditLog).values(
      entries.slice(start, start + 200).map((entry) => ({
        actorId: actor.id,
        actorLabel: actor.label,
        action: entry.action,
        entity: entry.entity,
        entityId: String(entry.entityId),
        changedFields: entry.changedFields,
        title: entry.title ?? null,
        changes: entry.changes ?? null,
        at,
      })),
    );
  }
}
