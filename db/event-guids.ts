/**
 * Events written before the `guid` column (migration 0033), or by raw SQL that leaves it out,
 * get the name-based GUID their schedule exports always carried (UUIDv5 of `event:<id>`,
 * docs/decisions/033), so the favourites apps saved by it keep working. SQLite has no SHA-1, so
 * no SQL migration can compute it: it runs after the migrations, like the search word forms.
 */
import { isNull, sql } from 'drizzle-orm';
import { scheduleGuid } from '../src/server/schedule-export/guid.ts';
import { writeTransaction, type Database } from './client.ts';
import { events } from './schema.ts';

/** Rows filled per statement (one `CASE` per row). */
const CHUNK = 500;

/** Gives every event without a GUID its name-based one; returns how many were filled. */
export async function fillEventGuids(db: Database): Promise<number> {
  return writeTransaction(db, async (tx) => {
    let filled = 0;
    for (;;) {
      const rows = await tx.select({ id: events.id }).from(events).where(isNull(events.guid)).limit(CHUNK);
      if (rows.length === 0) return filled;
      const cases = sql.join(
        rows.map((row) => sql`WHEN ${row.id} THEN ${scheduleGuid('event', row.id)}`),
        sql` `,
      );
      await tx.run(
        sql`UPDATE events SET guid = CASE id ${cases} END WHERE id IN (${sql.join(
          rows.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      );
      filled += rows.length;
    }
  });
}
