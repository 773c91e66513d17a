/**
 * What better-auth's callbacks need to know about the request that caused them but cannot be
 * given as arguments: the locale of the page it came from (the mail's language), and the
 * invitation being accepted. Carried in async context by our own code, so no client can forge
 * them through a header.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { defaultLocale, isLocale, type Locale } from '../../../i18n/config.ts';

export interface AcceptedInvitation {
  id: number;
  email: string;
  role: 'admin' | 'editor';
}

interface AccountContext {
  locale: Locale;
  invitation?: AcceptedInvitation | undefined;
}

const storage = new AsyncLocalStorage<AccountContext>();

/** Runs `work` (a better-auth call) on behalf of a page in `locale`, maybe accepting an invitation. */
export function withAccountContext<T>(context: AccountContext, work: () => T): T {
  return storage.run(context, work);
}

/** The locale of the page the current request came from (English when unknown). */
export function currentLocale(): Locale {
  return storage.getStore()?.locale ?? defaultLocale;
}

/** The invitation the current sign-up accepts, if any. */
export function currentInvitation(): AcceptedInvitation | undefined {
  return storage.getStore()?.invitation;
}

/** The locale of the page a JSON request was sent from (its Referer), for the mail it causes. */
export function localeOfReferer(request: Request): Locale {
  const referer = request.headers.get('referer');
  if (!referer) return defaultLocale;
  try {
    const first = new URL(referer).pathname.split('/')[1];
    return isLocale(first) ? first : defaultLocale;
  } catch {
    return defaultLocale;
  }
}
