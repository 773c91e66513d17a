/** POST /api/admin/tags/bulk — `{ action: publish|unpublish|archive|delete, ids, detach? }`, all or nothing */
import { bulkRoute } from '../../../../server/admin/routes.ts';
import { tagsAdmin } from '../../../../server/tags/admin-resource.ts';

export const POST = bulkRoute(tagsAdmin);
