/**
 * The venues map's settings (HUB_MAP_TILE_URL, HUB_MAP_ATTRIBUTION): unset, the venues index has
 * no map at all, so no visitor's browser talks to a tile host the festival did not choose.
 */
import { getEnv } from '../config/env.ts';

export interface MapTiles {
  /** Leaflet URL template (`…/{z}/{x}/{y}.png`). */
  url: string;
  /** The only origin tiles come from (the Content-Security-Policy's `img-src`). */
  origin: string;
  attribution: string;
}

/** The origin of a validated tile URL template. */
export function tileOriginOf(template: string): string {
  return new URL(template.replace(/\{[zxy]\}/g, '0')).origin;
}

/** The configured tiles, or null when the map is off. */
export function getMapTiles(env = getEnv()): MapTiles | null {
  const url = env.HUB_MAP_TILE_URL;
  return url ? { url, origin: tileOriginOf(url), attribution: env.HUB_MAP_ATTRIBUTION } : null;
}
