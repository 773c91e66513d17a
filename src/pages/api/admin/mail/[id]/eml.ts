/**
 * GET /api/admin/mail/:id/eml: the `.eml` file of a message written in file mode (no SMTP_URL),
 * as a download. 404 when the message or its file does not exist. `mail.read`.
 */
import type { APIRoute } from 'astro';
import { requireDeclaredPermission } from '../../../../../server/auth/permissions.ts';
import { getEnv } from '../../../../../server/config/env.ts';
import { getDb } from '../../../../../server/db.ts';
import { problem } from '../../../../../server/http/problem.ts';
import { getMail, parseMailId } from '../../../../../server/mail/admin.ts';
import { emlFileName, readEmlFile } from '../../../../../server/mail/transport.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals, params, request }) => {
  const refused = requireDeclaredPermission(locals.user, request);
  if (refused) return refused;
  const id = parseMailId(params.id);
  const message = id === undefined ? undefined : await getMail(await getDb(), id);
  const bytes = message ? await readEmlFile(getEnv().MAIL_DIR, message.id, message.createdAt) : undefined;
  if (!message || !bytes) return problem(404, 'NOT_FOUND', 'This message has no .eml file');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'message/rfc822',
      'Content-Disposition': `attachment; filename="${emlFileName(message.id, message.createdAt)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
