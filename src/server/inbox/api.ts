/** What the inbox's JSON API shares: body parsing into problem responses and the JSON shapes. */
import { z } from 'zod';
import { readJsonWithinLimit } from '../http/body-limit.ts';
import { problem } from '../http/problem.ts';
import type { ContactMessage, ContactReply } from './queries.ts';

export const noStore = { 'Cache-Control': 'private, no-store' } as const;

/** The request's JSON body parsed with `schema`, or the 4xx problem to answer. */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<{ data: z.output<S> } | Response> {
  const body = await readJsonWithinLimit(request);
  if (body instanceof Response) return body;
  const parsed = schema.safeParse(body.value);
  if (parsed.success) return { data: parsed.data };
  return problem(400, 'INVALID_BODY', 'The body does not match what this endpoint accepts', {
    errors: z.flattenError(parsed.error).fieldErrors as Record<string, string[]>,
  });
}

export const messageNotFound = () => problem(404, 'MESSAGE_NOT_FOUND', 'No contact message has this id');

/** A message as the API returns it (the client hash stays in the database). */
export function toMessageJson(message: ContactMessage, replies?: readonly ContactReply[]) {
  return {
    id: message.id,
    locale: message.locale,
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    createdAt: message.createdAt.toISOString(),
    consentAt: message.consentAt.toISOString(),
    readAt: message.readAt?.toISOString() ?? null,
    handledAt: message.handledAt?.toISOString() ?? null,
    ...(replies ? { replies: replies.map(toReplyJson) } : {}),
  };
}

export function toReplyJson(reply: ContactReply) {
  return { id: reply.id, body: reply.body, author: reply.authorLabel, createdAt: reply.createdAt.toISOString() };
}
