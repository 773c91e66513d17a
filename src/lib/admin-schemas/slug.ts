/**
 * Slug proposal from a title: transliterated to ASCII (`Éte à Zürich` → `ete-a-zurich`),
 * kebab-case, cut on a word boundary so a `-2` suffix still fits the 80-character limit.
 * Pure, so the slug field of the edit form can show the same proposal the server makes.
 */
import slugify from '@sindresorhus/slugify';
import { SLUG_MAX_LENGTH } from './fields.ts';

/** Room kept for the "-<n>" suffix that makes a repeated title unique. */
const SUFFIX_ROOM = 6;

/** The slug of `title`, or '' when nothing of it can be written in ASCII. */
export function slugFromTitle(title: string): string {
  let slug = slugify(title, { decamelize: false });
  const limit = SLUG_MAX_LENGTH - SUFFIX_ROOM;
  if (slug.length > limit) {
    const cut = slug.slice(0, limit);
    slug = cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : cut;
  }
  return slug.replace(/^-+|-+$/g, '');
}

/** `base` with a numeric suffix (`base-2`), kept within the length limit. */
export function slugWithSuffix(base: string, n: number): string {
  const suffix = `-${n}`;
  const head = base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/g, '');
  return `${head}${suffix}`;
}
