/**
 * The contact form's Astro Action. An HTML form posts to the current URL with `?_action=contact`;
 * Astro runs this handler, then renders the page with the result (no JavaScript needed).
 */
import { ActionError, defineAction } from 'astro:actions';
import { getEnv } from '../server/config/env.ts';
import { submitContactMessage } from '../server/contact/service.ts';
import { listClerkAdmins } from '../server/inbox/mail.ts';
import { contactSchema } from '../server/contact/schema.ts';
import { getDb } from '../server/db.ts';
import { clientAddressOf } from '../server/http/client-address.ts';
import { getSiteOrigin } from '../server/config/site-origin.ts';
import { contactRecipientsOf, getSiteSettings } from '../server/config/site-settings.ts';

export const contact = defineAction({
  accept: 'form',
  input: contactSchema,
  handler: async (input, context) => {
    const env = getEnv();
    const db = await getDb();
    // The recipients set in the admin (decision 038), else HUB_CONTACT_TO.
    const contactTo = contactRecipientsOf(await getSiteSettings(db), env.HUB_CONTACT_TO);
    // Without either, under Clerk, Clerk's admins are told too (asked before the transaction).
    const clerkAdmins = env.AUTH_PROVIDER === 'clerk' && contactTo.length === 0 ? await listClerkAdmins(db) : [];
    const outcome = await submitContactMessage(db, input, {
      locale: context.locals.locale,
      clientKey: clientAddressOf(context.request, context.clientAddress),
      now: new Date(),
      limit: env.CONTACT_RATE_LIMIT,
      notification: {
        contactTo,
        adminEmails: env.HUB_ADMIN_EMAILS,
        localAccounts: env.AUTH_PROVIDER === 'local',
        clerkAdmins,
        origin: getSiteOrigin(),
      },
    });
    // The page translates the code; the status (429) reaches the visitor's response.
    if (!outcome.ok) throw new ActionError({ code: 'TOO_MANY_REQUESTS', message: outcome.code });
    return { sent: true };
  },
});
