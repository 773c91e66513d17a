/**
 * The dry run: what an import would do, row by row — create, update (an earlier import brought
 * the same external id) or error — with the venues, tags and people it would match or create.
 * The committer applies exactly this plan; nothing here writes.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { editions, events, importLinks, type PublicationStatus } from '../../../db/schema.ts';
import { defaultLocale, locales, type Locale } from '../../i18n/config.ts';
import type { EntityInput, EntityState } from '../engine/entity-spec.ts';
import { loadStates, mergeState } from '../engine/entity-state.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { adminResources } from '../collections/registry.ts';
import { loadNameIndex, matchTagsBySlug, nameKey, type NameIndex, type NamedKind } from './names.ts';
import type { ImportRow, ImportSource, RowIssue } from './rows.ts';

// Through the registry, which gives each resource its where-used sources (decision 047).
const { events: eventsAdmin } = adminResources;

export type PlannedAction = 'create' | 'update' | 'error';

export interface PlannedRow {
  line: number;
  action: PlannedAction;
  title: string;
  externalId: string | null;
  /** The event an update changes. */
  eventId?: number | undefined;
  startsAt: Date | null;
  issues: RowIssue[];
  /** Names this row would create, per kind (the others match existing items). */
  created: Record<NamedKind, string[]>;
  row: ImportRow;
}

export interface ImportPlan {
  editionId: number;
  source: ImportSource;
  status: Extract<PublicationStatus, 'draft' | 'published'>;
  rows: PlannedRow[];
}

/** Ids by kind for a row: existing ones, or the ones the commit created (`resolve`). */
export type ResolveName = (kind: NamedKind, name: string) => number;

/** The event input an import row stands for, in `editionId`, with `status` on creation. */
export function rowInput(row: ImportRow, editionId: number, resolve: ResolveName): EntityInput {
  const translations: NonNullable<EntityInput['translations']> = {};
  for (const locale of locales) {
    const texts = row.texts[locale];
    if (!texts) continue;
    translations[locale] = {
      ...(texts.title ? { title: texts.title } : {}),
      ...(texts.summary ? { summary: texts.summary } : {}),
      ...(texts.body ? { body: texts.body } : {}),
    };
  }
  return {
    values: {
      editionId,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      timeZone: row.timeZone,
      venueId: row.venue ? resolve('venue', row.venue) : null,
      room: row.room,
      // Only what the file carries: a CSV without prices keeps an event's own on re-import.
      ...(row.onlineUrl !== undefined ? { onlineUrl: row.onlineUrl } : {}),
      ...(row.registrationUrl !== undefined ? { registrationUrl: row.registrationUrl } : {}),
      ...row.tickets,
      ...(row.recurrence !== undefined ? { recurrence: row.recurrence } : {}),
    },
    translations,
    links: {
      tagIds: row.tags.map((name) => resolve('tags', name)),
      organizerIds: row.organizers.map((name) => resolve('organizers', name)),
      curatorIds: row.curators.map((name) => resolve('curators', name)),
    },
  };
}

/** The row's title in the default locale, else the first it has. */
function titleOf(row: ImportRow): string {
  for (const locale of [defaultLocale, ...locales] as Locale[]) if (row.texts[locale]?.title) return row.texts[locale].title;
  return '';
}

/** Import field names of the engine's field paths (`translations.fr.title` → `title_fr`). */
export function importField(path: string): string {
  const text = /^translations\.(\w+)\.(\w+)$/.exec(path);
  if (text) return `${text[2] === 'body' ? 'description' : text[2]}_${text[1]}`;
  return { venueAddress: 'venue', startsAt: 'start', endsAt: 'end', timeZone: 'time_zone' }[path] ?? path;
}

/** Which events earlier imports from `source` into `editionId` made of these external ids. */
export async function linkedEvents(db: Executor, editionId: number, source: ImportSource, externalIds: readonly string[]): Promise<Map<string, number>> {
  const links = new Map<string, number>();
  for (let i = 0; i < externalIds.length; i += 500) {
    const chunk = externalIds.slice(i, i + 500);
    const rows = await db
      .select({ externalId: importLinks.externalId, eventId: importLinks.eventId })
      .from(importLinks)
      .where(and(eq(importLinks.editionId, editionId), eq(importLinks.source, source), inArray(importLinks.externalId, chunk)));
    for (const row of rows) links.set(row.externalId, row.eventId);
  }
  return links;
}

/** The edition's zone; 422 on the `editionId` field when there is no such edition. */
export async function editionZone(db: Executor, editionId: number): Promise<string> {
  const [edition] = await db.select({ timeZone: editions.timeZone }).from(editions).where(eq(editions.id, editionId));
  if (!edition) throw new AdminError(422, 'INVALID_VALUES', 'Some values are not valid', { errors: { editionId: ['NOT_FOUND'] } });
  return edition.timeZone;
}

/** The GUIDs among `guids` that events of this instance already have. */
async function takenGuids(db: Executor, guids: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < guids.length; i += 500) {
    const rows = await db
      .select({ guid: events.guid })
      .from(events)
      .where(inArray(events.guid, guids.slice(i, i + 500)));
    for (const row of rows) if (row.guid) taken.add(row.guid);
  }
  return taken;
}

/**
 * A new event keeps the file's GUID, so apps keep their favourites when a programme moves here
 * (docs/decisions/033); one another event already has (the same file imported into a second
 * edition) would make two sessions one in those apps, so that event gets a new GUID, and says so.
 */
async function keepFreeGuids(db: Executor, planned: PlannedRow[]): Promise<void> {
  const creating = planned.filter((item) => item.action === 'create' && item.row.guid);
  const taken = await takenGuids(
    db,
    creating.map((item) => item.row.guid!),
  );
  for (const item of creating) {
    if (!taken.has(item.row.guid!)) {
      taken.add(item.row.guid!);
      continue;
    }
    item.row = { ...item.row, guid: null, warnings: [...item.row.warnings, { field: 'guid', code: 'GUID_TAKEN', limit: 0 }] };
  }
}

/** The plan of importing `rows` into `editionId`. */
export async function planImport(db: Executor, rows: ImportRow[], options: Omit<ImportPlan, 'rows'>): Promise<ImportPlan> {
  const index: NameIndex = await loadNameIndex(db);
  matchTagsBySlug(index, rows);
  const links = await linkedEvents(
    db,
    options.editionId,
    options.source,
    rows.flatMap((row) => (row.externalId ? [row.externalId] : [])),
  );
  const existing = await loadStates(db, eventsAdmin.spec, [...links.values()]);
  // Names new to the database get a placeholder id: enough to check what publishing needs.
  const resolve: ResolveName = (kind, name) => index[kind].get(nameKey(name)) ?? -1;
  const planned = rows.map((row): PlannedRow => {
    const eventId = row.externalId ? links.get(row.externalId) : undefined;
    const before: EntityState | undefined = eventId === undefined ? undefined : existing.get(eventId);
    const issues = [...row.issues];
    if (issues.length === 0 && options.status === 'published') {
      const input = rowInput(row, options.editionId, resolve);
      const after = mergeState(before ?? { id: 0, values: {}, translations: {}, links: {} }, input);
      for (const [path, codes] of Object.entries(eventsAdmin.spec.publication!.requirements(after)))
        for (const code of codes) issues.push({ field: importField(path), code });
    }
    const created = { venue: [], tags: [], organizers: [], curators: [] } as Record<NamedKind, string[]>;
    for (const kind of ['tags', 'organizers', 'curators'] as const) created[kind] = row[kind].filter((name) => !index[kind].has(nameKey(name)));
    if (row.venue && !index.venue.has(nameKey(row.venue))) created.venue = [row.venue];
    const action: PlannedAction = issues.length ? 'error' : before ? 'update' : 'create';
    return { line: row.line, action, title: titleOf(row), externalId: row.externalId, eventId: before?.id, startsAt: row.startsAt, issues, created, row };
  });
  await keepFreeGuids(db, planned);
  return { ...options, rows: planned };
}
