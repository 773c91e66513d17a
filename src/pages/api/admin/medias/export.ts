/** GET /api/admin/medias/export?format=csv|json — every item matching the list filters, streamed */
import { exportRoute } from '../../../../server/admin/routes.ts';
import { mediasAdmin } from '../../../../server/medias/admin-resource.ts';

export const GET = exportRoute(mediasAdmin);
