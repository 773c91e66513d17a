/** `POST /api/admin/editions/:id/clone`: shared by the route and the "Clone edition…" dialog. */
import { z } from 'zod';
import { locales } from '../../i18n/config.ts';
import { editionsCollection } from '../collections/editions.ts';
import { typeError } from './fields.ts';

/** About ten years either way: further is a typo, not a programme. */
export const MAX_SHIFT_DAYS = 3660;

/** "Same weekday next year": 52 weeks. */
export const SAME_WEEKDAY_NEXT_YEAR = 364;

const title = editionsCollection.texts.shape.title;

export const cloneEditionSchema = z.strictObject({
  shiftDays: z
    .number({ error: typeError })
    .int({ error: 'INVALID_VALUE' })
    .min(-MAX_SHIFT_DAYS, { error: 'TOO_SMALL' })
    .max(MAX_SHIFT_DAYS, { error: 'TOO_LARGE' }),
  /** New titles by locale; a locale left out keeps its title with a "(copy)" mark. */
  titles: z
    .strictObject(Object.fromEntries(locales.map((locale) => [locale, title.optional()])) as Record<(typeof locales)[number], z.ZodOptional<typeof title>>)
    .optional(),
});

export type CloneEditionInput = z.output<typeof cloneEditionSchema>;
