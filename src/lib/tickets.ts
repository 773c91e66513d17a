/**
 * What a place at an event costs and whether one is left (issue: price and availability). Pure and
 * browser-safe: the admin declaration, the form, the hub, the embeds and the JSON-LD read it.
 *
 * `admission` null means the team has not said; `free` needs no price; `paid` has a lowest price,
 * an optional highest one (a range: concessions, categories) and an ISO 4217 currency. Prices are
 * amounts in the currency's major unit (12.5 is €12.50), at most two decimals: they are shown and
 * passed on, never added up.
 */
import type { Locale } from '../i18n/config.ts';

export const admissions = ['free', 'paid'] as const;
export type Admission = (typeof admissions)[number];

/** `limited`: few places left, said so on the page; `sold-out`: none left. */
export const availabilities = ['available', 'limited', 'sold-out'] as const;
export type Availability = (typeof availabilities)[number];

export const MAX_PRICE = 100_000;

export interface Tickets {
  admission: Admission | null;
  priceMin: number | null;
  priceMax: number | null;
  currency: string | null;
  availability: Availability | null;
}

/** True for an ISO 4217 code the runtime can format ("EUR", "JPY"). */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return typeof Intl.supportedValuesOf !== 'function' || Intl.supportedValuesOf('currency').includes(code);
  } catch {
    return false;
  }
}

/** True for an amount with at most two decimals. */
export function hasCents(amount: number): boolean {
  return Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
}

/**
 * The price as a visitor reads it in `locale`: "€12", "12–20 €", "¥3,000"; null when there is
 * nothing to say (admission not stated, or free: the page says "Free" in words of its own).
 */
export function formatPrice(locale: Locale, tickets: Pick<Tickets, 'admission' | 'priceMin' | 'priceMax' | 'currency'>): string | null {
  const { admission, priceMin, priceMax, currency } = tickets;
  if (admission !== 'paid' || priceMin === null || !currency || !isKnownCurrency(currency)) return null;
  const whole = Number.isInteger(priceMin) && (priceMax === null || Number.isInteger(priceMax));
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency, ...(whole ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}) });
  return priceMax !== null && priceMax > priceMin ? format.formatRange(priceMin, priceMax) : format.format(priceMin);
}

/** The schema.org ItemAvailability of a place, as JSON-LD wants it. */
export function schemaOrgAvailability(availability: Availability): string {
  const names: Record<Availability, string> = { available: 'InStock', limited: 'LimitedAvailability', 'sold-out': 'SoldOut' };
  return `https://schema.org/${names[availability]}`;
}

type TicketsKey = 'tickets.admission.free' | `tickets.availability.${Availability}`;

/** What a place costs in words: "Free", "€12–20"; null when the admission or its price is not stated. */
export function priceText(locale: Locale, t: (key: TicketsKey) => string, tickets: Partial<Tickets>): string | null {
  if (tickets.admission === 'free') return t('tickets.admission.free');
  return formatPrice(locale, {
    admission: tickets.admission ?? null,
    priceMin: tickets.priceMin ?? null,
    priceMax: tickets.priceMax ?? null,
    currency: tickets.currency ?? null,
  });
}

/** Price and places in one line of plain text ("€12–20 · Few places left"), for calendars and feeds; null when nothing is stated. */
export function describeTickets(locale: Locale, t: (key: TicketsKey) => string, tickets: Partial<Tickets>, withPlaces = true): string | null {
  const places = withPlaces && tickets.availability ? t(`tickets.availability.${tickets.availability}`) : null;
  return [priceText(locale, t, tickets), places].filter(Boolean).join(' · ') || null;
}
