/**
 * A spreadsheet's price, places and links as the event's offer (decision 046): "12", "12,50 €",
 * "8–15 EUR", "free" / "gratuit" / "kostenlos" for a price; "sold out" / "complet" / "ausverkauft"
 * and "few places" / "dernières places" / "Restplätze" for places. What cannot be read is a row
 * issue on its column; amounts and links are then checked like a save (offer-check.ts).
 */
import type { Availability, Tickets } from '../../lib/tickets.ts';
import { normalizeHeader } from './csv-headers.ts';
import type { ImportRow } from './rows.ts';

const FREE = new Set(['free', 'gratuit', 'gratuite', 'gratis', 'kostenlos', 'frei', 'eintritt frei', 'entree libre', 'entree gratuite', 'free entry', '0']);
const SYMBOLS: Readonly<Record<string, string>> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY', 'fr.': 'CHF', chf: 'CHF' };
const AVAILABILITY: Readonly<Record<string, Availability>> = {
  available: 'available',
  disponible: 'available',
  verfugbar: 'available',
  open: 'available',
  limited: 'limited',
  'few places': 'limited',
  'few places left': 'limited',
  'few left': 'limited',
  'dernieres places': 'limited',
  'places limitees': 'limited',
  restplatze: 'limited',
  'wenige platze': 'limited',
  'sold out': 'sold-out',
  soldout: 'sold-out',
  complet: 'sold-out',
  ausverkauft: 'sold-out',
  ausgebucht: 'sold-out',
  full: 'sold-out',
};

/** "12,50" or "12.50" or "1 200" as a number; undefined when it is not one. */
function readAmount(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  const decimal = /^\d+([.,]\d{1,2})?$/.test(compact) ? compact.replace(',', '.') : undefined;
  return decimal === undefined ? undefined : Number(decimal);
}

/** A currency sign or code: `€`, `CHF`, `Fr.`, any three capitals (ISO 4217). */
const CURRENCY = /[€$£¥]|\bFr\.|\b[A-Z]{3}\b/g;
/** Between the two amounts of a range: a dash, or "to" / "à" / "bis". */
const RANGE = /\s*[-–—]\s*|\s+(?:to|à|bis)\s+/i;

/** A price cell as admission, amounts and the currency its symbol or code names; undefined when unreadable. */
export function readPriceCell(cell: string): Partial<Tickets> | undefined {
  const text = cell.trim();
  if (FREE.has(normalizeHeader(text))) return { admission: 'free', priceMin: null, priceMax: null };
  let currency: string | undefined;
  const amounts = text
    .replace(CURRENCY, (symbol) => {
      currency = SYMBOLS[symbol.toLowerCase()] ?? SYMBOLS[symbol] ?? symbol;
      return ' ';
    })
    .trim()
    .split(RANGE)
    .map(readAmount);
  if (amounts.length > 2 || amounts.some((amount) => amount === undefined)) return undefined;
  const [min, max] = amounts as number[];
  return { admission: 'paid', priceMin: min!, priceMax: max ?? null, ...(currency ? { currency } : {}) };
}

/** The offer cells of a record, onto `row` (issues for what cannot be read). */
export function applyOfferCells(
  row: ImportRow,
  cells: { registration: string | null; online: string | null; price: string | null; currency: string | null; availability: string | null },
): void {
  if (cells.registration) row.registrationUrl = cells.registration;
  if (cells.online) row.onlineUrl = cells.online;
  const tickets: Partial<Tickets> = {};
  if (cells.price) {
    const price = readPriceCell(cells.price);
    if (price) Object.assign(tickets, price);
    else row.issues.push({ field: 'price', code: 'INVALID_PRICE' });
  }
  if (cells.currency) tickets.currency = cells.currency.trim().toUpperCase();
  if (cells.availability) {
    const availability = AVAILABILITY[normalizeHeader(cells.availability)];
    if (availability) tickets.availability = availability;
    else row.issues.push({ field: 'availability', code: 'INVALID_AVAILABILITY' });
  }
  if (Object.keys(tickets).length > 0) row.tickets = { ...row.tickets, ...tickets };
}
