/** The query string of the programme calendar's data (`GET /api/admin/programme`, the admin screen). */
import { z } from 'zod';
import { locales } from '../../i18n/config.ts';
import { parseInput } from '../engine/validation.ts';

const programmeQuery = z.strictObject({
  /** The edition to show; left out: the current or next edition, else the latest. */
  edition: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** The screen's language, for titles (an API path has no locale of its own); left out: the request's. */
  locale: z.enum(locales).optional(),
});

export type ProgrammeQuery = z.output<typeof programmeQuery>;

/** `?edition=&locale=` parsed, or a 400 `INVALID_QUERY` naming the field. */
export function parseProgrammeQuery(search: URLSearchParams): ProgrammeQuery {
  return parseInput(programmeQuery, Object.fromEntries(search), 'INVALID_QUERY');
}
