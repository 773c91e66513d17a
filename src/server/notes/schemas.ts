/** The notes API's request body (docs/decisions/061). */
import { z } from 'zod';
import { NOTE_MAX_LENGTH } from '../../lib/notes/mentions.ts';

/** A note's text: plain text with line breaks, mentions as `<@userId>` tokens; blank is refused. */
export const noteInput = z.strictObject({
  body: z
    .string()
    .max(NOTE_MAX_LENGTH * 2)
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1).max(NOTE_MAX_LENGTH)),
});

export type NoteInput = z.output<typeof noteInput>;
