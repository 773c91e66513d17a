/** The event status as an admin field, list filter and filter control (decision 029). */
import { z } from 'zod';
import { eventStatuses } from '../event-status.ts';
import type { FilterControl } from '../collections/declare.ts';

export const eventStatusField = z.enum(eventStatuses, { error: 'INVALID_VALUE' });

/** The longest status note (the reason a visitor reads in the page's notice, a calendar and a feed). */
export const STATUS_NOTE_MAX = 300;

/** The list's "status of the event" select, labelled from `eventStatus.value.*`. */
export const eventStatusControl: FilterControl = {
  key: 'eventStatus',
  kind: 'select',
  options: eventStatuses,
  labelPrefix: 'eventStatus.value.',
  label: 'eventStatus.column',
};
