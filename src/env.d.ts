/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Locale of the request, from the `/{locale}` segment (default locale elsewhere). */
    locale: import('./i18n/config.ts').Locale;
    /** UI strings fixed to `locale`. */
    t: import('./i18n/index.ts').Translate;
  }
}
