/**
 * The links, price and places a row carries, checked in the dry run as a hand-made save checks
 * them (the declaration's fields and the engine's price rules), so a bad one is a row error with
 * its field rather than a refusal of the whole commit.
 */
import { eventsCollection } from '../../lib/collections/events.ts';
import { issuesToFieldErrors } from '../../lib/field-errors.ts';
import { validateTickets } from '../engine/spec-helpers.ts';
import { FieldErrors } from '../errors/domain-errors.ts';
import type { ImportRow } from './rows.ts';

const offerFields = ['onlineUrl', 'registrationUrl', 'admission', 'priceMin', 'priceMax', 'currency', 'availability'] as const;

/** The row's offer problems as `[field, code]` pairs (the field as this product names it). */
export function offerIssues(row: ImportRow): [string, string][] {
  const values: Record<string, unknown> = { onlineUrl: row.onlineUrl, registrationUrl: row.registrationUrl, ...row.tickets };
  const issues: [string, string][] = [];
  for (const field of offerFields) {
    if (values[field] === undefined) continue;
    const parsed = eventsCollection.fields[field].safeParse(values[field]);
    if (parsed.success) values[field] = parsed.data;
    else for (const codes of Object.values(issuesToFieldErrors(parsed.error.issues))) for (const code of codes) issues.push([field, code]);
  }
  if (row.tickets) {
    const errors = new FieldErrors();
    validateTickets({ id: 0, values, translations: {}, links: {} }, errors);
    for (const [field, codes] of Object.entries(errors.map)) for (const code of codes) issues.push([field, code]);
  }
  return issues;
}
