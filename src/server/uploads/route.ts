/** Route factory of the upload endpoints (`POST /api/admin/medias`, `POST /api/admin/files`). */
import type { APIRoute } from 'astro';
import type { Actor } from '../admin/actor.ts';
import { handleAdmin, invalidateAfterWrite, json } from '../admin/http.ts';
import type { AdminResource } from '../admin/resource.ts';
import type { WriteOutcome } from '../admin/service.ts';
import { getStorage } from '../storage/index.ts';
import type { UploadContext } from './service.ts';

type Upload = (context: UploadContext, actor: Actor, resource: AdminResource, request: Request) => Promise<WriteOutcome>;

/** Multipart create: 201 with the new item, or 413/415/422 naming what was refused. */
export function uploadRoute(resource: AdminResource, upload: Upload): APIRoute {
  return (context) =>
    handleAdmin(context, 'media.upload', async ({ db, actor }) => {
      const outcome = await upload({ db, storage: getStorage() }, actor, resource, context.request);
      await invalidateAfterWrite(context, outcome);
      const id = (outcome.body as { id: number }).id;
      return json(outcome.body, 201, { Location: `/api/admin/${resource.collection}/${id}` });
    });
}
