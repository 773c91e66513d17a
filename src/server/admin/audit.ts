/** The audit log writer: one row per changed entity, inside the write's own transaction. */
import type { Executor } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema.ts';
import type { CollectionEntity } from '../../lib/collections/index.ts';
import type { Actor } from './actor.ts';

/**
 * The audited entities: one per collection declaration, plus the contact inbox's messages and
 * the people who wrote them (keyed by a hash of the address, never the address: decision 021),
 * and the team's invitations (decision 018).
 */
export type AuditEntity = CollectionEntity | 'contact_message' | 'contact_person' | 'invitation';

/**
 * `detach`: the entity lost a link because something it used was deleted with `?detach=true`.
 * `export` / `erase`: a person's contact data was handed out or erased on request.
 */
export type AuditAction =
  'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'archive' | 'restore' | 'detach' | 'export' | 'erase' | InvitationAuditAction;

/** Invitations: `create` when sent, then these. */
export type InvitationAuditAction = 'resend' | 'revoke' | 'accept';

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId: number | string;
  /** Field paths the write changed (`title`, `translations.fr.title`, `tagIds`). */
  changedFields: string[];
}

/** Appends entries in one statement; call it in the same transaction as the write. */
export async function recordAudit(tx: Executor, actor: Actor, entries: readonly AuditEntry[]): Promise<void> {
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
        at,
      })),
    );
  }
}
