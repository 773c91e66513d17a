/**
 * Unique slugs. A slug generated from a title silently takes the first free `-<n>` variant; a
 * slug the editor typed is never changed behind their back: a collision answers 409
 * `SLUG_TAKEN` with a free suggestion.
 */
import { and, eq, like, ne, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { slugFromTitle, slugWithSuffix } from '../../lib/admin-schemas/slug.ts';
import { AdminError, type FieldErrors } from '../errors/domain-errors.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';
import { columnOf } from './entity-state.ts';

/**
 * An item with neither a slug nor the text one is made from (an empty Title: the form leaves out
 * a language with no text) is missing that text, not a slug: `REQUIRED` on the source's field.
 */
export function checkSlugSource(spec: EntitySpec, state: EntityState, errors: FieldErrors): void {
  if (!spec.slug || isFilled(state.values['slug'])) return;
  if (!isFilled(spec.slug.source(state))) errors.add(spec.slug.field, 'REQUIRED');
}

function isFilled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** `base` if free, else the first free `base-<n>` (n ≥ 2), in one query. */
export async function findFreeSlug(db: Executor, spec: EntitySpec, base: string, exceptId?: number): Promise<string> {
  const slug = columnOf(spec, 'slug');
  const rows = await db
    .select({ slug })
    .from(spec.table)
    .where(and(or(eq(slug, base), like(slug, `${base}-%`)), exceptId ? ne(columnOf(spec, 'id'), exceptId) : undefined));
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = slugWithSuffix(base, n);
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The slug to store for `state`: the requested one (409 with a suggestion when another item has
 * it), else one generated from the item's title, else 422 `SLUG_REQUIRED`.
 */
export async function resolveSlug(db: Executor, spec: EntitySpec, state: EntityState, requested: string | undefined): Promise<string> {
  const exceptId = state.id || undefined;
  if (requested) {
    const free = await findFreeSlug(db, spec, requested, exceptId);
    if (free !== requested) {
      throw new AdminError(409, 'SLUG_TAKEN', `The slug "${requested}" is already used`, {
        errors: { slug: ['SLUG_TAKEN'] },
        extensions: { suggestion: free },
      });
    }
    return requested;
  }
  const base = slugFromTitle(spec.slug?.source(state) ?? '');
  if (!base) {
    throw new AdminError(422, 'INVALID_VALUES', 'Give a slug, or a title it can be made from', { errors: { slug: ['SLUG_REQUIRED'] } });
  }
  return findFreeSlug(db, spec, base, exceptId);
}
