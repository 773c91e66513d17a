import type { contactMessages } from '../../../db/schema.ts';

/**
 * What a visitor sent through the contact form, as the notification mail, the person export and
 * the `contact.received` webhook pass it on.
 */
export type ContactMessageFields = Pick<typeof contactMessages.$inferSelect, 'id' | 'locale' | 'name' | 'email' | 'subject' | 'message'>;
