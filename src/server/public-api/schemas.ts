/**
 * The public read API's response shapes (decision 032). One zod schema per shape: responses are
 * passed through them before they are sent (unknown fields are dropped, a wrong shape is a bug
 * that fails loudly), and the OpenAPI document's components are generated from the same schemas.
 */
import { z } from 'zod';
import { locales } from '../../i18n/config.ts';
import { embedProviders } from '../../lib/embeds.ts';
import { eventStatuses } from '../../lib/event-status.ts';
import { admissions, availabilities } from '../../lib/tickets.ts';
import { variantFormats, variantWidths } from '../storage/keys.ts';

/** Every schema the document names, under its component name. */
export const apiRegistry = z.registry<{ id: string; description?: string }>();

const id = z.number().int().positive();
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const instant = z.iso.datetime().describe('An instant in UTC (ISO 8601).');
const absoluteUrl = z.url().describe('An absolute URL on the public site.');

export const localeSchema = z.enum(locales);

export const translatedText = z
  .object({
    value: z.string(),
    locale: localeSchema.describe('The locale the text is written in: the one asked for, or the default locale when it has no translation.'),
  })
  .register(apiRegistry, { id: 'TranslatedText', description: 'A translated text and the locale it came from.' });

export const tagRef = z
  .object({ id, slug, label: translatedText, url: absoluteUrl.describe('The hub listing filtered by this tag.') })
  .register(apiRegistry, { id: 'Tag', description: 'A tag carried by at least one public event.' });

export const personRef = z
  .object({ id, slug, name: z.string(), url: absoluteUrl })
  .register(apiRegistry, { id: 'PersonRef', description: 'A curator or organizer named by an event or edition.' });

export const venueRef = z
  .object({ id, slug, name: z.string(), url: absoluteUrl.nullable().describe('The venue page; null while the venue itself is not published.') })
  .register(apiRegistry, { id: 'VenueRef' });

export const editionRef = z.object({ id, slug, title: translatedText, url: absoluteUrl }).register(apiRegistry, { id: 'EditionRef' });

const mediaFields = {
  id,
  caption: translatedText.nullable(),
  credit: z.string().nullable().describe('Who made it, as the site credits it.'),
  licence: z.string().nullable(),
};
const mediaUrl = z.url().describe('An absolute URL on the public site; it redirects to the media CDN when the site uses one.');
const contentType = z.string().describe('The media type (MIME type).');
const pixels = z.number().int().positive();

const imageFields = {
  ...mediaFields,
  url: mediaUrl.describe(
    `The original, on the public site (it redirects to the media CDN when the site uses one). Add \`?w=\` (${variantWidths.join(', ')}) and \`fm=\` (${variantFormats.join(', ')}) for a resized copy, as the hub's pages do.`,
  ),
  contentType,
  width: pixels,
  height: pixels,
  focalPoint: z
    .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
    .describe('The point to keep in view when cropping, as fractions of the width and height from the top left.'),
  alt: translatedText.nullable().describe('Alternative text; null for a decorative image.'),
};

export const imageSchema = z.object(imageFields).register(apiRegistry, { id: 'Image', description: 'An image as the hub shows it.' });

export const galleryItemSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('image'), ...imageFields }).register(apiRegistry, { id: 'GalleryImage' }),
    z
      .object({
        kind: z.literal('video'),
        ...mediaFields,
        url: mediaUrl,
        contentType,
        width: pixels.nullable(),
        height: pixels.nullable(),
        title: translatedText.nullable(),
      })
      .register(apiRegistry, { id: 'GalleryVideo', description: 'An uploaded video file.' }),
    z
      .object({ kind: z.literal('audio'), ...mediaFields, url: mediaUrl, contentType, title: translatedText.nullable() })
      .register(apiRegistry, { id: 'GalleryAudio', description: 'An uploaded audio file.' }),
    z
      .object({
        kind: z.literal('embed'),
        ...mediaFields,
        provider: z.enum(embedProviders),
        url: z.url().describe("The video's page at its provider."),
        title: translatedText.nullable(),
      })
      .register(apiRegistry, { id: 'GalleryEmbed', description: 'A video played by its provider.' }),
  ])
  .register(apiRegistry, { id: 'GalleryItem', description: 'One item of a gallery, by `kind`.' });

export const fileSchema = z
  .object({
    id,
    title: translatedText,
    description: translatedText.nullable(),
    fileName: z.string(),
    url: absoluteUrl.describe('The download, on the public site.'),
    contentType,
    size: z.number().int().nonnegative().describe('Bytes.'),
  })
  .register(apiRegistry, { id: 'File', description: 'A document offered for download.' });

/** What events and editions both have: texts, and dates in a time zone. */
const datedFields = {
  id,
  slug,
  url: absoluteUrl,
  title: translatedText,
  summary: translatedText.nullable(),
  startsAt: instant,
  endsAt: instant,
  timeZone: z.string().describe('The IANA time zone it takes place in.'),
  cover: imageSchema.nullable(),
};

const ticketsSchema = z
  .object({
    admission: z.enum(admissions).nullable().describe('Null when the festival has not said.'),
    priceMin: z.number().nonnegative().nullable().describe("A paid admission's lowest (or only) price, in the currency's major unit (12.5 = 12.50)."),
    priceMax: z.number().nonnegative().nullable().describe('The highest price of a range, else null.'),
    currency: z.string().nullable().describe('ISO 4217 code of the prices.'),
    availability: z.enum(availabilities).nullable().describe('`limited`: few places left. Null when the festival has not said.'),
  })
  .register(apiRegistry, { id: 'Tickets', description: 'Price and places of an event.' });

const eventFields = {
  ...datedFields,
  eventStatus: z.enum(eventStatuses),
  statusNote: translatedText
    .nullable()
    .describe("Why the event is cancelled, postponed or rescheduled, in the asked locale or the default one's; null while it is scheduled."),
  previousStartsAt: instant.nullable().describe('When a postponed or rescheduled event was to start, when the festival recorded it.'),
  tickets: ticketsSchema,
  venue: venueRef.nullable(),
  venueName: z.string().nullable().describe("The venue's name, or the event's free-text place."),
  room: z.string().nullable(),
  onlineUrl: z.string().nullable(),
  edition: editionRef.nullable().describe('Null when the event stands alone or its edition is not public.'),
  tags: z.array(tagRef),
  publishedAt: instant.nullable(),
  updatedAt: instant,
};

export const eventSchema = z.object(eventFields).register(apiRegistry, { id: 'Event', description: 'A public event as listed.' });

export const eventDetailSchema = z
  .object({
    ...eventFields,
    body: translatedText.nullable().describe('Markdown.'),
    registrationUrl: z.string().nullable(),
    gallery: z.array(galleryItemSchema).describe('Images, videos and audio after the cover, in the order the page shows them.'),
    files: z.array(fileSchema),
    curators: z.array(personRef),
    organizers: z.array(personRef),
    availableLocales: z.array(localeSchema),
  })
  .register(apiRegistry, { id: 'EventDetail' });

export const editionSchema = z.object(datedFields).register(apiRegistry, { id: 'Edition' });

export const editionDetailSchema = z
  .object({
    ...datedFields,
    body: translatedText.nullable().describe('Markdown.'),
    tags: z.array(tagRef),
    curators: z.array(personRef),
    files: z.array(fileSchema),
    eventCount: z.number().int().nonnegative().describe('Public events of the edition (list them with `/events?edition=`).'),
    availableLocales: z.array(localeSchema),
    publishedAt: instant.nullable(),
    updatedAt: instant,
  })
  .register(apiRegistry, { id: 'EditionDetail' });

const curatorFields = { id, slug, name: z.string(), url: absoluteUrl, shortBio: translatedText.nullable(), photo: imageSchema.nullable() };
export const curatorSchema = z.object(curatorFields).register(apiRegistry, { id: 'Curator' });
export const curatorDetailSchema = z
  .object({
    ...curatorFields,
    bio: translatedText.nullable().describe('Markdown.'),
    links: z.array(z.object({ label: z.string(), url: z.string() })),
    editions: z.array(editionRef),
    eventIds: z.array(id).describe('Their public events (at most 200), soonest first.'),
    updatedAt: instant,
  })
  .register(apiRegistry, { id: 'CuratorDetail' });

const organizerFields = {
  id,
  slug,
  name: z.string(),
  kind: z.enum(['organisation', 'person']),
  websiteUrl: z.string().nullable(),
  url: absoluteUrl,
  logo: imageSchema.nullable(),
};
export const organizerSchema = z.object(organizerFields).register(apiRegistry, { id: 'Organizer' });
export const organizerDetailSchema = z
  .object({
    ...organizerFields,
    description: translatedText.nullable().describe('Markdown.'),
    eventIds: z.array(id).describe('Their public events (at most 200), soonest first.'),
    updatedAt: instant,
  })
  .register(apiRegistry, { id: 'OrganizerDetail' });

const venueFields = {
  id,
  slug,
  name: z.string(),
  url: absoluteUrl,
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  websiteUrl: z.string().nullable(),
  image: imageSchema.nullable(),
};
export const venueSchema = z.object(venueFields).register(apiRegistry, { id: 'Venue' });
export const venueDetailSchema = z
  .object({
    ...venueFields,
    description: translatedText.nullable().describe('Markdown.'),
    accessNotes: translatedText.nullable(),
    updatedAt: instant,
  })
  .register(apiRegistry, { id: 'VenueDetail' });

/** A page of a list: its items and, while there are more, the cursor and link of the next page. */
export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      data: z.array(item),
      nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
      links: z.object({ self: absoluteUrl, next: absoluteUrl.nullable() }),
    })
    .register(apiRegistry, { id: name });
}

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string().describe('Human-readable, in the locale asked for.'),
    status: z.number().int(),
    code: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/)
      .describe('Stable machine-readable code.'),
    errors: z.record(z.string(), z.array(z.string())).optional().describe('Error codes by query parameter.'),
  })
  .register(apiRegistry, { id: 'Problem', description: 'RFC 9457 problem details.' });
