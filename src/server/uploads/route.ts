/**
 * Creating a media or a file from `POST /api/admin/<medias|files>`: a multipart upload, or for
 * medias a video link sent as JSON (decision 013).
 */
import { mediaVideoLinkSchema } from '../../lib/collections/medias.ts';
import type { Database } from '../../../db/client.ts';
import type { Actor } from '../auth/actor.ts';
import { isJsonRequest, readJsonBody } from '../admin/body.ts';
import { AdminError } from '../errors/domain-errors.ts';
import type { AdminResource } from '../engine/resource.ts';
import type { WriteOutcome } from '../engine/service.ts';
import { parseInput } from '../engine/validation.ts';
import { createVideoLink } from '../medias/video-links.ts';
import { getStorage } from '../storage/index.ts';
import { uploadFile, uploadMedia } from './service.ts';

/** The create of a collection that has no JSON create schema: 413/415/422 name what was refused. */
export async function createUpload(db: Database, actor: Actor, resource: AdminResource, request: Request): Promise<WriteOutcome> {
  const context = { db, storage: getStorage() };
  switch (resource.collection) {
    case 'medias':
      if (isJsonRequest(request)) return createVideoLink(db, actor, resource, parseInput(mediaVideoLinkSchema, await readJsonBody(request)));
      return uploadMedia(context, actor, resource, request);
    case 'files':
      return uploadFile(context, actor, resource, request);
    default:
      throw new AdminError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  }
}
