/** A venue's point and its map link: OpenStreetMap, linked and never embedded (docs/decisions/025). */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** The venue's point when both coordinates are set. */
export function eventGeo(venue: { latitude: number | null; longitude: number | null } | null): GeoPoint | null {
  return venue && venue.latitude !== null && venue.longitude !== null ? { latitude: venue.latitude, longitude: venue.longitude } : null;
}

/** OpenStreetMap centred on the point with a marker; without a point, a search for the address. */
export function openStreetMapUrl(point: GeoPoint | null, address: string | null): string | null {
  if (point) {
    const lat = point.latitude.toFixed(6);
    const lon = point.longitude.toFixed(6);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  }
  if (address?.trim()) return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address.replace(/\s+/g, ' ').trim())}`;
  return null;
}
