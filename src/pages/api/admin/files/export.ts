/** GET /api/admin/files/export?format=csv|json — every item matching the list filters, streamed */
import { exportRoute } from '../../../../server/admin/routes.ts';
import { filesAdmin } from '../../../../server/files/admin-resource.ts';

export const GET = exportRoute(filesAdmin);
