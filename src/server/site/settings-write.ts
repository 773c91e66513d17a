/**
 * Saving the site settings (docs/decisions/038): one row and the names per locale, replaced in one
 * transaction with the purge of every cached page (each shows the name, logo and accent colour);
 * the purge also makes every process read the settings again.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { medias, siteSettings, siteSettingTranslations, type AuditChange, type AuditValue } from '../../../db/schema.ts';
import { locales } from '../../i18n/config.ts';
import type { Actor } from '../admin/actor.ts';
import { recordAudit } from '../admin/audit.ts';
import { recordHubPurge } from '../page-cache/invalidate.ts';
import type { PageCacheRequest } from '../page-cache/request.ts';
import { hubTags } from '../page-cache/tags.ts';
import type { SiteFieldCode, SiteSettingsInput } from './schemas.ts';
import { forgetSiteSettings } from './settings.ts';

export type SettingsSaveOutcome =
  { ok: true } | { ok: false; code: 'VERSION_CONFLICT' } | { ok: false; code: 'INVALID'; errors: Record<string, SiteFieldCode[]> };

/** What a save changes, old → new, for the activity log (names per locale as texts). */
async function settingsChanges(tx: Executor, input: SiteSettingsInput): Promise<AuditChange[]> {
  const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1));
  const names = new Map((await tx.select().from(siteSettingTranslations)).map((row) => [row.locale, row.siteName]));
  const changes: AuditChange[] = [];
  const value = (field: string, from: AuditValue, to: AuditValue) => {
    if (from !== to) changes.push({ kind: 'value', field, from, to });
  };
  value('logoMediaId', before?.logoMediaId ?? null, input.logoMediaId);
  value('accentColor', before?.accentColor ?? null, input.accentColor);
  value('contactTo', (before?.contactTo ?? []).join(', ') || null, input.contactTo.join(', ') || null);
  for (const locale of locales) {
    const [from, to] = [names.get(locale) ?? null, input.names[locale] || null];
    if (from !== to) changes.push({ kind: 'text', locale, field: 'siteName', from, to });
  }
  return changes;
}

/** Saves the settings based on `input.version`; a logo must be an image of the media library. */
export async function saveSiteSettings(
  db: Database,
  cache: PageCacheRequest | undefined,
  actor: Actor,
  input: SiteSettingsInput,
): Promise<SettingsSaveOutcome> {
  const outcome = await writeTransaction(db, async (tx): Promise<SettingsSaveOutcome & { purgeId?: number | undefined }> => {
    const [current] = await tx.select({ version: siteSettings.version }).from(siteSettings).where(eq(siteSettings.id, 1));
    if ((current?.version ?? 1) !== input.version) return { ok: false, code: 'VERSION_CONFLICT' };
    if (input.logoMediaId !== null) {
      const [image] = await tx
        .select({ id: medias.id })
        .from(medias)
        .where(and(eq(medias.id, input.logoMediaId), eq(medias.kind, 'image'), isNotNull(medias.storageKey)));
      if (!image) return { ok: false, code: 'INVALID', errors: { logoMediaId: ['INVALID_MEDIA'] } };
    }
    const changes = await settingsChanges(tx, input);
    const row = { logoMediaId: input.logoMediaId, accentColor: input.accentColor, contactTo: input.contactTo, updatedAt: new Date(), updatedBy: actor.id };
    await tx
      .insert(siteSettings)
      .values({ id: 1, ...row, version: input.version + 1, createdBy: actor.id })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...row, version: input.version + 1 } });
    await tx.delete(siteSettingTranslations);
    const names = locales.flatMap((locale) => (input.names[locale] ? [{ locale, siteName: input.names[locale] }] : []));
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
