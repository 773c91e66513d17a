/** One admin collection as the API routes see it: schemas, list definition, engine spec. */
import type { z } from 'zod';
import type { Database, Executor } from '../../../db/client.ts';
import type { AdminCollection } from '../auth/permissions.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';
import type { ListDefinition, ListQueryBase } from './list.ts';

/** A zod schema of a JSON body (create or update). */
export type BodySchema = z.ZodType<Record<string, unknown>, unknown>;
export type PatchSchema = z.ZodType<Record<string, unknown> & { version: number }, unknown>;

export interface ExportQueryBase {
  q?: string | undefined;
  format: 'csv' | 'json';
}

export interface AdminResource<L extends ListQueryBase = ListQueryBase, X extends ExportQueryBase = ExportQueryBase> {
  collection: AdminCollection;
  spec: EntitySpec;
  list: ListDefinition<L> & ListDefinition<X>;
  listQuery: z.ZodType<L, unknown>;
  exportQuery: z.ZodType<X, unknown>;
  /** JSON create; absent for uploads, which are created by a multipart POST. */
  createSchema?: BodySchema;
  patchSchema: PatchSchema;
  /** Detail members that need the database (where the item is used). */
  describe?(db: Executor, state: EntityState): Promise<Record<string, unknown>>;
  /** Work after deleted items are committed (removing blobs nothing references any more). */
  afterRemove?(db: Database, removed: readonly EntityState[]): Promise<void>;
}
