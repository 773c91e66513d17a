/** GET /api/admin/editions/export?format=csv|json — every item matching the list filters, streamed */
import { exportRoute } from '../../../../server/admin/routes.ts';
import { editionsAdmin } from '../../../../server/editions/admin-resource.ts';

export const GET = exportRoute(editionsAdmin);
