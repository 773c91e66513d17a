/** GET /api/admin/curators/export?format=csv|json — every item matching the list filters, streamed */
import { exportRoute } from '../../../../server/admin/routes.ts';
import { curatorsAdmin } from '../../../../server/curators/admin-resource.ts';

export const GET = exportRoute(curatorsAdmin);
