/** POST /api/admin/events/bulk — `{ action: publish|unpublish|archive|delete, ids, detach? }`, all or nothing */
import { bulkRoute } from '../../../../server/admin/routes.ts';
import { eventsAdmin } from '../../../../server/events/admin-resource.ts';

export const POST = bulkRoute(eventsAdmin);
