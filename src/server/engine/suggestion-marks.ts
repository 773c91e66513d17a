/**
 * Machine suggestions awaiting review (docs/decisions/056): the hash of each text a translation
 * service suggested for an item's field, until a person edits or accepts it. The engine refuses
 * any save that would store a field's text while it still equals its suggestion, so an
 * unreviewed suggestion is never stored, and so never published, whichever path publishes.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { translationSuggestions } from '../../../db/schema.ts';
import type { Executor } from '../../../db/client.ts';
import { isLocale } from '../../i18n/config.ts';
import { AdminError } from '../errors/domain-errors.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';

/** The hash a suggestion is recognised by: line endings and surrounding blanks do not count. */
export function suggestionHash(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n?/g, '\n').trim()).digest('hex');
}

/** Records (or renews) the suggestions given for `itemId`'s `locale`, field → text. */
export async function markSuggestions(db: Executor, entity: string, itemId: number, locale: string, texts: Readonly<Record<string, string>>): Promise<void> {
  const now = new Date();
  const rows = Object.entries(texts).map(([field, text]) => ({ entity, itemId, locale, field, textHash: suggestionHash(text), createdAt: now }));
  if (rows.length === 0) return;
  await db
    .insert(translationSuggestions)
    .values(rows)
    .onConflictDoUpdate({
      target: [translationSuggestions.entity, translationSuggestions.itemId, translationSuggestions.locale, translationSuggestions.field],
      set: { textHash: sql`excluded.text_hash`, createdAt: now },
    });
}

/** Forgets the marks of `fields` (a person accepted those texts, or saved other ones). */
export async function clearSuggestions(db: Executor, entity: string, itemId: number, locale: string, fields: readonly string[]): Promise<void> {
  if (fields.length === 0) return;
  const t = translationSuggestions;
  await db.delete(t).where(and(eq(t.entity, entity), eq(t.itemId, itemId), eq(t.locale, locale), inArray(t.field, [...fields])));
}

/**
 * 409 `UNREVIEWED_SUGGESTIONS` (field errors `UNREVIEWED_SUGGESTION`) when a text this write
 * changes still equals the machine suggestion given for it; otherwise the changed fields' marks
 * go, since a person wrote something else there.
 */
export async function refuseUnreviewedSuggestions(db: Executor, spec: EntitySpec, after: EntityState, changed: readonly string[]): Promise<void> {
  const texts = changed.flatMap((path) => {
    const [head, locale, field] = path.split('.');
    return head === 'translations' && locale && field ? [{ path, locale, field }] : [];
  });
  if (texts.length === 0) return;
  const t = translationSuggestions;
  const marks = await db
    .select({ locale: t.locale, field: t.field, textHash: t.textHash })
    .from(t)
    .where(and(eq(t.entity, spec.entity), eq(t.itemId, after.id)));
  if (marks.length === 0) return;
  const unreviewed: Record<string, string[]> = {};
  const reviewed: { locale: string; field: string }[] = [];
  for (const { path, locale, field } of texts) {
    const mark = marks.find((row) => row.locale === locale && row.field === field);
    if (!mark) continue;
    const value = isLocale(locale) ? after.translations[locale]?.[field] : undefined;
    if (typeof value === 'string' && value.trim() !== '' && suggestionHash(value) === mark.textHash) unreviewed[path] = ['UNREVIEWED_SUGGESTION'];
    else reviewed.push({ locale, field });
  }
  if (Object.keys(unreviewed).length > 0) {
    throw new AdminError(409, 'UNREVIEWED_SUGGESTIONS', 'Machine suggestions must be edited or accepted before they are saved', { errors: unreviewed });
  }
  for (const { locale, field } of reviewed) await clearSuggestions(db, spec.entity, after.id, locale, [field]);
}
