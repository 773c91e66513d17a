/// <reference types="astro/client" />

/** Astro components imported from TypeScript modules (`astro check` types them fully). */
declare module '*.astro' {
  const Component: (props: Record<string, unknown>) => unknown;
  export default Component;
}

declare namespace App {
  interface Locals {
    /** Locale of the request, from the `/{locale}` segment (default locale elsewhere). */
    locale: import('./i18n/config.ts').Locale;
    /** UI strings fixed to `locale`. */
    t: import('./i18n/index.ts').Translate;
    /** The site settings pages show (name, logo, accent colour); unset on API and upload routes. */
    site?: import('./server/config/site-settings.ts').SiteView;
    /**
     * Who is signed in, with their effective role; set by the auth middleware on admin and auth
     * routes only (`null` everywhere else: public pages never look at cookies).
     */
    user: import('./server/auth/types.ts').AuthUser | null;
    session: import('./server/auth/types.ts').AuthSession | null;
    /** On the 403 screen: the permission that was missing (`null` = the account has no role). */
    deniedPermission?: import('./server/auth/permissions.ts').Permission | null;
  }
}
