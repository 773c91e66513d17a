/**
 * What this product knows of an event that neither schedule format has a field for: its own
 * time zone, its place in one name for every locale, every tag (with its slug, the same in every locale), who curates and who
 * organizes, its registration and online links, price and places, how it repeats. Our exports carry it where
 * each schema allows unknown data and apps never look — a processing instruction
 * `<?edition-hub data="…"?>` in each XML `<event>` (the XSD's `xs:all` takes no foreign
 * element; validators ignore instructions), and `schedule.edition_hub.events[guid]` in the JSON
 * (the only object the JSON schema leaves open) — so importing our own export loses nothing
 * (docs/decisions/033). Third-party files have none of it and import as before.
 */
import { z } from 'zod';
import { recurrenceField } from '../../lib/recurrence.ts';
import { admissions, availabilities } from '../../lib/tickets.ts';

/** The processing instruction's target in XML, and the member of `schedule` in JSON. */
export const EXTRAS_XML_TARGET = 'edition-hub';
export const EXTRAS_JSON_MEMBER = 'edition_hub';

const name = z.string().trim().min(1).max(200);

/** Parsed leniently: a field that does not fit is dropped, never the event. */
export const eventExtrasSchema = z.object({
  timeZone: z.string().max(100).optional().catch(undefined),
  venue: name.nullable().optional().catch(undefined),
  room: name.nullable().optional().catch(undefined),
  tags: z
    .array(z.object({ slug: z.string().max(200), label: name, locale: z.string().max(10).optional().catch(undefined) }))
    .max(200)
    .optional()
    .catch(undefined),
  curators: z.array(name).max(200).optional().catch(undefined),
  organizers: z.array(name).max(200).optional().catch(undefined),
  registrationUrl: z.url().max(2000).nullable().optional().catch(undefined),
  onlineUrl: z.url().max(2000).nullable().optional().catch(undefined),
  admission: z.enum(admissions).nullable().optional().catch(undefined),
  priceMin: z.number().nullable().optional().catch(undefined),
  priceMax: z.number().nullable().optional().catch(undefined),
  currency: z.string().max(3).nullable().optional().catch(undefined),
  availability: z.enum(availabilities).nullable().optional().catch(undefined),
  /** On a repeating event's first date: its rule (docs/decisions/049). */
  recurrence: recurrenceField.nullable().optional().catch(undefined),
  /** On a later date of a repeating event: the series' GUID (an import writes it again from the rule). */
  series: z.string().max(100).nullable().optional().catch(undefined),
});

export type EventExtras = z.infer<typeof eventExtrasSchema>;

/** The XML instruction's `data`: base64url JSON, so no character of it needs escaping. */
export function encodeExtras(extras: EventExtras): string {
  return Buffer.from(JSON.stringify(extras), 'utf8').toString('base64url');
}

/** The extras in an instruction's `data` or a JSON value; undefined when there are none. */
export function readExtras(value: unknown): EventExtras | undefined {
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
  }
  const parsed = eventExtrasSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
