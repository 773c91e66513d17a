/** The query string of the programme calendar's data (`GET /api/admin/programme`, the admin screen). */
import { z } from 'zod';
import { parseInput } from '../engine/validation.ts';

const programmeQuery = z.strictObject({
  /** The edition to show; left out: the current or next edition, else the latest. */
  edition: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

export type ProgrammeQuery = z.output<typeof programmeQuery>;

/** `?edition=` parsed, or a 400 `INVALID_QUERY` naming the field. */
export function parseProgrammeQuery(search: URLSearchParams): ProgrammeQuery {
  return parseInput(programmeQuery, Object.fromEntries(search), 'INVALID_QUERY');
}
