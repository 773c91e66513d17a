/** The team API's input: one action on one account, from JSON or from the team screen's HTML forms. */
import { z } from 'zod';
import { editionIdsSchema } from '../auth/edition-scope.ts';
import { roles } from '../auth/roles.ts';
import { teamActionNames, type TeamCommand } from './service.ts';

const role = z.enum(roles);

/** `role` is a role or `none` (revoke) for the `role` action; a role to approve. */
const bodySchema = z.object({
  role: z.union([role, z.literal('none'), z.null()]).optional(),
  /** The editions the account may write: `all` (or null) = every edition; absent = unchanged. */
  editions: z.union([z.literal('all'), z.null(), editionIdsSchema]).optional(),
});

/**
 * The team screen's edition fields as the API's `editions`: `scope=all`, or `scope=some` with the
 * ticked `editions`; undefined when the form has no scope fields. `[]` when none was ticked.
 */
export function editionsFromForm(form: FormData): 'all' | number[] | undefined {
  const scope = form.get('scope');
  if (scope === 'all') return 'all';
  if (scope !== 'some') return undefined;
  return form.getAll('editions').flatMap((value) => (typeof value === 'string' && /^\d{1,12}$/.test(value) ? [Number(value)] : []));
}

export const teamActionSchema = z.enum(teamActionNames);

/** The command for `action` with `body`, or the field errors. */
export function parseTeamCommand(action: string, body: unknown): { ok: true; command: TeamCommand } | { ok: false; errors: Record<string, string[]> } {
  const name = teamActionSchema.safeParse(action);
  if (!name.success) return { ok: false, errors: { action: ['UNKNOWN_ACTION'] } };
  const parsed = bodySchema.safeParse(body ?? {});
  if (!parsed.success) {
    const onEditions = parsed.error.issues.some((issue) => issue.path[0] === 'editions');
    return { ok: false, errors: onEditions ? { editions: ['EDITIONS_REQUIRED'] } : { role: ['INVALID_ROLE'] } };
  }
  const given = parsed.data.role;
  const scope = parsed.data.editions;
  const editions = scope === undefined ? {} : { editions: scope === 'all' || scope === null ? null : [...new Set(scope)] };
  switch (name.data) {
    case 'approve':
      return given && given !== 'none' ? { ok: true, command: { action: 'approve', role: given } } : { ok: false, errors: { role: ['ROLE_REQUIRED'] } };
    case 'role':
      return given === undefined
        ? { ok: false, errors: { role: ['ROLE_REQUIRED'] } }
        : { ok: true, command: { action: 'role', role: given === 'none' ? null : given, ...editions } };
    default:
      return { ok: true, command: { action: name.data } };
  }
}
