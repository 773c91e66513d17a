/**
 * Query strings of the public API: `locale` everywhere, `limit` and `cursor` on lists, and each
 * list's own filters. Strict on purpose: an unknown, repeated or malformed parameter is a 400 with
 * the parameter named, never a silently wider answer (and never a new cache entry for junk).
 */
import { defaultLocale, isLocale, type Locale } from '../../i18n/config.ts';
import { decodeCursor } from './cursor.ts';

/** Error codes by parameter name, as problem+json `errors` carries them. */
export type ParamErrors = Record<string, string[]>;

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** A list's own filters: their names, and how to read them. */
export interface FilterReader<F> {
  names: readonly string[];
  /** The filters, the errors among them, and their canonical form (what a cursor is bound to). */
  read(params: URLSearchParams): { filters: F; errors: ParamErrors; canonical: string };
}

export interface ItemQuery {
  locale: Locale;
}

export interface ListQuery<F> extends ItemQuery {
  limit: number;
  /** The sort key of the last item of the previous page. */
  after: number[] | undefined;
  filters: F;
  /** What cursors of this list are bound to. */
  scope: string;
}

export type Read<Q> = { ok: true; query: Q } | { ok: false; locale: Locale; errors: ParamErrors };

/** The locale asked for (the default when absent); undefined when it names none of ours. */
function readLocale(params: URLSearchParams): Locale | undefined {
  const value = params.get('locale');
  if (value === null) return defaultLocale;
  return isLocale(value) ? value : undefined;
}

/** Unknown and repeated parameters. */
function checkNames(params: URLSearchParams, allowed: readonly string[]): ParamErrors {
  const errors: ParamErrors = {};
  for (const name of new Set(params.keys())) {
    if (!allowed.includes(name)) errors[name] = ['UNKNOWN'];
    else if (params.getAll(name).length > 1) errors[name] = ['REPEATED'];
  }
  return errors;
}

/** Reads the query of a single item (only `locale`). */
export function readItemQuery(params: URLSearchParams): Read<ItemQuery> {
  const errors = checkNames(params, ['locale']);
  const locale = readLocale(params);
  if (!locale) errors['locale'] = ['INVALID'];
  if (Object.keys(errors).length) return { ok: false, locale: locale ?? defaultLocale, errors };
  return { ok: true, query: { locale: locale! } };
}

/** Reads a list's query: locale, limit, cursor (bound to `list` and its filters), and the filters. */
export function readListQuery<F>(params: URLSearchParams, list: string, reader: FilterReader<F>, keyLength: number): Read<ListQuery<F>> {
  const errors = checkNames(params, ['locale', 'limit', 'cursor', ...reader.names]);
  const locale = readLocale(params);
  if (!locale) errors['locale'] = ['INVALID'];
  const limitText = params.get('limit');
  const limit = limitText === null ? DEFAULT_LIMIT : /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) errors['limit'] = ['INVALID'];
  const { filters, errors: filterErrors, canonical } = reader.read(params);
  Object.assign(errors, filterErrors);
  const scope = `${list}?${canonical}`;
  const cursor = params.get('cursor');
  const after = cursor === null ? undefined : decodeCursor(cursor, scope, keyLength);
  if (cursor !== null && !after) errors['cursor'] = ['INVALID'];
  if (Object.keys(errors).length) return { ok: false, locale: locale ?? defaultLocale, errors };
  return { ok: true, query: { locale: locale!, limit, after, filters, scope } };
}

/** The reader of a list without filters of its own. */
export const noFilters: FilterReader<Record<string, never>> = {
  names: [],
  read: () => ({ filters: {}, errors: {}, canonical: '' }),
};
