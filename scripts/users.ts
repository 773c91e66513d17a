/**
 * `npm run users -- list | grant <email> <admin|editor> | revoke <email>`: role management of
 * local accounts for operators (the same rules as /api/admin/users: never leave no admin).
 * Under Clerk, roles live in Clerk's public metadata and this tool only says so.
 */
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { listUsers, setGrantedRole, type UserSummary } from '../src/server/team/users.ts';
import { allowListsFrom, isRole, roles, type Role } from '../src/server/auth/roles.ts';
import { EnvError, parseEnv, type Env } from '../src/server/config/env.ts';

const usage = `Usage:
  npm run users -- list
  npm run users -- grant <email> <${roles.join('|')}>
  npm run users -- revoke <email>`;

function exit(message: string, code: number): never {
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}

function describe(user: UserSummary): string {
  const raised = user.role !== user.grantedRole ? ` (${user.role} through HUB_${user.role?.toUpperCase()}_EMAILS)` : '';
  return `${user.email.padEnd(36)} ${(user.grantedRole ?? '-').padEnd(7)}${raised}  ${user.name}`;
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

const [command, email, roleArgument] = process.argv.slice(2);
const lists = allowListsFrom(env);
const db = await openDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
try {
  await migrateDatabase(db);
  if (command === 'list' && !email) {
    const users = await listUsers(db, lists);
    exit(users.length ? `${'email'.padEnd(36)} role\n${users.map(describe).join('\n')}` : 'No accounts yet: the first sign-up becomes admin.', 0);
  }
  let role: Role | null;
  if (command === 'grant' && email && isRole(roleArgument)) role = roleArgument;
  else if (command === 'revoke' && email && !roleArgument) role = null;
  else exit(usage, 2);

  const result = await setGrantedRole(db, { email }, role, lists);
  if (!result.ok && result.code === 'USER_NOT_FOUND') exit(`No account for ${email}. It must sign up first.`, 1);
  if (!result.ok) exit(`Refused: ${email} is the last administrator. Grant admin to someone else first.`, 1);
  const { user } = result;
  const note = user.role && user.role !== user.grantedRole ? ` It still has ${user.role} through HUB_${user.role.toUpperCase()}_EMAILS.` : '';
  exit(role ? `${user.email} is now ${role}.` : `${user.email} has no granted role any more.${note}`, 0);
} finally {
  db.$client.close();
}
