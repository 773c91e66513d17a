/** Reading a date and time written in a file: an instant with its offset, or a wall time in a zone. */
import { isKnownTimeZone, wallTimeToInstant } from '../../lib/zoned-time.ts';

const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const WALL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?$/;

/**
 * The instant `text` names: with `Z` or an offset it stands alone; without one it is a wall time
 * (`2026-05-01 18:30`) on the clocks of `zone`. Undefined when it is neither (or the zone is unknown).
 */
export function readInstant(text: string, zone: string): Date | undefined {
  const value = text.trim();
  if (WITH_OFFSET.test(value)) {
    const ms = Date.parse(value.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    return Number.isNaN(ms) ? undefined : new Date(ms);
  }
  const wall = WALL.exec(value);
  if (!wall || !isKnownTimeZone(zone)) return undefined;
  const instant = wallTimeToInstant(`${wall[1]}T${wall[2]}`, zone);
  return instant ? new Date(instant.getTime() + Number(wall[3] ?? 0) * 1000) : undefined;
}

/** Milliseconds of a frab duration (`01:30`, `0:45`, `01:30:00`); undefined when malformed. */
export function readDuration(text: string): number | undefined {
  const match = /^(\d{1,3}):([0-5]\d)(?::([0-5]\d))?$/.exec(text.trim());
  if (!match) return undefined;
  return ((Number(match[1]) * 60 + Number(match[2])) * 60 + Number(match[3] ?? 0)) * 1000;
}
