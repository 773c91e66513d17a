/**
 * "Next year's edition from last year's": `POST /api/admin/editions/:id/clone` copies an edition
 * and its events (texts and every link) as drafts, every date moved by the same number of days
 * on each item's own wall clock, in one write transaction: all or nothing.
 */
import { and, asc, eq } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { events } from '../../../db/schema.ts';
import type { CloneEditionInput } from '../../lib/admin-schemas/clone.ts';
import { recurrenceField, shiftRecurrence } from '../../lib/recurrence.ts';
import { shiftByDays } from '../../lib/shift-days.ts';
import type { Actor } from '../auth/actor.ts';
import { withConstraintErrors } from '../engine/db-errors.ts';
import { copyInput, copySlug, loadItem, markCopy } from '../engine/duplicate.ts';
import type { EntityInput } from '../engine/entity-spec.ts';
import { loadStates } from '../engine/entity-state.ts';
import { createEntityIn, withPurge, type WriteResult } from '../engine/entity-write.ts';
import { changesOf, type WriteOutcome } from '../engine/service.ts';
import type { HubChanges } from '../page-cache/invalidate.ts';
import { findFreeSlug } from '../engine/slugs.ts';
import { adminResources } from '../collections/registry.ts';
import { isEventItem } from '../collections/event-dates.ts';

// Through the registry, which gives each resource its where-used sources (decision 047).
const { events: eventsAdmin, editions: editionsAdmin } = adminResources;

export interface CloneResult {
  id: number;
  slug: string;
  eventCount: number;
}

const TITLE_MAX = 200;

/** Moves the input's `startsAt`/`endsAt` by `days` on the wall clocks of its own time zone. */
function shiftDates(input: EntityInput, days: number): void {
  const zone = typeof input.values['timeZone'] === 'string' ? input.values['timeZone'] : 'UTC';
  for (const key of ['startsAt', 'endsAt']) {
    const value = input.values[key];
    if (value instanceof Date) input.values[key] = shiftByDays(value, days, zone);
  }
  const recurrence = recurrenceField.safeParse(input.values['recurrence']);
  if (recurrence.success) input.values['recurrence'] = shiftRecurrence(recurrence.data, days);
}

/** New titles where given; the others keep their text, marked "(copy)". A new title means a slug made from it. */
function retitle(input: EntityInput, titles: CloneEditionInput['titles']): void {
  const translations = (input.translations ??= {});
  for (const [locale, row] of Object.entries(translations)) {
    const text = row?.['title'];
    if (row && typeof text === 'string' && !titles?.[locale as keyof typeof titles]) row['title'] = markCopy(text, locale, TITLE_MAX);
  }
  for (const [locale, title] of Object.entries(titles ?? {})) {
    if (title === undefined) continue;
    const key = locale as keyof typeof translations;
    translations[key] = { ...(translations[key] ?? {}), title };
  }
}

/** One set of hub changes from several writes (ids joined, event states listed). */
export function mergeChanges(...all: HubChanges[]): HubChanges {
  const merged: Record<string, number[]> = {};
  for (const { eventStates: _states, ...changes } of all) {
    for (const [key, ids] of Object.entries(changes)) merged[key] = [...new Set([...(merged[key] ?? []), ...(ids ?? [])])];
  }
  return { ...merged, eventStates: all.flatMap((changes) => changes.eventStates ?? []) };
}

async function eventIdsOf(tx: Executor, editionId: number): Promise<number[]> {
  // A repeating event is copied with its rule; the copy's dates are written from it.
  const rows = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.editionId, editionId), isEventItem))
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.map((row) => row.id);
}

/** Copies edition `id` with its events, shifted by `shiftDays`; 404 when unknown. */
export async function cloneEdition(db: Database, actor: Actor, id: number, body: CloneEditionInput): Promise<WriteOutcome<CloneResult>> {
  const result = await withConstraintErrors(() =>
    writeTransaction(db, async (tx) => {
      const source = await loadItem(tx, editionsAdmin.spec, id);
      const edition = copyInput(editionsAdmin.spec, source);
      shiftDates(edition, body.shiftDays);
      retitle(edition, body.titles);
      const renamed = Object.values(body.titles ?? {}).some(Boolean);
      // A new title gives the engine's slug from that title ("spring-2027"); else `<slug>-copy`.
      if (renamed) delete edition.values['slug'];
      else edition.values['slug'] = await copySlug(tx, editionsAdmin.spec, String(source.values['slug']));
      const created = await createEntityIn(tx, actor, editionsAdmin.spec, edition);

      const sources = await loadStates(tx, eventsAdmin.spec, await eventIdsOf(tx, id));
      const copies: WriteResult[] = [];
      for (const state of sources.values()) {
        const input = copyInput(eventsAdmin.spec, state);
        input.values['editionId'] = created.id;
        shiftDates(input, body.shiftDays);
        // The events keep their titles (the edition tells them apart); a slug must still be new.
        input.values['slug'] = await findFreeSlug(tx, eventsAdmin.spec, String(state.values['slug']));
        copies.push(await createEntityIn(tx, actor, eventsAdmin.spec, input));
      }
      // Drafts are on no public page, so this purges nothing today; it keeps the engine's rule in
      // one place should a copy ever be visible.
      const changes = mergeChanges(
        changesOf(editionsAdmin, [created.id], [created.after]),
        changesOf(
          eventsAdmin,
          copies.map((copy) => copy.id),
          copies.map((copy) => copy.after),
        ),
      );
      return withPurge(tx, { id: created.id, slug: String(created.after.values['slug']), eventCount: copies.length, changes }, (r) => r.changes);
    }),
  );
  const { changes: _changes, purge, ...created } = result;
  return { body: created, purge };
}
