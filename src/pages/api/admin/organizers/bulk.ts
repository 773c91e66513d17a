/** POST /api/admin/organizers/bulk — `{ action: publish|unpublish|archive|delete, ids, detach? }`, all or nothing */
import { bulkRoute } from '../../../../server/admin/routes.ts';
import { organizersAdmin } from '../../../../server/organizers/admin-resource.ts';

export const POST = bulkRoute(organizersAdmin);
