/** The presence API's request bodies (docs/decisions/054): which form, of which item, in which tab. */
import { z } from 'zod';
import { collectionNames } from '../../lib/collections/index.ts';

/** One open edit form: the item and a random id the tab made up for it. */
export const presenceInput = z
  .object({
    collection: z.enum(collectionNames),
    itemId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    clientId: z
      .string()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
  .strict();

export type PresenceInput = z.output<typeof presenceInput>;
