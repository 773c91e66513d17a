/** The editions an administrator can limit someone to (team screen, invitations), newest first. */
import { and, desc, eq } from 'drizzle-orm';
import { editionTranslations, editions } from '../../../db/schema.ts';
import type { Executor } from '../../../db/client.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import type { EditionScope } from '../auth/edition-scope.ts';

export interface EditionOption {
  id: number;
  slug: string;
  /** In the reader's language, else the default locale's, else the slug. */
  title: string;
}

/** Every edition (drafts too: a guest curator often prepares one before it is public). */
export async function listEditionOptions(db: Executor, locale: Locale): Promise<EditionOption[]> {
  const [rows, texts] = await Promise.all([
    db.select({ id: editions.id, slug: editions.slug }).from(editions).orderBy(desc(editions.startsAt), desc(editions.id)),
    db
      .select({ id: editionTranslations.editionId, locale: editionTranslations.locale, title: editionTranslations.title })
      .from(editionTranslations)
      .where(and(eq(editionTranslations.locale, locale === defaultLocale ? defaultLocale : locale))),
  ]);
  const fallback =
    locale === defaultLocale
      ? []
      : await db
          .select({ id: editionTranslations.editionId, title: editionTranslations.title })
          .from(editionTranslations)
          .where(eq(editionTranslations.locale, defaultLocale));
  const own = new Map(texts.map((row) => [row.id, row.title]));
  const base = new Map(fallback.map((row) => [row.id, row.title]));
  return rows.map((row) => ({ ...row, title: own.get(row.id) || base.get(row.id) || row.slug }));
}

/** The titles of a scope's editions, for a summary line ("Editions: Spring 2026, Autumn 2026"). */
export function scopeTitles(scope: EditionScope, options: readonly EditionOption[]): string[] {
  if (!scope) return [];
  return scope.map((id) => options.find((option) => option.id === id)?.title ?? `#${id}`);
}
