/**
 * Saving the site settings (docs/decisions/038, 043): one row and the texts per locale, replaced in
 * one transaction with the purge of every cached page (each shows the name, logo, colours and
 * fonts); the purge also makes every process read the settings again.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { medias, siteSettings, siteSettingTranslations, type AuditChange, type AuditValue } from '../../../db/schema.ts';
import { locales } from '../../i18n/config.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { recordHubPurge } from '../page-cache/invalidate.ts';
import type { PageCacheRequest } from '../page-cache/request.ts';
import { hubTags } from '../page-cache/tags.ts';
import type { SiteFieldCode, SiteSettingsInput } from './schemas.ts';
import { forgetSiteSettings } from '../config/site-settings.ts';
import { svgLogoKey } from '../config/svg-logo-key.ts';

/** The SVG logo part of a save: keep the stored one, remove it, or store this cleaned markup. */
export type SvgLogoChange = { action: 'keep' } | { action: 'remove' } | { action: 'set'; markup: string };

export type SettingsSaveOutcome =
  { ok: true } | { ok: false; code: 'VERSION_CONFLICT' } | { ok: false; code: 'INVALID'; errors: Record<string, SiteFieldCode[]> };

/** What a save changes, old → new, for the activity log (names per locale as texts). */
async function settingsChanges(tx: Executor, input: SiteSettingsInput, logoSvg: string | null): Promise<AuditChange[]> {
  const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1));
  const texts = await tx.select().from(siteSettingTranslations);
  const names = new Map(texts.map((row) => [row.locale, row.siteName || null]));
  const taglines = new Map(texts.map((row) => [row.locale, row.tagline || null]));
  const changes: AuditChange[] = [];
  const value = (field: string, from: AuditValue, to: AuditValue) => {
    if (from !== to) changes.push({ kind: 'value', field, from, to });
  };
  value('logoMediaId', before?.logoMediaId ?? null, input.logoMediaId);
  // The markup itself is not logged: its hash names the version (the media route's key).
  value('logoSvg', before?.logoSvg ? svgLogoKey(before.logoSvg) : null, logoSvg ? svgLogoKey(logoSvg) : null);
  value('primaryColor', before?.primaryColor ?? null, input.primaryColor);
  value('secondaryColor', before?.secondaryColor ?? null, input.secondaryColor);
  value('fontPair', before?.fontPair ?? null, input.fontPair);
  value('heroMediaId', before?.heroMediaId ?? null, input.heroMediaId);
  value('contactTo', (before?.contactTo ?? []).join(', ') || null, input.contactTo.join(', ') || null);
  for (const locale of locales) {
    const [from, to] = [names.get(locale) ?? null, input.names[locale] || null];
    if (from !== to) changes.push({ kind: 'text', locale, field: 'siteName', from, to });
    const [fromTagline, toTagline] = [taglines.get(locale) ?? null, input.taglines[locale] || null];
    if (fromTagline !== toTagline) changes.push({ kind: 'text', locale, field: 'tagline', from: fromTagline, to: toTagline });
  }
  return changes;
}

/** True when `id` is an image of the media library with its file stored. */
async function isStoredImage(tx: Executor, id: number): Promise<boolean> {
  const [image] = await tx
    .select({ id: medias.id })
    .from(medias)
    .where(and(eq(medias.id, id), eq(medias.kind, 'image'), isNotNull(medias.storageKey)));
  return image !== undefined;
}

/** Saves the settings based on `input.version`; a logo or hero must be an image of the media library. */
export async function saveSiteSettings(
  db: Database,
  cache: PageCacheRequest | undefined,
  actor: Actor,
  input: SiteSettingsInput,
  svgLogo: SvgLogoChange = { action: 'keep' },
): Promise<SettingsSaveOutcome> {
  const outcome = await writeTransaction(db, async (tx): Promise<SettingsSaveOutcome & { purgeId?: number | undefined }> => {
    const [current] = await tx.select({ version: siteSettings.version }).from(siteSettings).where(eq(siteSettings.id, 1));
    if ((current?.version ?? 1) !== input.version) return { ok: false, code: 'VERSION_CONFLICT' };
    const errors: Record<string, SiteFieldCode[]> = {};
    if (input.logoMediaId !== null && !(await isStoredImage(tx, input.logoMediaId))) errors['logoMediaId'] = ['INVALID_MEDIA'];
    if (input.heroMediaId !== null && !(await isStoredImage(tx, input.heroMediaId))) errors['heroMediaId'] = ['INVALID_MEDIA'];
    if (Object.keys(errors).length > 0) return { ok: false, code: 'INVALID', errors };
    const [stored] = await tx.select({ logoSvg: siteSettings.logoSvg }).from(siteSettings).where(eq(siteSettings.id, 1));
    const logoSvg = svgLogo.action === 'set' ? svgLogo.markup : svgLogo.action === 'remove' ? null : (stored?.logoSvg ?? null);
    const changes = await settingsChanges(tx, input, logoSvg);
    const row = {
      logoMediaId: input.logoMediaId,
      logoSvg,
      primaryColor: input.primaryColor,
      secondaryColor: input.secondaryColor,
      fontPair: input.fontPair,
      heroMediaId: input.heroMediaId,
      contactTo: input.contactTo,
      updatedAt: new Date(),
      updatedBy: actor.id,
    };
    await tx
      .insert(siteSettings)
      .values({ id: 1, ...row, version: input.version + 1, createdBy: actor.id })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...row, version: input.version + 1 } });
    await tx.delete(siteSettingTranslations);
    const names = locales.flatMap((locale) =>
      input.names[locale] || input.taglines[locale] ? [{ locale, siteName: input.names[locale], tagline: input.taglines[locale] }] : [],
    );
    if (names.length > 0) await tx.insert(siteSettingTranslations).values(names);
    const changedFields = changes.flatMap((change) =>
      change.kind === 'text' ? [`translations.${change.locale}.${change.field}`] : change.kind === 'value' ? [change.field] : [],
    );
    await recordAudit(tx, actor, [{ action: 'update', entity: 'site_settings', entityId: 1, changedFields, changes }]);
    return { ok: true, purgeId: await recordHubPurge(tx, [hubTags.all]) };
  });
  if (!outcome.ok) return outcome;
  forgetSiteSettings();
  cache?.purge([hubTags.all], { purgeId: outcome.purgeId });
  return { ok: true };
}
