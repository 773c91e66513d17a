/** POST /api/admin/curators/bulk — `{ action: publish|unpublish|archive|delete, ids, detach? }`, all or nothing */
import { bulkRoute } from '../../../../server/admin/routes.ts';
import { curatorsAdmin } from '../../../../server/curators/admin-resource.ts';

export const POST = bulkRoute(curatorsAdmin);
