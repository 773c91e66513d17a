/**
 * Labels of related items by id, for pickers showing what is selected. Items seen in search
 * results are remembered; unknown ids are fetched once each (`GET /api/admin/<collection>/<id>`).
 */
import { paths } from '../../../lib/paths.ts';
import { apiRequest } from './api.ts';
import { itemOption, type RelationOption } from './describe.ts';

const cache = new Map<string, RelationOption>();
const pending = new Map<string, Promise<RelationOption>>();

const keyOf = (collection: string, id: number) => `${collection}:${id}`;

/** Remembers options seen in a search or just created. */
export function rememberOptions(collection: string, options: readonly RelationOption[]): void {
  for (const option of options) cache.set(keyOf(collection, option.id), option);
}

/** The option of an id if already known. */
export function knownOption(collection: string, id: number): RelationOption | undefined {
  return cache.get(keyOf(collection, id));
}

/** Options for all `ids`, fetching the unknown ones; an item that cannot be read shows as `#id`. */
export async function loadOptions(collection: string, ids: readonly number[], defaultLocale: string): Promise<RelationOption[]> {
  return Promise.all(
    ids.map((id) => {
      const key = keyOf(collection, id);
      const known = cache.get(key);
      if (known) return known;
      let request = pending.get(key);
      if (!request) {
        request = apiRequest<Record<string, unknown>>('GET', paths.adminApi(collection, id)).then((result) => {
          pending.delete(key);
          const option = result.ok ? itemOption(result.data, defaultLocale) : { id, label: `#${id}` };
          if (result.ok) cache.set(key, option);
          return option;
        });
        pending.set(key, request);
      }
      return request;
    }),
  );
}
