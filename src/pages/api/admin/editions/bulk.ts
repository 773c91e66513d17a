/** POST /api/admin/editions/bulk — `{ action: publish|unpublish|archive|delete, ids, detach? }`, all or nothing */
import { bulkRoute } from '../../../../server/admin/routes.ts';
import { editionsAdmin } from '../../../../server/editions/admin-resource.ts';

export const POST = bulkRoute(editionsAdmin);
