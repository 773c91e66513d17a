/** POST /api/admin/medias/bulk — `{ action: publish|unpublish|archive|delete, ids, detach? }`, all or nothing */
import { bulkRoute } from '../../../../server/admin/routes.ts';
import { mediasAdmin } from '../../../../server/medias/admin-resource.ts';

export const POST = bulkRoute(mediasAdmin);
