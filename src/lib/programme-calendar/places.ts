/**
 * The places of the programme calendar (docs/decisions/062): a venue, or a room of a venue, or
 * "no venue". Rooms are free text on events (a venue keeps no list of them), so a venue's rooms
 * are the ones its events name, told apart case- and space-insensitively. The day view's columns
 * and the "Move" dialog's choices both come from here, so they cannot disagree. Pure.
 */

/** A room as clashes and columns compare it; '' for no room. */
export const roomKey = (room: string | null | undefined): string => room?.trim().toLocaleLowerCase('und') ?? '';

/** The key of a place: `none`, `venue-<id>` or `venue-<id>/<room key>`. */
export function placeKey(venueId: number | null, room: string | null | undefined): string {
  if (venueId === null) return 'none';
  const folded = roomKey(room);
  return folded ? `venue-${venueId}/${folded}` : `venue-${venueId}`;
}

/** A column of the day view, or a choice of the "Move" dialog. */
export interface Place {
  key: string;
  venueId: number | null;
  /** The room as the first event naming it writes it; null for the venue as a whole. */
  room: string | null;
  /** "Venue — Room", "Venue", or the "no venue" label. */
  label: string;
}

/**
 * The places an edition uses (its events' venues and rooms, venues by name, each venue's rooms by
 * name after the venue itself, "no venue" last) and the venues it does not use yet.
 */
export function placesOf(
  events: readonly { venueId: number | null; room: string | null }[],
  venues: readonly { id: number; name: string }[],
  noVenueLabel: string,
): { used: Place[]; unused: Place[] } {
  const spellings = new Map<string, { venueId: number | null; room: string | null }>();
  for (const event of events) {
    const key = placeKey(event.venueId, event.room);
    if (!spellings.has(key)) spellings.set(key, { venueId: event.venueId, room: roomKey(event.room) ? event.room!.trim() : null });
  }
  const used: Place[] = [];
  const unused: Place[] = [];
  for (const venue of venues) {
    const own = [...spellings].filter(([, place]) => place.venueId === venue.id);
    if (own.length === 0) {
      unused.push({ key: placeKey(venue.id, null), venueId: venue.id, room: null, label: venue.name });
      continue;
    }
    own.sort(([, a], [, b]) => (a.room === null ? -1 : b.room === null ? 1 : a.room.localeCompare(b.room)));
    for (const [key, place] of own) used.push({ key, venueId: venue.id, room: place.room, label: place.room ? `${venue.name} — ${place.room}` : venue.name });
  }
  if (spellings.has('none')) used.push({ key: 'none', venueId: null, room: null, label: noVenueLabel });
  return { used, unused };
}
