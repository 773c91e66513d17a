/**
 * Diffing for the 409 conflict dialog. Three versions of one item are compared, each as a form
 * draft: `base` (what the editor loaded), `theirs` (what the server holds now, from the 409) and
 * `mine` (the editor's unsaved draft). Paths are the API's field paths (`translations.fr.title`).
 */

export type Draft = Readonly<Record<string, unknown>>;

/** Empty text, null and undefined all mean "no value" in a form. */
function normalise(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

/** Field path → value, with `translations.<locale>.<field>` spelled out; `version` left out. */
export function flattenDraft(draft: Draft): Map<string, unknown> {
  const result = new Map<string, unknown>();
  for (const [key, value] of Object.entries(draft)) {
    if (key === 'version') continue;
    if (key === 'translations' && value && typeof value === 'object') {
      for (const [locale, row] of Object.entries(value as Record<string, unknown>)) {
        for (const [field, text] of Object.entries((row ?? {}) as Record<string, unknown>)) result.set(`translations.${locale}.${field}`, text);
      }
    } else {
      result.set(key, value);
    }
  }
  return result;
}

export interface ConflictEntry {
  path: string;
  base: unknown;
  theirs: unknown;
  mine: unknown;
  /** Both sides changed this field (to different values): saving mine overwrites theirs. */
  clash: boolean;
}

export interface ConflictReport {
  /** Fields someone else changed since the editor loaded the item. */
  theirs: ConflictEntry[];
  /** Fields only the editor changed: kept whatever they choose for the others. */
  mineOnly: string[];
}

function allPaths(...maps: Map<string, unknown>[]): string[] {
  return [...new Set(maps.flatMap((m) => [...m.keys()]))].sort();
}

/** What changed on each side since `base`. */
export function diffDrafts(base: Draft, theirs: Draft, mine: Draft): ConflictReport {
  const b = flattenDraft(base);
  const t = flattenDraft(theirs);
  const m = flattenDraft(mine);
  const report: ConflictReport = { theirs: [], mineOnly: [] };
  for (const path of allPaths(b, t, m)) {
    const theyChanged = !same(b.get(path), t.get(path));
    const iChanged = !same(b.get(path), m.get(path));
    if (theyChanged) {
      report.theirs.push({ path, base: b.get(path), theirs: t.get(path), mine: m.get(path), clash: iChanged && !same(t.get(path), m.get(path)) });
    } else if (iChanged) {
      report.mineOnly.push(path);
    }
  }
  return report;
}

function setPath(draft: Record<string, unknown>, path: string, value: unknown): void {
  if (!path.startsWith('translations.')) {
    draft[path] = value;
    return;
  }
  const [, locale, field] = path.split('.') as [string, string, string];
  const translations = { ...((draft['translations'] ?? {}) as Record<string, Record<string, unknown>>) };
  translations[locale] = { ...translations[locale], [field]: value };
  draft['translations'] = translations;
}

/**
 * The editor's changes replayed on top of `theirs`: every field the editor changed since `base`
 * takes the editor's value, every other field takes the current one. With the current version,
 * saving this keeps both sides' work except where both edited the same field.
 */
export function rebaseDraft<T extends Draft>(base: Draft, theirs: T, mine: Draft): T {
  const result = structuredClone(theirs);
  const b = flattenDraft(base);
  const m = flattenDraft(mine);
  for (const path of allPaths(b, m)) {
    if (!same(b.get(path), m.get(path))) setPath(result, path, structuredClone(m.get(path)));
  }
  return result;
}

/** True when the draft differs from the base anywhere (the form is dirty). */
export function hasChanges(base: Draft, mine: Draft): boolean {
  const b = flattenDraft(base);
  const m = flattenDraft(mine);
  return allPaths(b, m).some((path) => !same(b.get(path), m.get(path)));
}
