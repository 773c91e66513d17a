/**
 * Form drafts ↔ API bodies. A draft holds what the inputs show (texts as strings, times as wall
 * times in the item's zone, translations for every locale); the API wants only what changed
 * (PATCH), nulls for cleared optional values, and instants. Pure, so it is unit-tested.
 */
import type { DraftSpec, FieldKind, TranslationKind } from '../../../lib/collections/declare.ts';
import { wallTimeToInstant, instantToWallTime } from '../../../lib/zoned-time.ts';

export type Translations = Record<string, Record<string, string>>;
export type FormDraft = Record<string, unknown> & { translations: Translations; version?: number };

const ZONE_FIELD = 'timeZone';

function zoneOf(source: Record<string, unknown>): string {
  return typeof source[ZONE_FIELD] === 'string' && source[ZONE_FIELD] ? (source[ZONE_FIELD] as string) : 'UTC';
}

/** An ISO instant as the API sends it (`…Z` or with an offset), as opposed to a wall time. */
function isInstant(value: unknown): value is string {
  return typeof value === 'string' && /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The draft of an item as the API returned it (or of a new item from `defaults`). */
export function itemToDraft(spec: DraftSpec, item: Record<string, unknown>): FormDraft {
  const zone = zoneOf(item);
  const draft: FormDraft = { translations: {} };
  for (const [field, kind] of Object.entries(spec.fields)) {
    const value = item[field];
    if (kind === 'instant' || kind === 'optionalInstant')
      draft[field] = isInstant(value) ? instantToWallTime(value, zone) : typeof value === 'string' ? value : '';
    else if (kind === 'ids') draft[field] = Array.isArray(value) ? [...value] : [];
    else if (kind === 'id') draft[field] = typeof value === 'number' ? value : null;
    else if (kind === 'text' || kind === 'optionalText') draft[field] = typeof value === 'string' ? value : '';
    else draft[field] = value === undefined ? null : structuredClone(value);
  }
  const source = (item['translations'] ?? {}) as Record<string, Record<string, unknown> | null | undefined>;
  for (const locale of spec.locales) {
    const row = source[locale] ?? {};
    draft.translations[locale] = Object.fromEntries(
      Object.keys(spec.translations).map((field) => [field, typeof row[field] === 'string' ? (row[field] as string) : '']),
    );
  }
  if (typeof item['version'] === 'number') draft.version = item['version'];
  return draft;
}

/** The API value of one base field of the draft. */
function outgoing(kind: FieldKind, value: unknown, zone: string): unknown {
  switch (kind) {
    case 'optionalText':
      return isBlank(value) ? null : value;
    case 'instant':
    case 'optionalInstant': {
      if (isBlank(value)) return kind === 'optionalInstant' ? null : undefined;
      // An unreadable time goes out as typed: the shared schema reports INVALID_DATETIME on it.
      return wallTimeToInstant(String(value), zone)?.toISOString() ?? String(value);
    }
    default:
      return value;
  }
}

function translationValue(kind: TranslationKind, value: string | undefined): string | null {
  if (kind !== 'text' && isBlank(value)) return null;
  return value ?? '';
}

function localeHasText(row: Record<string, string> | undefined): boolean {
  return Object.values(row ?? {}).some((value) => !isBlank(value));
}

/** The body of a create: filled fields only; a locale is sent when any of its fields is filled. */
export function buildCreateBody(spec: DraftSpec, draft: FormDraft): Record<string, unknown> {
  const zone = zoneOf(draft);
  const body: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(spec.fields)) {
    const value = outgoing(kind, draft[field], zone);
    if (value === undefined || value === null || (kind === 'text' && isBlank(value))) continue;
    if (kind === 'ids' && Array.isArray(value) && value.length === 0) continue;
    body[field] = value;
  }
  const translations: Record<string, Record<string, string>> = {};
  for (const locale of spec.locales) {
    const row = draft.translations[locale];
    if (!localeHasText(row)) continue;
    const out: Record<string, string> = {};
    for (const [field, kind] of Object.entries(spec.translations)) {
      const value = translationValue(kind, row?.[field]);
      if (value !== null && !(kind === 'required' && isBlank(value))) out[field] = value;
    }
    translations[locale] = out;
  }
  if (Object.keys(spec.translations).length) body['translations'] = translations;
  return body;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The body of an update: `version` plus every field that differs from `base`. A locale whose
 * texts were all cleared is sent as `null` (its translation is removed). Changing the time zone
 * re-sends the times, since the same wall time is another instant there.
 */
export function buildPatchBody(spec: DraftSpec, base: FormDraft, draft: FormDraft): Record<string, unknown> {
  const zone = zoneOf(draft);
  const zoneChanged = zoneOf(base) !== zone && ZONE_FIELD in spec.fields;
  const body: Record<string, unknown> = { version: base.version };
  for (const [field, kind] of Object.entries(spec.fields)) {
    const timeField = kind === 'instant' || kind === 'optionalInstant';
    // An empty optional time stays empty in any zone: only filled times move with the zone.
    const moved = timeField && zoneChanged && !isBlank(draft[field]);
    if (sameJson(base[field], draft[field]) && !moved) continue;
    const value = outgoing(kind, draft[field], zone);
    // A required time that was cleared goes out as '' so the schema reports it.
    body[field] = value === undefined ? '' : value;
  }
  const translations: Record<string, Record<string, string | null> | null> = {};
  for (const locale of spec.locales) {
    const before = base.translations[locale];
    const after = draft.translations[locale];
    if (sameJson(before, after)) continue;
    if (!localeHasText(after)) {
      if (localeHasText(before)) translations[locale] = null;
      continue;
    }
    const fields: Record<string, string | null> = {};
    for (const [field, kind] of Object.entries(spec.translations)) {
      // A locale that did not exist yet needs its required fields even when unchanged ('').
      const isNew = !localeHasText(before);
      if (!isNew && (before?.[field] ?? '') === (after?.[field] ?? '')) continue;
      const value = translationValue(kind, after?.[field]);
      if (isNew && value === null) continue;
      fields[field] = kind === 'required' && value === null ? '' : value;
    }
    translations[locale] = fields;
  }
  if (Object.keys(translations).length) body['translations'] = translations;
  return body;
}

/** Per-locale completeness of a draft, for the tab markers: every `required`/`complete` field filled. */
export function draftLocaleStatus(draft: FormDraft, locale: string, completeFields: readonly string[]): 'complete' | 'partial' | 'missing' {
  const row = draft.translations[locale];
  if (!localeHasText(row)) return 'missing';
  return completeFields.every((field) => !isBlank(row?.[field])) ? 'complete' : 'partial';
}
