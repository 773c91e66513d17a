/**
 * What an endpoint form or JSON body may say. One schema for both: the HTML form's fields are
 * read into the same shape (`events` repeated, `enabled` a checkbox).
 */
import { z } from 'zod';
import { getEnv } from '../config/env.ts';
import { checkDestination } from './destination.ts';
import { isSubscribableEventType } from '../outbox/webhook-events.ts';

/** Field error codes, translated under `webhooks.field.error.*`. */
export const webhookFieldCodes = [
  'URL_REQUIRED',
  'URL_INVALID',
  'URL_SCHEME',
  'URL_TOO_LONG',
  'DESCRIPTION_TOO_LONG',
  'EVENTS_REQUIRED',
  'EVENT_UNKNOWN',
  'URL_LOOPBACK',
  'URL_LINK_LOCAL',
  'URL_UNSPECIFIED',
  'URL_METADATA',
] as const;
export type WebhookFieldCode = (typeof webhookFieldCodes)[number];

const urlField = z
  .string({ error: 'URL_REQUIRED' })
  .trim()
  .min(1, 'URL_REQUIRED')
  .max(2000, 'URL_TOO_LONG')
  .superRefine((value, context) => {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: 'URL_INVALID' });
      return;
    }
    // Credentials in the URL would show on every screen that lists the endpoint.
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') context.addIssue({ code: 'custom', message: 'URL_SCHEME' });
    else if (parsed.username || parsed.password || !parsed.hostname) context.addIssue({ code: 'custom', message: 'URL_INVALID' });
  })
  // Stored and shown as the URL parser normalises it (`http://0x7f.1/` reads `http://127.0.0.1/`).
  .transform((value) => new URL(value).href);

const eventsField = z
  .array(z.string().refine(isSubscribableEventType, 'EVENT_UNKNOWN'), { error: 'EVENTS_REQUIRED' })
  .min(1, 'EVENTS_REQUIRED')
  .transform((events) => [...new Set(events)].sort());

const descriptionField = z.string().trim().max(500, 'DESCRIPTION_TOO_LONG');

export const webhookEndpointInput = z.strictObject({
  url: urlField,
  description: descriptionField.default(''),
  enabled: z.boolean().default(true),
  events: eventsField,
});
export type WebhookEndpointInput = z.output<typeof webhookEndpointInput>;

/** A change names what it changes: no default fills in what it leaves out (a disabled endpoint stays disabled). */
export const webhookEndpointPatch = z.strictObject({ url: urlField, description: descriptionField, enabled: z.boolean(), events: eventsField }).partial();
export type WebhookEndpointPatch = z.output<typeof webhookEndpointPatch>;

/** An endpoint form's fields as the JSON shape (`enabled` is a checkbox: absent = off). */
export function formToEndpointInput(form: FormData): Record<string, unknown> {
  return {
    url: form.get('url') ?? '',
    description: form.get('description') ?? '',
    enabled: form.get('enabled') === 'on' || form.get('enabled') === 'true',
    events: form.getAll('events').filter((value): value is string => typeof value === 'string'),
  };
}

/**
 * The field errors of an endpoint whose URL may not be used (a loopback, link-local, unspecified
 * or metadata address, or a name resolving to one), or undefined. Asynchronous: names are resolved.
 */
export async function destinationErrorsOf(input: { url?: string | undefined }): Promise<Record<string, string[]> | undefined> {
  if (input.url === undefined) return undefined;
  const refused = await checkDestination(new URL(input.url), getEnv().HUB_WEBHOOK_ALLOW_PRIVATE);
  return refused ? { url: [refused] } : undefined;
}

/** Zod issues as field errors keyed by the field's path (`events.2`, `url`). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.length ? issue.path.join('.') : 'body';
    const code = (webhookFieldCodes as readonly string[]).includes(issue.message) ? issue.message : 'INVALID';
    (errors[path] ??= []).push(code);
  }
  return errors;
}
