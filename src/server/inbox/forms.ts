/**
 * The inbox's HTML forms (no JavaScript needed): each POST ends in a redirect (post/redirect/get)
 * or in the page rendered again with the reason, as a 4xx.
 */
import type { Database } from '../../../db/client.ts';
import type { Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import type { Actor } from '../auth/actor.ts';
import { erasePerson } from './person.ts';
import { eraseSchema, readReplyKey, replySchema } from './schemas.ts';
import { deleteMessage, replyToMessage, setMessageHandled, setMessageRead } from './service.ts';

export const messageIntents = ['handled', 'unhandled', 'unread', 'reply', 'delete'] as const;
export type MessageIntent = (typeof messageIntents)[number];

export type FormResult =
  | { kind: 'redirect'; location: string }
  /** 400: the page shows `errors` (field → code) and keeps `values`. */
  | { kind: 'invalid'; errors: Record<string, string>; values: Record<string, string> }
  | { kind: 'not-found' };

function firstErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export interface MessageFormContext {
  db: Database;
  actor: Actor;
  locale: Locale;
  id: number;
  /** `Reply-To` of replies. */
  replyTo: string | undefined;
}

/** Handles a POST of the message screen's forms (`intent` says which). */
export async function handleMessageForm(context: MessageFormContext, form: FormData): Promise<FormResult> {
  const { db, actor, locale, id } = context;
  const intent = text(form, 'intent');
  const here = paths.adminInboxMessage(locale, id);
  const found = (ok: boolean, location: string): FormResult => (ok ? { kind: 'redirect', location } : { kind: 'not-found' });
  switch (intent) {
    case 'handled':
    case 'unhandled':
      return found(await setMessageHandled(db, id, intent === 'handled'), `${here}?done=${intent}`);
    case 'unread':
      // Back to the list: opening the message again would mark it read at once.
      return found(await setMessageRead(db, id, false), paths.adminInbox(locale, new URLSearchParams({ done: 'unread' })));
    case 'delete':
      return found(await deleteMessage(db, actor, id), paths.adminInbox(locale, new URLSearchParams({ done: 'deleted' })));
    case 'reply': {
      const parsed = replySchema.safeParse({ body: text(form, 'body') });
      if (!parsed.success) return { kind: 'invalid', errors: firstErrors(parsed.error.issues), values: { body: text(form, 'body'), key: text(form, 'key') } };
      const outcome = await replyToMessage(db, actor, id, parsed.data.body, { replyTo: context.replyTo, key: readReplyKey(text(form, 'key')) });
      return outcome.ok ? { kind: 'redirect', location: `${here}?done=replied#reply-${outcome.reply.id}` } : { kind: 'not-found' };
    }
    default:
      return { kind: 'invalid', errors: { intent: 'UNKNOWN_INTENT' }, values: {} };
  }
}

/** Handles the erasure form of the person screen; `email` is the address of the message shown. */
export async function handleEraseForm(db: Database, actor: Actor, locale: Locale, email: string, form: FormData): Promise<FormResult> {
  const parsed = eraseSchema.safeParse({ email, confirm: text(form, 'confirm') });
  if (!parsed.success) return { kind: 'invalid', errors: firstErrors(parsed.error.issues), values: { confirm: text(form, 'confirm') } };
  const removed = await erasePerson(db, actor, parsed.data.email);
  return { kind: 'redirect', location: paths.adminInbox(locale, new URLSearchParams({ done: 'erased', count: String(removed.messages) })) };
}
