/**
 * `npm run users -- list | grant <email> <role> [--editions slug,…|all] | revoke <email>`: role
 * management of local accounts for operators (the same rules as /api/admin/users: never leave no
 * admin). `--editions` limits the account to those editions (docs/decisions/059); `all` lifts it.
 * Under Clerk, roles live in Clerk's public metadata and this tool only says so.
 */
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { editions } from '../db/schema.ts';
import type { EditionScope } from '../src/server/auth/edition-scope.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { listUsers, setGrantedRole, type UserSummary } from '../src/server/team/users.ts';
import { allowListsFrom, isRole, roles, type Role } from '../src/server/auth/roles.ts';
import { EnvError, parseEnv, type Env } from '../src/server/config/env.ts';

const usage = `Usage:
  npm run users -- list
  npm run users -- grant <email> <${roles.join('|')}> [--editions <slug>,<slug>…|all]
  npm run users -- revoke <email>`;

function exit(message: string, code: number): never {
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}

function describe(user: UserSummary): string {
  const raised = user.role !== user.grantedRole ? ` (${user.role} through HUB_${user.role?.toUpperCase()}_EMAILS)` : '';
  const limited = user.editions ? `  editions ${user.editions.join(',')}` : '';
  return `${user.email.padEnd(36)} ${(user.grantedRole ?? '-').padEnd(11)}${raised}  ${user.name}${limited}`;
}

let env: Env;
try {
  env = parseEnv(process.env);
} catch (error) {
  exit(error instanceof EnvError ? error.message : String(error), 1);
}
if (env.AUTH_PROVIDER === 'clerk') {
  exit(
    'Clerk is configured: give staff a role in the Clerk dashboard (user → public metadata { "role": "editor" }), or list them in HUB_ADMIN_EMAILS / HUB_EDITOR_EMAILS.',
    2,
  );
}

const [command, email, roleArgument, flag, editionsArgument, ...rest] = process.argv.slice(2);
const lists = allowListsFrom(env);
const db = await openDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
try {
  await migrateDatabase(db);
  if (command === 'list' && !email) {
    const users = await listUsers(db, lists);
    exit(users.length ? `${'email'.padEnd(36)} role\n${users.map(describe).join('\n')}` : 'No accounts yet: the first sign-up becomes admin.', 0);
  }
  let role: Role | null;
  const scoped = flag === '--editions' && Boolean(editionsArgument) && rest.length === 0;
  if (command === 'grant' && email && isRole(roleArgument) && (flag === undefined || scoped)) role = roleArgument;
  else if (command === 'revoke' && email && !roleArgument) role = null;
  else exit(usage, 2);

  let scope: EditionScope | undefined;
  if (scoped && editionsArgument === 'all') scope = null;
  else if (scoped) {
    const slugs = [
      ...new Set(
        editionsArgument!
          .split(',')
          .map((slug) => slug.trim())
          .filter(Boolean),
      ),
    ];
    const found = slugs.length ? await db.select({ id: editions.id, slug: editions.slug }).from(editions).where(inArray(editions.slug, slugs)) : [];
    const missing = slugs.filter((slug) => !found.some((row) => row.slug === slug));
    if (slugs.length === 0 || missing.length > 0)
      exit(`No edition with the slug ${missing.join(', ') || '(none given)'}. Editions are named by their slug.`, 1);
    scope = found.map((row) => row.id);
  }

  const result = await setGrantedRole(db, { email }, role, lists, undefined, scope);
  if (!result.ok && result.code === 'USER_NOT_FOUND') exit(`No account for ${email}. It must sign up first.`, 1);
  if (!result.ok && result.code === 'EDITION_NOT_FOUND') exit('One of the editions was deleted meanwhile; try again.', 1);
  if (!result.ok) exit(`Refused: ${email} is the last administrator. Grant admin to someone else first.`, 1);
  const { user } = result;
  const note = user.role && user.role !== user.grantedRole ? ` It still has ${user.role} through HUB_${user.role.toUpperCase()}_EMAILS.` : '';
  const limit = user.editions ? ` (limited to editions ${editionsArgument})` : '';
  exit(role ? `${user.email} is now ${role}${limit}.` : `${user.email} has no granted role any more.${note}`, 0);
} finally {
  db.$client.close();
}
