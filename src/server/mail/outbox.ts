/**
 * Writing mail: every message is a row of `mail_outbox`, inserted with the transaction of its
 * cause, so a rolled-back invitation sends nothing and a committed one is never forgotten. The
 * sender (`sender.ts`) delivers the rows. See docs/decisions/017.
 */
import { EventEmitter } from 'node:events';
import type { Executor } from '../../../db/client.ts';
import { mailOutbox } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import type { ComposedMail } from './compose.ts';

/** The messages the site sends (their templates), each labelled under `admin.mail.kind.*` in the "Sent mail" screen. */
export const mailKinds = [
  'account-created',
  'sign-up-existing',
  'sign-up-pending',
  'verify-email',
  'password-reset',
  'two-factor-on',
  'two-factor-off',
  'invitation',
  'contact-notification',
  'contact-reply',
  'note-mention',
  'review-request',
  'review-decision',
] as const;
export type MailKind = (typeof mailKinds)[number];

export interface MailRequest {
  /** Idempotency key: the same cause enqueued twice is one message (e.g. `password-reset:<user>:<token id>`). */
  cause: string;
  /** Template name, shown in the admin's "Sent mail" view. */
  kind: MailKind;
  to: string;
  locale: Locale;
  mail: ComposedMail;
  replyTo?: string | undefined;
  /** The body holds a secret link: cleared from the table once delivered. */
  sensitive?: boolean;
}

/**
 * One emitter per process, wherever this module is loaded from: the pages' bundle enqueues, the
 * start script's sender listens, and each has its own copy of this module.
 */
const EVENTS = Symbol.for('edition-hub.mail-events');
type WithMailEvents = typeof globalThis & { [EVENTS]?: EventEmitter };

/** Emits `enqueued` after a message was written, so a sender in this process can wake early. */
export const mailEvents: EventEmitter = ((globalThis as WithMailEvents)[EVENTS] ??= new EventEmitter());

/**
 * Adds a message to the outbox inside `executor`'s transaction. Returns false when a message for
 * this cause already exists (nothing is written twice).
 */
export async function enqueueMail(executor: Executor, request: MailRequest): Promise<boolean> {
  const inserted = await executor
    .insert(mailOutbox)
    .values({
      cause: request.cause,
      kind: request.kind,
      recipient: request.to,
      locale: request.locale,
      subject: request.mail.subject,
      text: request.mail.text,
      html: request.mail.html,
      replyTo: request.replyTo ?? null,
      sensitive: request.sensitive ?? false,
    })
    .onConflictDoNothing({ target: mailOutbox.cause })
    .returning({ id: mailOutbox.id });
  // The row is visible once the caller's transaction commits; a wake-up before that finds
  // nothing and the sender's poll picks the row up on its next round.
  if (inserted.length > 0) setImmediate(() => mailEvents.emit('enqueued'));
  return inserted.length > 0;
}
