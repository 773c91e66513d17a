/**
 * What better-auth's callbacks need to know about the request that caused them but cannot be
 * given as arguments: the locale of the page it came from (the mail's language), and the
 * invitation being accepted. Carried in async context by our own code, so no client can forge
 * them through a header.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Role } from '../roles.ts';
import { defaultLocale, isLocale, type Locale } from '../../../i18n/config.ts';

export interface AcceptedInvitation {
  id: number;
  email: string;
  role: Role;
  /** The stored edition scope the account gets (JSON text), `null` = every edition. */
  editions: string | null;
}

interface AccountContext {
  locale: Locale;
  /**
   * The language to remember on the account a sign-up creates or a sign-in opens: a localized
   * page's (the invitation's, for an accepted invitation). Absent when the request names none
   * (a JSON call without a localized Referer), so a guess never overwrites a known choice.
   */
  accountLocale?: Locale | undefined;
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

/** The language to remember on the account being created or signed in, when the request says. */
export function rememberedLocale(): Locale | undefined {
  return storage.getStore()?.accountLocale;
}

/** The invitation the current sign-up accepts, if any. */
export function currentInvitation(): AcceptedInvitation | undefined {
  return storage.getStore()?.invitation;
}

/** The locale of the page a JSON request was sent from (its Referer), for the mail it causes. */
export function localeOfReferer(request: Request): Locale {
  return refererLocale(request) ?? defaultLocale;
}

/** The Referer's locale only when it is a localized page of ours; undefined otherwise. */
export function refererLocale(request: Request): Locale | undefined {
  const referer = request.headers.get('referer');
  if (!referer) return undefined;
  try {
    const first = new URL(referer).pathname.split('/')[1];
    return isLocale(first) ? first : undefined;
  } catch {
    return undefined;
  }
}
