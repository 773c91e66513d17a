/** The team API's input: one action on one account, from JSON or from the team screen's HTML forms. */
import { z } from 'zod';
import { roles } from '../auth/roles.ts';
import { teamActionNames, type TeamCommand } from './service.ts';

const role = z.enum(roles);

/** `role` is `admin`, `editor`, or `none` (revoke) for the `role` action; `admin`/`editor` to approve. */
const bodySchema = z.object({ role: z.union([role, z.literal('none'), z.null()]).optional() });

export const teamActionSchema = z.enum(teamActionNames);

/** The command for `action` with `body`, or the field errors. */
export function parseTeamCommand(action: string, body: unknown): { ok: true; command: TeamCommand } | { ok: false; errors: Record<string, string[]> } {
  const name = teamActionSchema.safeParse(action);
  if (!name.success) return { ok: false, errors: { action: ['UNKNOWN_ACTION'] } };
  const parsed = bodySchema.safeParse(body ?? {});
  if (!parsed.success) return { ok: false, errors: { role: ['INVALID_ROLE'] } };
  const given = parsed.data.role;
  switch (name.data) {
    case 'approve':
      return given && given !== 'none' ? { ok: true, command: { action: 'approve', role: given } } : { ok: false, errors: { role: ['ROLE_REQUIRED'] } };
    case 'role':
      return given === undefined
        ? { ok: false, errors: { role: ['ROLE_REQUIRED'] } }
        : { ok: true, command: { action: 'role', role: given === 'none' ? null : given } };
    default:
      return { ok: true, command: { action: name.data } };
  }
}
