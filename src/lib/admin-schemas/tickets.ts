/** Price and availability of an event as admin fields (src/lib/tickets.ts). */
import { z } from 'zod';
import { admissions, availabilities, hasCents, isKnownCurrency, MAX_PRICE } from '../tickets.ts';
import { typeError } from './fields.ts';

export const admissionField = z.enum(admissions, { error: 'INVALID_VALUE' }).nullable();
export const availabilityField = z.enum(availabilities, { error: 'INVALID_VALUE' }).nullable();

/** An amount in the currency's major unit: 0 to 100,000, at most two decimals. */
export const priceField = z
  .number({ error: typeError })
  .min(0, { error: 'OUT_OF_RANGE' })
  .max(MAX_PRICE, { error: 'OUT_OF_RANGE' })
  .refine(hasCents, { error: 'TOO_PRECISE' })
  .nullable();

/** An ISO 4217 code ("EUR"), upper-cased as typed. */
export const currencyField = z.string({ error: typeError }).trim().toUpperCase().refine(isKnownCurrency, { error: 'UNKNOWN_CURRENCY' }).nullable();
