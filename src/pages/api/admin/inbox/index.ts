/** GET /api/admin/inbox?q=&filter=all|unread|unhandled|handled&page=: one page of messages, newest first. */
import type { APIRoute } from 'astro';
import { requireDeclaredPermission } from '../../../../server/auth/permissions.ts';
import { getDb } from '../../../../server/db.ts';
import { noStore } from '../../../../server/inbox/api.ts';
import { countUnread, listInbox } from '../../../../server/inbox/queries.ts';
import { inboxQuerySchema } from '../../../../server/inbox/schemas.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals, request, url }) => {
  const refused = requireDeclaredPermission(locals.user, request);
  if (refused) return refused;
  const db = await getDb();
  const query = inboxQuerySchema.parse(Object.fromEntries(url.searchParams));
  const [page, unread] = await Promise.all([listInbox(db, query), countUnread(db)]);
  return Response.json(
    {
      messages: page.rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
        handledAt: row.handledAt?.toISOString() ?? null,
      })),
      total: page.total,
      page: page.page,
      pageCount: page.pageCount,
      unread,
    },
    { headers: noStore },
  );
};
