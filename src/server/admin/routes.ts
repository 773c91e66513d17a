/**
 * Route factories: each admin endpoint file binds its collection's resource to these, so every
 * route reads the same way — authorize → parse with zod → domain function → respond.
 */
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { bulkSchema } from '../../lib/admin-schemas/bulk.ts';
import { searchParamsToObject } from '../../lib/admin-schemas/list-query.ts';
import { discardBody, readJsonBody } from './body.ts';
import { exportStream } from './export.ts';
import { handleAdmin, invalidateAfterWrite, json, routeId } from './http.ts';
import { listItems } from './list.ts';
import type { AdminResource } from './resource.ts';
import type { Permission } from '../auth/permissions.ts';
import type { Actor } from './actor.ts';
import { bulkItems, createItem, deleteItems, getItem, updateItem, type WriteOutcome } from './service.ts';
import { parseInput } from './validation.ts';
import { AdminError } from './errors.ts';

/** `GET /api/admin/<collection>`: one page of the list. */
export function listRoute(resource: AdminResource): APIRoute {
  return (context) =>
    handleAdmin(context, 'content.read', async ({ db }) => {
      const query = parseInput(resource.listQuery, searchParamsToObject(context.url.searchParams), 'INVALID_QUERY');
      return json(await listItems(db, resource.list, query));
    });
}

/** A JSON create other than the collection's own (a media made from a video link). */
export interface CreateUseCase<S extends z.ZodType> {
  permission: Permission;
  schema: S;
  create(db: Database, actor: Actor, resource: AdminResource, body: z.output<S>): Promise<WriteOutcome>;
}

/** `POST /api/admin/<collection>`: create from JSON; 201 with the item and its Location. */
export function createRoute<S extends z.ZodType>(resource: AdminResource, useCase?: CreateUseCase<S>): APIRoute {
  if (useCase) return jsonCreate(resource, useCase);
  const schema = resource.createSchema;
  if (!schema) throw new Error(`${resource.collection} has no JSON create`);
  return jsonCreate(resource, { permission: 'content.write', schema, create: createItem });
}

function jsonCreate<S extends z.ZodType>(resource: AdminResource, { permission, schema, create }: CreateUseCase<S>): APIRoute {
  return (context) =>
    handleAdmin(context, permission, async ({ db, actor }) => {
      const body = parseInput(schema, await readJsonBody(context.request));
      const outcome = await create(db, actor, resource, body);
      await invalidateAfterWrite(context, outcome);
      const id = (outcome.body as { id: number }).id;
      return json(outcome.body, 201, { Location: `/api/admin/${resource.collection}/${id}` });
    });
}

/** `GET /api/admin/<collection>/:id`. */
export function readRoute(resource: AdminResource): APIRoute {
  return (context) =>
    handleAdmin(context, 'content.read', async ({ db }) => json(await getItem(db, resource, routeId(context, resource.spec.entity))));
}

/** `PATCH /api/admin/<collection>/:id`: partial update based on the `version` read. */
export function patchRoute(resource: AdminResource): APIRoute {
  return (context) =>
    handleAdmin(context, 'content.write', async ({ db, actor }) => {
      const id = routeId(context, resource.spec.entity);
      const body = parseInput(resource.patchSchema, await readJsonBody(context.request));
      const outcome = await updateItem(db, actor, resource, id, body);
      await invalidateAfterWrite(context, outcome);
      return json(outcome.body);
    });
}

function detachFlag(context: APIContext): boolean {
  const value = context.url.searchParams.get('detach');
  if (value === null || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new AdminError(400, 'INVALID_QUERY', 'detach must be true or false', { errors: { detach: ['INVALID_VALUE'] } });
}

/** `DELETE /api/admin/<collection>/:id[?detach=true]`: 204, or 409 listing where it is used. */
export function deleteRoute(resource: AdminResource): APIRoute {
  return (context) =>
    handleAdmin(context, 'content.delete', async ({ db, actor }) => {
      const id = routeId(context, resource.spec.entity);
      await discardBody(context.request);
      const outcome = await deleteItems(db, actor, resource, [id], detachFlag(context));
      await invalidateAfterWrite(context, outcome);
      return json(null, 204);
    });
}

/** `POST /api/admin/<collection>/bulk`: publish / unpublish / archive / delete many ids. */
export function bulkRoute(resource: AdminResource): APIRoute {
  return (context) =>
    handleAdmin(context, 'content.write', async ({ db, actor }) => {
      const input = parseInput(bulkSchema, await readJsonBody(context.request));
      if (input.action === 'delete' && !actor.can('content.delete')) {
        throw new AdminError(403, 'PERMISSION_DENIED', 'This needs the permission content.delete', { extensions: { permission: 'content.delete' } });
      }
      const outcome = await bulkItems(db, actor, resource, input);
      await invalidateAfterWrite(context, outcome);
      return json(outcome.body);
    });
}

/** `GET /api/admin/<collection>/export?format=csv|json&…filters`: a streamed download. */
export function exportRoute(resource: AdminResource): APIRoute {
  return (context) =>
    handleAdmin(context, 'content.read', async ({ db }) => {
      const query = parseInput(resource.exportQuery, searchParamsToObject(context.url.searchParams), 'INVALID_QUERY');
      const day = new Date().toISOString().slice(0, 10);
      const type = query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8';
      return new Response(exportStream(db, resource.list, query, query.format), {
        headers: {
          'Content-Type': type,
          'Content-Disposition': `attachment; filename="${resource.collection}-${day}.${query.format}"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    });
}
