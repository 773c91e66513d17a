/**
 * An event's schema.org status (decision 029). Pure and browser-safe: the schema, the admin
 * declaration, the hub and the feeds all read this one list.
 */

/** schema.org EventStatusType values, without the URL prefix (the JSON-LD adds it). */
export const eventStatuses = ['scheduled', 'cancelled', 'postponed', 'rescheduled'] as const;
export type EventStatus = (typeof eventStatuses)[number];

/** True for a stored or submitted status value. */
export function isEventStatus(value: unknown): value is EventStatus {
  return eventStatuses.some((status) => status === value);
}

/** Statuses a visitor must notice: marked on every card and page, and no registration link. */
export function isCalledOff(status: EventStatus): boolean {
  return status === 'cancelled' || status === 'postponed';
}

/** The schema.org URL of a status, as JSON-LD wants it. */
export function schemaOrgEventStatus(status: EventStatus): string {
  const names: Record<EventStatus, string> = {
    scheduled: 'EventScheduled',
    cancelled: 'EventCancelled',
    postponed: 'EventPostponed',
    rescheduled: 'EventRescheduled',
  };
  return `https://schema.org/${names[status]}`;
}
