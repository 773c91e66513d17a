/** What a contact message tells webhook receivers (`contact.received`), queued in the form's transaction. */
import type { Executor } from '../../../db/client.ts';
import type { ContactMessageFields } from '../inbox/contact-message.ts';
import { CONTACT_RECEIVED } from '../outbox/webhook-events.ts';
import { enqueueWebhook } from '../outbox/webhooks.ts';

/** A contact message as `contact.received` carries it (receivers were chosen by an admin). */
export interface ReceivedContactMessage extends ContactMessageFields {
  receivedAt: Date;
}

/** Queues `contact.received` in the contact form's transaction. */
export async function enqueueContactWebhook(tx: Executor, message: ReceivedContactMessage): Promise<void> {
  // Named fields only: the form's other inputs (consent, the honeypot) are not the receiver's.
  const { id, locale, name, email, subject, message: text, receivedAt } = message;
  await enqueueWebhook(tx, CONTACT_RECEIVED, { id, locale, name, email, subject, message: text, receivedAt: receivedAt.toISOString() }, { now: receivedAt });
}
