/**
 * "Where used": which events, editions, curators and organizers point at a tag, media, file,
 * organizer, curator or edition; and detaching those links when an item is deleted with
 * `?detach=true`. Table and column names below are constants, never request input.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { defaultLocale } from '../../i18n/config.ts';
import type { Actor } from './actor.ts';
import { recordAudit, type AuditChange } from './audit.ts';

export type UsageKind = 'tag' | 'media' | 'file' | 'organizer' | 'curator' | 'edition' | 'venue';
/** The entities that can point at another item. */
const ownerNames = ['event', 'edition', 'curator', 'organizer', 'venue'] as const;
type Owner = (typeof ownerNames)[number];

export interface Usage {
  /** The id of the used item (several when a bulk delete checks many). */
  usedId: number;
  entity: Owner;
  id: number;
  slug: string;
  title: string;
  /** The owner's field that holds the reference, as in the admin API (`tagIds`, `coverMediaId`). */
  field: string;
}

export interface UsageReport {
  usages: Usage[];
  /** All usages, including those beyond the listed ones. */
  total: number;
}

interface Source {
  owner: Owner;
  field: string;
  /** Either a link table (owner column, target column) or a column on the owner's table. */
  link?: { table: string; owner: string; target: string };
  column?: string;
}

const owners: Record<Owner, { table: string; title: (alias: string) => string }> = {
  event: { table: 'events', title: (a) => `(SELECT title FROM event_translations WHERE event_id = ${a}.id ORDER BY locale = '${defaultLocale}' DESC LIMIT 1)` },
  edition: {
    table: 'editions',
    title: (a) => `(SELECT title FROM edition_translations WHERE edition_id = ${a}.id ORDER BY locale = '${defaultLocale}' DESC LIMIT 1)`,
  },
  curator: { table: 'curators', title: (a) => `${a}.name` },
  organizer: { table: 'organizers', title: (a) => `${a}.name` },
  venue: { table: 'venues', title: (a) => `${a}.name` },
};

const sources: Record<UsageKind, Source[]> = {
  tag: [
    { owner: 'event', field: 'tagIds', link: { table: 'event_tags', owner: 'event_id', target: 'tag_id' } },
    { owner: 'edition', field: 'tagIds', link: { table: 'edition_tags', owner: 'edition_id', target: 'tag_id' } },
  ],
  media: [
    { owner: 'event', field: 'coverMediaId', column: 'cover_media_id' },
    { owner: 'event', field: 'mediaIds', link: { table: 'event_medias', owner: 'event_id', target: 'media_id' } },
    { owner: 'edition', field: 'coverMediaId', column: 'cover_media_id' },
    { owner: 'curator', field: 'photoMediaId', column: 'photo_media_id' },
    { owner: 'organizer', field: 'logoMediaId', column: 'logo_media_id' },
    { owner: 'venue', field: 'imageMediaId', column: 'image_media_id' },
  ],
  file: [
    { owner: 'event', field: 'fileIds', link: { table: 'event_files', owner: 'event_id', target: 'file_id' } },
    { owner: 'edition', field: 'fileIds', link: { table: 'edition_files', owner: 'edition_id', target: 'file_id' } },
  ],
  organizer: [{ owner: 'event', field: 'organizerIds', link: { table: 'event_organizers', owner: 'event_id', target: 'organizer_id' } }],
  curator: [
    { owner: 'event', field: 'curatorIds', link: { table: 'event_curators', owner: 'event_id', target: 'curator_id' } },
    { owner: 'edition', field: 'curatorIds', link: { table: 'edition_curators', owner: 'edition_id', target: 'curator_id' } },
  ],
  edition: [{ owner: 'event', field: 'editionId', column: 'edition_id' }],
  venue: [{ owner: 'event', field: 'venueId', column: 'venue_id' }],
};

/** Rows `(owner_id, used_id)` of one source for the given used ids. */
function pairs(source: Source, ids: SQL): SQL {
  const owner = owners[source.owner].table;
  return source.link
    ? sql.raw(`SELECT ${source.link.owner} AS owner_id, ${source.link.target} AS used_id FROM ${source.link.table} WHERE ${source.link.target} IN `).append(ids)
    : sql.raw(`SELECT id AS owner_id, ${source.column} AS used_id FROM ${owner} WHERE ${source.column} IN `).append(ids);
}

function idList(ids: readonly number[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** Where the items are used: up to `limit` usages per source, and the total count. */
export async function findUsages(db: Executor, kind: UsageKind, usedIds: readonly number[], limit = 50): Promise<UsageReport> {
  if (usedIds.length === 0) return { usages: [], total: 0 };
  const ids = idList(usedIds);
  const usages: Usage[] = [];
  let total = 0;
  for (const source of sources[kind]) {
    const { table, title } = owners[source.owner];
    const [counted] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (${pairs(source, ids)})`);
    const n = counted?.n ?? 0;
    total += n;
    if (n === 0) continue;
    const rows = await db.all<{ id: number; slug: string; title: string | null; used_id: number }>(sql`
      SELECT o.id AS id, o.slug AS slug, ${sql.raw(title('o'))} AS title, p.used_id AS used_id
      FROM (${pairs(source, ids)}) AS p JOIN ${sql.raw(table)} o ON o.id = p.owner_id
      ORDER BY o.id LIMIT ${limit}`);
    for (const row of rows) {
      usages.push({ usedId: row.used_id, entity: source.owner, id: row.id, slug: row.slug, title: row.title ?? row.slug, field: source.field });
    }
  }
  return { usages, total };
}

/** Owners whose links were removed by `detachUsages`, per entity. */
export type DetachedOwners = Partial<Record<Owner, number[]>>;

/** The owners `detached` lists, each with its ids (`Object.entries` with the keys kept). */
export function detachedEntries(detached: DetachedOwners): [Owner, number[]][] {
  return ownerNames.flatMap((owner): [Owner, number[]][] => {
    const ids = detached[owner];
    return ids?.length ? [[owner, ids]] : [];
  });
}

/**
 * Removes every reference to the items (link rows deleted, reference columns set to null), bumps
 * the version of each owner so open edit forms see a conflict instead of re-adding the link, and
 * audits each owner as `detach`. Runs inside the delete's transaction.
 */
export async function detachUsages(db: Executor, actor: Actor, kind: UsageKind, usedIds: readonly number[]): Promise<DetachedOwners> {
  const ids = idList(usedIds);
  const detached: DetachedOwners = {};
  const fields = new Map<string, { owner: Owner; id: number; changed: Set<string> }>();
  const changes = new Map<string, AuditChange[]>();
  for (const source of sources[kind]) {
    const rows = await db.all<{ owner_id: number; used_id: number }>(sql`SELECT owner_id, used_id FROM (${pairs(source, ids)}) ORDER BY owner_id, used_id`);
    if (rows.length === 0) continue;
    const ownerIds = [...new Set(rows.map((row) => row.owner_id))];
    for (const row of rows) {
      const key = `${source.owner}:${row.owner_id}`;
      const list = changes.get(key) ?? [];
      const change: AuditChange = source.link
        ? { kind: 'link', field: source.field, added: [], removed: [row.used_id] }
        : { kind: 'value', field: source.field, from: row.used_id, to: null };
      const sameLink = list.find((c) => c.kind === 'link' && c.field === source.field);
      if (sameLink?.kind === 'link') sameLink.removed.push(row.used_id);
      else list.push(change);
      changes.set(key, list);
    }
    const table = owners[source.owner].table;
    if (source.link) {
      await db.run(sql.raw(`DELETE FROM ${source.link.table} WHERE ${source.link.target} IN `).append(ids));
    } else {
      await db.run(sql.raw(`UPDATE ${table} SET ${source.column} = NULL WHERE ${source.column} IN `).append(ids));
    }
    detached[source.owner] = [...new Set([...(detached[source.owner] ?? []), ...ownerIds])];
    for (const id of ownerIds) {
      const key = `${source.owner}:${id}`;
      const entry = fields.get(key) ?? { owner: source.owner, id, changed: new Set<string>() };
      fields.set(key, { ...entry, changed: entry.changed.add(source.field) });
    }
  }
  const now = Date.now();
  for (const [owner, ownerIds] of detachedEntries(detached)) {
    await db.run(sql`UPDATE ${sql.raw(owners[owner].table)}
      SET version = version + 1, updated_at = ${now}, updated_by = ${actor.id} WHERE id IN ${idList(ownerIds)}`);
  }
  const titles = new Map<string, string>();
  for (const [owner, ownerIds] of detachedEntries(detached)) {
    const { table, title } = owners[owner];
    const rows = await db.all<{ id: number; title: string | null }>(
      sql.raw(`SELECT o.id AS id, ${title('o')} AS title FROM ${table} o WHERE o.id IN `).append(idList(ownerIds)),
    );
    for (const row of rows) if (row.title) titles.set(`${owner}:${row.id}`, row.title);
  }
  await recordAudit(
    db,
    actor,
    [...fields].map(([key, { owner, id, changed }]) => ({
      action: 'detach',
      entity: owner,
      entityId: id,
      changedFields: [...changed],
      title: titles.get(key),
      changes: changes.get(key),
    })),
  );
  return detached;
}
