/** Who performs an admin write, and what they may do: services ask, routes provide. */
import { hasPermission, type Permission } from './permissions.ts';
import type { EditionScope } from './edition-scope.ts';
import type { AuthUser } from './types.ts';
import { permissionDenied } from '../errors/domain-errors.ts';

export interface Actor {
  /** Stable user id (written to `created_by`, `updated_by` and the audit log). */
  id: string;
  /** Human-readable name kept in the audit log even if the account goes away. */
  label: string;
  can(permission: Permission): boolean;
  /** The editions they may write (docs/decisions/059); absent or `null` = every edition. */
  editions?: EditionScope | undefined;
}

/** The actor behind a signed-in user. */
export function actorFromUser(user: AuthUser): Actor {
  const role = user.role;
  return {
    id: user.id,
    label: user.email ?? user.name ?? user.id,
    can: (permission) => hasPermission(role, permission),
    editions: user.editions,
  };
}

/** Throws 403 naming `permission` unless the actor holds it (data-dependent checks). */
export function demand(actor: Actor, permission: Permission): void {
  if (!actor.can(permission)) throw permissionDenied(permission);
}
