/** GET /api/admin/organizers/export?format=csv|json — every item matching the list filters, streamed */
import { exportRoute } from '../../../../server/admin/routes.ts';
import { organizersAdmin } from '../../../../server/organizers/admin-resource.ts';

export const GET = exportRoute(organizersAdmin);
