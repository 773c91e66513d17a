/** Rules several collection resources share: time ranges, default-locale texts, titles for slugs, typed reads of base columns. */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { defaultLocale, locales } from '../../i18n/config.ts';
import type { EntityState } from './entity-spec.ts';
import type { FieldErrorMap, FieldErrors } from '../errors/domain-errors.ts';
import type { LinkTable } from './resource.ts';
import { isKnownTimeZone } from '../../lib/time-zone-names.ts';

/** `endsAt` not before `startsAt`, and a time zone the runtime knows. */
export function validateTimeRange(state: EntityState, errors: FieldErrors): void {
  const { startsAt, endsAt, timeZone } = state.values;
  if (startsAt instanceof Date && endsAt instanceof Date && endsAt.getTime() < startsAt.getTime()) {
    errors.add('endsAt', 'END_BEFORE_START');
  }
  if (typeof timeZone === 'string' && !isKnownTimeZone(timeZone)) errors.add('timeZone', 'UNKNOWN_TIME_ZONE');
  // An unpublication at or before the publication would leave the item never public.
  const { publishAt, unpublishAt } = state.values;
  if (publishAt instanceof Date && unpublishAt instanceof Date && unpublishAt.getTime() <= publishAt.getTime()) {
    errors.add('unpublishAt', 'UNPUBLISH_BEFORE_PUBLISH');
  }
}

/**
 * Price rules across fields: a paid admission needs its lowest price and a currency, a highest
 * price is not below the lowest, and a free or unstated admission carries no price.
 */
export function validateTickets(state: EntityState, errors: FieldErrors): void {
  const { admission, priceMin, priceMax, currency } = state.values;
  if (admission === 'paid') {
    if (typeof priceMin !== 'number') errors.add('priceMin', 'PRICE_REQUIRED');
    if (typeof currency !== 'string') errors.add('currency', 'CURRENCY_REQUIRED');
    if (typeof priceMin === 'number' && typeof priceMax === 'number' && priceMax < priceMin) errors.add('priceMax', 'PRICE_BELOW_MINIMUM');
  } else {
    for (const field of ['priceMin', 'priceMax', 'currency'] as const) {
      if (state.values[field] !== null && state.values[field] !== undefined) errors.add(field, 'PRICE_WITHOUT_PAID_ADMISSION');
    }
  }
}

/**
 * A previous start belongs to a postponed or rescheduled event only (docs/decisions/055): with
 * any other status it is refused, so no page, calendar or feed says "moved" of an event that was not.
 */
export function validatePreviousStart(state: EntityState, errors: FieldErrors): void {
  const { previousStartsAt, eventStatus } = state.values;
  if (previousStartsAt instanceof Date && eventStatus !== 'postponed' && eventStatus !== 'rescheduled') {
    errors.add('previousStartsAt', 'PREVIOUS_START_WITHOUT_CHANGE');
  }
}

/** A text field in the default locale, else in the first locale that has it. */
export function preferredText(state: EntityState, field: string): string | undefined {
  for (const locale of [defaultLocale, ...locales.filter((l) => l !== defaultLocale)]) {
    const value = state.translations[locale]?.[field];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

/** `REQUIRED_TO_PUBLISH` for each listed default-locale field that is empty. */
export function defaultLocaleRequirements(state: EntityState, fields: readonly string[]): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const field of fields) {
    const value = state.translations[defaultLocale]?.[field];
    if (typeof value !== 'string' || !value.trim()) errors[`translations.${defaultLocale}.${field}`] = ['REQUIRED_TO_PUBLISH'];
  }
  return errors;
}

/**
 * SQL for an item's display title from its translations table: the default locale's text,
 * else any locale's (used by lists for the title column and the title sort).
 */
export function translatedTitle(table: string, ownerColumn: string, field: string, ownerId: SQLiteColumn): SQL {
  // Two primary-key lookups (owner, locale): no per-row sorting even over 100k items.
  const from = sql`${sql.raw(table)} t WHERE t.${sql.raw(ownerColumn)} = ${ownerId}`;
  return sql`coalesce(
    (SELECT t.${sql.raw(field)} FROM ${from} AND t.locale = ${defaultLocale}),
    (SELECT t.${sql.raw(field)} FROM ${from} ORDER BY t.locale LIMIT 1))`;
}

/** A list filter: the items (`id`) that `link` ties to `value` (events with a tag, curators of an edition). */
export function linkedTo(id: SQLiteColumn, { table, owner, target }: LinkTable, value: number): SQL {
  return inArray(id, sql`(SELECT ${owner} FROM ${table} WHERE ${target} = ${value})`);
}

/** Distinct numeric values of one base column across states (e.g. editions of events). */
export function idsOf(states: readonly EntityState[], key: string): number[] {
  return [...new Set(states.flatMap((state) => numberValue(state, key) ?? []))];
}

/** A base column's value when it is a string. */
export function stringValue(state: EntityState, key: string): string | undefined {
  const value = state.values[key];
  return typeof value === 'string' ? value : undefined;
}

/** A base column's value when it is a number. */
function numberValue(state: EntityState, key: string): number | undefined {
  const value = state.values[key];
  return typeof value === 'number' ? value : undefined;
}

/** The storage keys of removed uploads (null for a video link, which has no blob). */
export function storageKeysOf(states: readonly EntityState[]): (string | null)[] {
  return states.map((state) => stringValue(state, 'storageKey') ?? null);
}
