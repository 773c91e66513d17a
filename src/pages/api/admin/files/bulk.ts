/** POST /api/admin/files/bulk — `{ action: publish|unpublish|archive|delete, ids, detach? }`, all or nothing */
import { bulkRoute } from '../../../../server/admin/routes.ts';
import { filesAdmin } from '../../../../server/files/admin-resource.ts';

export const POST = bulkRoute(filesAdmin);
