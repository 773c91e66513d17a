/** Picks representative URLs from a benchmark database: a current edition and its events. */
import { createClient } from '@libsql/client';

export interface Samples {
  /** A published upcoming event (its page is measured). */
  eventSlug: string;
  eventId: number;
  /** The edition with the most public events (its page is measured). */
  editionSlug: string;
  /** Another event of that edition, renamed to purge listings between cache-miss samples. */
  editionEventSlug: string;
  editionEventId: number;
}

export async function pickSamples(url: string): Promise<Samples> {
  const client = createClient({ url });
  try {
    const now = Date.now();
    const edition = await client.execute({
      sql: `SELECT ed.id, ed.slug FROM editions ed JOIN events e ON e.edition_id = ed.id
            WHERE ed.status = 'published' AND e.status = 'published' AND e.ends_at >= ?
            GROUP BY ed.id ORDER BY ed.starts_at LIMIT 1`,
      args: [now],
    });
    const editionId = Number(edition.rows[0]!.id);
    const eventsOfEdition = await client.execute({
      sql: `SELECT id, slug FROM events WHERE edition_id = ? AND status = 'published' AND (publish_at IS NULL OR publish_at <= ?)
            ORDER BY starts_at LIMIT 2`,
      args: [editionId, now],
    });
    const [event, other] = eventsOfEdition.rows;
    return {
      eventSlug: String(event!.slug),
      eventId: Number(event!.id),
      editionSlug: String(edition.rows[0]!.slug),
      editionEventSlug: String((other ?? event)!.slug),
      editionEventId: Number((other ?? event)!.id),
    };
  } finally {
    client.close();
  }
}
