/** The import request, as JSON or as a multipart form (the screen's), checked with one schema. */
import { z } from 'zod';
import { defaultLocale, locales } from '../../i18n/config.ts';
import { csvTargets } from './csv-headers.ts';
import { importFormats } from './rows.ts';

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

export const importRequestSchema = z.strictObject({
  editionId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** `auto`: from the file's name, else its first characters. */
  format: z.enum([...importFormats, 'auto']).default('auto'),
  /** Language of the error reasons (the admin's). */
  locale: z.enum(locales).default(defaultLocale),
  /** Language of texts the file does not label (iCalendar, frab events without `language`). */
  textLocale: z.enum(locales).optional(),
  status: z.enum(['draft', 'published']).default('draft'),
  dryRun: flag.default(true),
  /** `errors`: commit the rows without errors and list the others as skipped (else any error refuses the file). */
  skip: z.enum(['errors']).optional(),
  /** The file's text. */
  content: z.string(),
  fileName: z.string().max(255).default(''),
  /**
   * A conference's own CSV: which column (as the file writes it) fills each field; fields left
   * out stay empty. Without it, the mapping remembered for the same header, else a guess (which
   * a commit refuses until confirmed).
   */
  mapping: z.partialRecord(z.enum(csvTargets), z.string().trim().min(1).max(200)).optional(),
});

export type ImportRequest = z.output<typeof importRequestSchema>;
