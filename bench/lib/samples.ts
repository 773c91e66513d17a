/**
 * Picks representative URLs from a benchmark database: a current edition and its events, and the
 * busiest venue, curator and organizer (the heaviest page of each type, as a visitor would find it).
 */
import { createClient, type Client } from '@libsql/client';

export interface Samples {
  /** A published upcoming event (its page is measured). */
  eventSlug: string;
  eventId: number;
  /** The edition with the most public events (its page is measured). */
  editionSlug: string;
  /** Another event of that edition, renamed to purge listings between cache-miss samples. */
  editionEventSlug: string;
  editionEventId: number;
  /** The published venue with the most public events (its page lists them all, upcoming and past). */
  venueSlug: string;
  /** The curator presenting the most public events. */
  curatorSlug: string;
  /** The organizer running the most public events. */
  organizerSlug: string;
  /** A personal agenda: the edition's first public events, ascending ids (the agenda's canonical form). */
  agendaIds: number[];
}

/** Events a visitor can see (the same rule as the hub's: published, and inside its publication window). */
const PUBLIC_EVENT = `e.status = 'published' AND (e.publish_at IS NULL OR e.publish_at <= :now) AND (e.unpublish_at IS NULL OR e.unpublish_at > :now)`;

/** A personal agenda as a visitor would star it: a dozen events of one edition. */
const AGENDA_SIZE = 12;

async function busiest(client: Client, sql: string, now: number, what: string): Promise<string> {
  const result = await client.execute({ sql, args: { now } });
  const slug = result.rows[0]?.slug;
  if (slug === undefined) throw new Error(`bench: the database has no public ${what}`);
  return String(slug);
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
            ORDER BY starts_at LIMIT ?`,
      args: [editionId, now, AGENDA_SIZE],
    });
    const [event, other] = eventsOfEdition.rows;
    const venueSlug = await busiest(
      client,
      `SELECT v.slug FROM venues v JOIN events e ON e.venue_id = v.id
       WHERE v.status = 'published' AND ${PUBLIC_EVENT} GROUP BY v.id ORDER BY count(*) DESC, v.id LIMIT 1`,
      now,
      'venue',
    );
    const curatorSlug = await busiest(
      client,
      `SELECT c.slug FROM curators c JOIN event_curators ec ON ec.curator_id = c.id JOIN events e ON e.id = ec.event_id
       WHERE ${PUBLIC_EVENT} GROUP BY c.id ORDER BY count(*) DESC, c.id LIMIT 1`,
      now,
      'curator',
    );
    const organizerSlug = await busiest(
      client,
      `SELECT o.slug FROM organizers o JOIN event_organizers eo ON eo.organizer_id = o.id JOIN events e ON e.id = eo.event_id
       WHERE ${PUBLIC_EVENT} GROUP BY o.id ORDER BY count(*) DESC, o.id LIMIT 1`,
      now,
      'organizer',
    );
    return {
      eventSlug: String(event!.slug),
      eventId: Number(event!.id),
      editionSlug: String(edition.rows[0]!.slug),
      editionEventSlug: String((other ?? event)!.slug),
      editionEventId: Number((other ?? event)!.id),
      venueSlug,
      curatorSlug,
      organizerSlug,
      agendaIds: eventsOfEdition.rows.map((row) => Number(row.id)).sort((a, b) => a - b),
    };
  } finally {
    client.close();
  }
}
