/**
 * The hub's editorial pages (about, privacy policy, terms) stored per locale (docs/decisions/038):
 * the public read, the admin read, saving one locale's text and restoring a revision. Every save
 * writes a revision (the `revisions` table of decision 030, entity `site_page`) and the purge of
 * exactly the cached pages that show what changed, in its own transaction.
 */
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { revisions, sitePages, sitePageTranslations, type AuditChange, type SitePageSlug } from '../../../db/schema.ts';
import { defaultLocale, isLocale, locales, type Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { recordRevisions } from '../engine/revision-log.ts';
import { recordHubPurge } from '../page-cache/invalidate.ts';
import type { PageCacheRequest } from '../page-cache/request.ts';
import { hubTags } from '../page-cache/tags.ts';
import type { SitePageText } from './schemas.ts';

/** The revisions' entity name of the editorial pages. */
export const SITE_PAGE_ENTITY = 'site_page';

const textFields = ['title', 'description', 'updated', 'body'] as const satisfies readonly (keyof SitePageText)[];

/** The public address of each page. */
export const sitePagePaths: Record<SitePageSlug, (locale: Locale) => string> = {
  about: paths.about,
  'privacy-policy': paths.privacy,
  'terms-and-conditions': paths.terms,
};

export interface SitePageEditable {
  id: number;
  slug: SitePageSlug;
  version: number;
  texts: Partial<Record<Locale, SitePageText>>;
}

/** A page with every locale's text; undefined for an unknown slug. */
export async function loadSitePage(db: Executor, slug: SitePageSlug): Promise<SitePageEditable | undefined> {
  const [page] = await db.select({ id: sitePages.id, version: sitePages.version }).from(sitePages).where(eq(sitePages.slug, slug));
  if (!page) return undefined;
  const rows = await db.select().from(sitePageTranslations).where(eq(sitePageTranslations.pageId, page.id));
  const texts: Partial<Record<Locale, SitePageText>> = {};
  for (const { locale, title, description, updated, body } of rows) if (isLocale(locale)) texts[locale] = { title, description, updated, body };
  return { id: page.id, slug, version: page.version, texts };
}

export interface PublicSitePage {
  slug: SitePageSlug;
  /** The locale of the text shown: the page's, else the default locale's (with a notice). */
  textLocale: Locale;
  text: SitePageText;
  /** Locales the page is written in (hreflang alternates). */
  available: Locale[];
}

/** The page as visitors of `locale` see it; undefined when it has no text at all. */
export async function getPublicSitePage(db: Executor, slug: SitePageSlug, locale: Locale): Promise<PublicSitePage | undefined> {
  const page = await loadSitePage(db, slug);
  if (!page) return undefined;
  const textLocale = page.texts[locale] ? locale : defaultLocale;
  const text = page.texts[textLocale];
  if (!text) return undefined;
  return { slug, textLocale, text, available: locales.filter((code) => page.texts[code]) };
}

/** What a cached public page depends on: its own text (or the fallback's) and the set of locales. */
export function publicSitePageTags(page: PublicSitePage, locale: Locale): string[] {
  return [...new Set([hubTags.sitePage(page.slug), hubTags.sitePageText(page.slug, locale), hubTags.sitePageText(page.slug, page.textLocale)])];
}

/** The revision snapshot of a page (the shape decision 030 stores for every item). */
function stateOf(page: SitePageEditable) {
  return { id: page.id, values: { slug: page.slug, version: page.version }, translations: page.texts, links: {} };
}

/** `translations.<locale>.<field>` for each text change, as content entries list them. */
function changedPaths(changes: readonly AuditChange[]): string[] {
  return changes.flatMap((change) =>
    change.kind === 'text' ? [`translations.${change.locale}.${change.field}`] : change.kind === 'locale' ? [`translations.${change.locale}`] : [],
  );
}

function textChanges(before: SitePageEditable['texts'], after: SitePageEditable['texts']): AuditChange[] {
  const cut = (value: string | undefined) => (value === undefined ? null : value.length > 300 ? `${value.slice(0, 299)}…` : value);
  const changes: AuditChange[] = [];
  for (const locale of locales) {
    const [from, to] = [before[locale], after[locale]];
    if (!from && to) changes.push({ kind: 'locale', locale, change: 'added' });
    else if (from && !to) changes.push({ kind: 'locale', locale, change: 'removed' });
    if (!from || !to) continue;
    for (const field of textFields) if (from[field] !== to[field]) changes.push({ kind: 'text', locale, field, from: cut(from[field]), to: cut(to[field]) });
  }
  return changes;
}

/** The tags a change of texts purges: each changed locale, and every locale when the set of locales changed. */
function tagsToPurge(slug: SitePageSlug, before: SitePageEditable['texts'], after: SitePageEditable['texts']): string[] {
  const changed = locales.filter((locale) => JSON.stringify(before[locale]) !== JSON.stringify(after[locale]));
  if (changed.some((locale) => !before[locale] !== !after[locale])) return [hubTags.sitePage(slug)];
  return changed.map((locale) => hubTags.sitePageText(slug, locale));
}

export type SaveOutcome = { ok: true; page: SitePageEditable; changed: boolean } | { ok: false; code: 'NOT_FOUND' | 'VERSION_CONFLICT' | 'REVISION_NOT_FOUND' };

/**
 * Writes `texts` (the locales given; others kept) as a new version based on `version`, with a
 * revision and the purge of the pages that show what changed. A save that changes nothing
 * writes nothing.
 */
async function writeTexts(
  db: Database,
  cache: PageCacheRequest | undefined,
  actor: Actor,
  slug: SitePageSlug,
  version: number,
  texts: Partial<Record<Locale, SitePageText>>,
  origin: { action: 'update' | 'restore'; restoredFrom?: number },
): Promise<SaveOutcome> {
  const outcome = await writeTransaction(db, async (tx): Promise<SaveOutcome & { tags?: string[]; purgeId?: number | undefined }> => {
    const before = await loadSitePage(tx, slug);
    if (!before) return { ok: false, code: 'NOT_FOUND' };
    if (before.version !== version) return { ok: false, code: 'VERSION_CONFLICT' };
    const afterTexts = { ...before.texts, ...texts };
    const changes = textChanges(before.texts, afterTexts);
    if (changes.length === 0) return { ok: true, page: before, changed: false };
    for (const [locale, text] of Object.entries(texts)) {
      await tx
        .insert(sitePageTranslations)
        .values({ pageId: before.id, locale, ...text })
        .onConflictDoUpdate({ target: [sitePageTranslations.pageId, sitePageTranslations.locale], set: text });
    }
    const after: SitePageEditable = { ...before, version: before.version + 1, texts: afterTexts };
    await tx.update(sitePages).set({ version: after.version, updatedAt: new Date(), updatedBy: actor.id }).where(eq(sitePages.id, before.id));
    await recordAudit(tx, actor, [
      {
        action: origin.action,
        entity: SITE_PAGE_ENTITY,
        entityId: before.id,
        title: afterTexts[defaultLocale]?.title ?? slug,
        changedFields: changedPaths(changes),
        changes,
      },
    ]);
    await recordRevisions(tx, actor, { entity: SITE_PAGE_ENTITY }, [
      { state: stateOf(after), action: origin.action, changes, restoredFrom: origin.restoredFrom },
    ]);
    const tags = tagsToPurge(slug, before.texts, afterTexts);
    return { ok: true, page: after, changed: true, tags, purgeId: await recordHubPurge(tx, tags) };
  });
  if (outcome.ok && outcome.tags) cache?.purge(outcome.tags, { purgeId: outcome.purgeId });
  if (!outcome.ok) return outcome;
  return { ok: true, page: outcome.page, changed: outcome.changed };
}

/** Saves one locale's text of a page (a new locale is added). */
export function saveSitePageText(
  db: Database,
  cache: PageCacheRequest | undefined,
  actor: Actor,
  slug: SitePageSlug,
  locale: Locale,
  version: number,
  text: SitePageText,
): Promise<SaveOutcome> {
  return writeTexts(db, cache, actor, slug, version, { [locale]: text }, { action: 'update' });
}

export interface SitePageRevision {
  id: number;
  number: number;
  action: string;
  restoredFrom: number | null;
  authorLabel: string | null;
  createdAt: Date;
  changes: AuditChange[];
}

/** A page's revisions, newest first (at most `limit`). */
export async function listSitePageRevisions(db: Executor, pageId: number, limit = 50): Promise<SitePageRevision[]> {
  const { snapshot: _snapshot, entity: _entity, entityId: _entityId, itemVersion: _itemVersion, authorId: _authorId, ...columns } = getTableColumns(revisions);
  return db
    .select(columns)
    .from(revisions)
    .where(and(eq(revisions.entity, SITE_PAGE_ENTITY), eq(revisions.entityId, pageId)))
    .orderBy(desc(revisions.number))
    .limit(limit);
}

/**
 * Brings back the texts of revision `revisionId` (every locale it had) as a new save based on
 * `version`; a locale written since is kept, since the public page must never lose a language by
 * surprise.
 */
export async function restoreSitePageRevision(
  db: Database,
  cache: PageCacheRequest | undefined,
  actor: Actor,
  slug: SitePageSlug,
  revisionId: number,
  version: number,
): Promise<SaveOutcome> {
  const page = await loadSitePage(db, slug);
  if (!page) return { ok: false, code: 'NOT_FOUND' };
  const [row] = await db
    .select({ number: revisions.number, snapshot: revisions.snapshot })
    .from(revisions)
    .where(and(eq(revisions.id, revisionId), eq(revisions.entity, SITE_PAGE_ENTITY), eq(revisions.entityId, page.id)));
  if (!row) return { ok: false, code: 'REVISION_NOT_FOUND' };
  const texts: Partial<Record<Locale, SitePageText>> = {};
  for (const [locale, text] of Object.entries(row.snapshot.translations)) {
    if (!isLocale(locale) || !text) continue;
    const { title, description, updated, body } = text;
    if (title && description && updated && body !== null && body !== undefined) texts[locale] = { title, description, updated, body };
  }
  return writeTexts(db, cache, actor, slug, version, texts, { action: 'restore', restoredFrom: row.number });
}

/** One text that differs between a revision and the page as it is now. */
export interface SitePageDiffRow {
  locale: Locale;
  field: keyof SitePageText;
  revision: string | null;
  current: string | null;
}

/** Revision `revisionId` of the page compared with its current texts; undefined when it is not one of its revisions. */
export async function compareSitePageRevision(
  db: Executor,
  page: SitePageEditable,
  revisionId: number,
): Promise<{ id: number; number: number; rows: SitePageDiffRow[] } | undefined> {
  const [row] = await db
    .select({ id: revisions.id, number: revisions.number, snapshot: revisions.snapshot })
    .from(revisions)
    .where(and(eq(revisions.id, revisionId), eq(revisions.entity, SITE_PAGE_ENTITY), eq(revisions.entityId, page.id)));
  if (!row) return undefined;
  const rows: SitePageDiffRow[] = [];
  for (const locale of locales) {
    const old = row.snapshot.translations[locale];
    const now = page.texts[locale];
    for (const field of textFields) {
      const [revision, current] = [old?.[field] ?? null, now?.[field] ?? null];
      if (revision !== current) rows.push({ locale, field, revision, current });
    }
  }
  return { id: row.id, number: row.number, rows };
}
