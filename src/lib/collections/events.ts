/** Events: the declaration every admin layer derives from (see declare.ts). */
import { z } from 'zod';
import {
  httpUrlField,
  idField,
  idListField,
  instantField,
  optionalText,
  publicationStatusField,
  requiredText,
  slugField,
  timeZoneField,
} from '../admin-schemas/fields.ts';
import { idParam, statusFilter } from '../admin-schemas/list-query.ts';
import { STATUS_NOTE_MAX, eventStatusControl, eventStatusField } from '../admin-schemas/event-status.ts';
import { admissionField, availabilityField, currencyField, priceField } from '../admin-schemas/tickets.ts';
import { defineCollection, programmeColumns, statusControl } from './declare.ts';
import { paths } from '../paths.ts';
import { recurrenceField } from '../recurrence.ts';

export const eventsCollection = defineCollection({
  name: 'events',
  entity: 'event',
  titleField: 'title',
  publicPage: paths.event,
  fields: {
    slug: slugField,
    editionId: idField.nullable(),
    status: publicationStatusField,
    /** Scheduled publication: a published event stays hidden until this instant. */
    publishAt: instantField.nullable(),
    /** Scheduled unpublication: a published event is hidden again from this instant. */
    unpublishAt: instantField.nullable(),
    /** schema.org status: cancelled and postponed events stay public, marked as such. */
    eventStatus: eventStatusField,
    /** When a postponed or rescheduled event was to start; refused with any other status (docs/decisions/055). */
    previousStartsAt: instantField.nullable(),
    /** The first date; a repeating event's others follow from `recurrence`. */
    startsAt: instantField,
    endsAt: instantField,
    timeZone: timeZoneField,
    /** How the event repeats (src/lib/recurrence.ts); null for a single date. */
    recurrence: recurrenceField.nullable(),
    venueAddress: optionalText(500),
    /** Where the event happens (docs/decisions/025); the free-text place above stays for one-off places. */
    venueId: idField.nullable(),
    room: optionalText(200),
    onlineUrl: httpUrlField.nullable(),
    registrationUrl: httpUrlField.nullable(),
    /** Price and availability (src/lib/tickets.ts); null: not stated. */
    admission: admissionField,
    priceMin: priceField,
    priceMax: priceField,
    currency: currencyField,
    availability: availabilityField,
    coverMediaId: idField.nullable(),
    tagIds: idListField(),
    organizerIds: idListField(),
    curatorIds: idListField(),
    /** The gallery, in display order. */
    mediaIds: idListField(),
    /** Downloads, in display order. */
    fileIds: idListField(),
  },
  kinds: {
    slug: 'text',
    editionId: 'id',
    status: 'value',
    publishAt: 'optionalInstant',
    unpublishAt: 'optionalInstant',
    eventStatus: 'value',
    previousStartsAt: 'optionalInstant',
    startsAt: 'instant',
    endsAt: 'instant',
    timeZone: 'text',
    recurrence: 'value',
    venueAddress: 'optionalText',
    venueId: 'id',
    room: 'optionalText',
    onlineUrl: 'optionalText',
    registrationUrl: 'optionalText',
    admission: 'value',
    priceMin: 'value',
    priceMax: 'value',
    currency: 'value',
    availability: 'value',
    coverMediaId: 'id',
    tagIds: 'ids',
    organizerIds: 'ids',
    curatorIds: 'ids',
    mediaIds: 'ids',
    fileIds: 'ids',
  },
  references: {
    editionId: 'edition',
    venueId: 'venue',
    coverMediaId: 'image',
    tagIds: 'tag',
    organizerIds: 'organizer',
    curatorIds: 'curator',
    mediaIds: 'media',
    fileIds: 'file',
  },
  texts: z.strictObject({
    title: requiredText(200),
    summary: optionalText(1_000),
    /** Markdown. */
    body: optionalText(50_000),
    venueName: optionalText(200),
    /** Why the event is cancelled, postponed or rescheduled; shown only while it is. */
    statusNote: optionalText(STATUS_NOTE_MAX),
  }),
  textKinds: { title: 'required', summary: 'optional', body: 'optional', venueName: 'optional', statusNote: 'optional' },
  complete: ['title', 'summary', 'body'],
  create: { required: { startsAt: true, endsAt: true, timeZone: true }, defaults: {}, translations: 'required' },
  publishable: true,
  preview: 'event',
  list: {
    sorts: ['updatedAt', 'createdAt', 'startsAt', 'title', 'slug', 'status', 'eventStatus'],
    defaultSort: '-updatedAt',
    filters: { status: statusFilter, eventStatus: eventStatusField.optional(), edition: idParam.optional(), tag: idParam.optional() },
    columns: [
      ...programmeColumns.slice(0, 2),
      { key: 'eventStatus', kind: 'eventStatus', sort: 'eventStatus', label: 'eventStatus.column' },
      { key: 'editionTitle', kind: 'relation', relation: { collection: 'editions', idKey: 'editionId' } },
      ...programmeColumns.slice(2),
    ],
    controls: [
      statusControl,
      eventStatusControl,
      { key: 'edition', kind: 'relation', collection: 'editions' },
      { key: 'tag', kind: 'relation', collection: 'tags' },
    ],
  },
});
