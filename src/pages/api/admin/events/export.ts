/** GET /api/admin/events/export?format=csv|json — every item matching the list filters, streamed */
import { exportRoute } from '../../../../server/admin/routes.ts';
import { eventsAdmin } from '../../../../server/events/admin-resource.ts';

export const GET = exportRoute(eventsAdmin);
