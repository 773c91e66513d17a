/**
 * Storing contact messages, with a per-client rate limit counted in the database itself (the
 * `client_hash` of recent rows), so it holds across restarts and across app nodes. The team's
 * notification is queued in the same transaction as the message (decision 021).
 */
import { createHash } from 'node:crypto';
import { and, count, eq, gte } from 'drizzle-orm';
import { writeTransaction, type Database } from '../../../db/client.ts';
import { contactMessages } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { enqueueContactNotifications, type NotificationSettings } from '../inbox/mail.ts';
import type { ContactInput } from './schema.ts';
import { enqueueContactWebhook } from '../webhooks/contact.ts';

export const RATE_WINDOW_MS = 10 * 60_000;

export type ContactOutcome = { ok: true; stored: boolean } | { ok: false; code: 'RATE_LIMITED' };

/**
 * A pseudonymous key for a client address: enough to count a client's messages, without keeping
 * the address itself.
 */
export function hashClient(address: string): string {
  return createHash('sha256').update(`edition-hub:contact:${address}`).digest('hex').slice(0, 32);
}

export interface SubmitOptions {
  locale: Locale;
  clientKey: string;
  now: Date;
  /** Accepted messages per client per window; 0 = unlimited. */
  limit: number;
  /** Who is told about the message; nobody when absent. */
  notification?: NotificationSettings | undefined;
}

/**
 * Accepts a validated message. Honeypot hits report success but store nothing (bots learn
 * nothing). The count and the insert share one write transaction, so parallel posts cannot
 * slip past the limit.
 */
export async function submitContactMessage(db: Database, input: ContactInput, options: SubmitOptions): Promise<ContactOutcome> {
  if (input.website?.trim()) return { ok: true, stored: false };
  const clientHash = hashClient(options.clientKey);
  return writeTransaction(db, async (tx) => {
    if (options.limit > 0) {
      const [recent] = await tx
        .select({ value: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.clientHash, clientHash), gte(contactMessages.createdAt, new Date(options.now.getTime() - RATE_WINDOW_MS))));
      if ((recent?.value ?? 0) >= options.limit) return { ok: false, code: 'RATE_LIMITED' } as const;
    }
    const [stored] = await tx
      .insert(contactMessages)
      .values({
        locale: options.locale,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        consentAt: options.now,
        clientHash,
        createdAt: options.now,
      })
      .returning({ id: contactMessages.id });
    await enqueueContactWebhook(tx, { ...input, id: stored!.id, locale: options.locale, receivedAt: options.now });
    if (options.notification) {
      // Each recipient in their own language (inbox/mail.ts).
      await enqueueContactNotifications(tx, { ...input, id: stored!.id, locale: options.locale }, options.notification);
    }
    return { ok: true, stored: true } as const;
  });
}
