/** The process's better-auth instances, built lazily on first use (the database opens async). */
import { defaultLocale } from '../../../i18n/config.ts';
import { getTranslator } from '../../../i18n/index.ts';
import { getEnv, type Env } from '../../config/env.ts';
import { getDb } from '../../db.ts';
import { createLocalAuth, type LocalAuth } from './auth.ts';
import { resolveAuthSecret } from './secret.ts';

// One instance per cookie flavour: better-auth fixes `Secure` and the `__Secure-` name prefix
// per instance, and a plain-HTTP visit (local demo) must still get a cookie it can send back.
const instances = new Map<boolean, Promise<LocalAuth>>();

/** True when cookies must be `Secure`: served over HTTPS, or the public origin is HTTPS. */
export function isSecureRequest(url: URL, env: Pick<Env, 'PUBLIC_SITE_URL'> = getEnv()): boolean {
  return url.protocol === 'https:' || Boolean(env.PUBLIC_SITE_URL?.startsWith('https:'));
}

/** The better-auth instance for requests of this security flavour. */
export function getLocalAuth(secure: boolean): Promise<LocalAuth> {
  let instance = instances.get(secure);
  if (!instance) {
    instance = (async () => {
      const env = getEnv();
      return createLocalAuth({
        db: await getDb(),
        secret: resolveAuthSecret(env),
        baseURL: env.PUBLIC_SITE_URL,
        secure,
        signUp: env.HUB_SIGN_UP,
        verifyEmail: env.HUB_VERIFY_EMAIL ?? false,
        standingInvitations: [...env.HUB_ADMIN_EMAILS, ...env.HUB_EDITOR_EMAILS],
        sessionMaxAge: env.HUB_SESSION_MAX_AGE,
        adminsFromEnv: env.HUB_ADMIN_EMAILS.length > 0,
        adminEmails: env.HUB_ADMIN_EMAILS,
        issuer: getTranslator(defaultLocale)('site.name'),
      });
    })();
    instances.set(secure, instance);
  }
  return instance;
}
