/** GET /api/admin/tags/export?format=csv|json — every item matching the list filters, streamed */
import { exportRoute } from '../../../../server/admin/routes.ts';
import { tagsAdmin } from '../../../../server/tags/admin-resource.ts';

export const GET = exportRoute(tagsAdmin);
