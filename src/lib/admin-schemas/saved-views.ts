/**
 * Saved views of the admin lists (docs/decisions/063): the request bodies, and the one check a
 * stored query goes through, with the list's own query schema, both when a view is saved (strict:
 * a bad query is refused) and when it is applied (lenient: what the list no longer knows is left
 * out and named, so an old view still opens). Pure and browser-safe.
 */
import { z } from 'zod';
import { issuesToFieldErrors, type FieldErrorMap } from '../field-errors.ts';
import { requiredText, typeError } from './fields.ts';

/** Views one person may keep per collection: a quick-pick, not an archive. */
export const MAX_VIEWS_PER_COLLECTION = 50;

/** A view's query as sent and stored: the list's query-string parameters (`status`, `sort`…). */
const viewQueryField = z.record(z.string().max(40), z.string({ error: typeError }).max(400, { error: 'TOO_LONG' }));

export const savedViewName = requiredText(80);

export const savedViewInput = z.strictObject({
  name: savedViewName,
  query: viewQueryField,
  isDefault: z.boolean({ error: typeError }).default(false),
});

export const savedViewPatch = z
  .strictObject({
    name: savedViewName.optional(),
    query: viewQueryField.optional(),
    isDefault: z.boolean({ error: typeError }).optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { error: 'REQUIRED' });

export type SavedViewInput = z.output<typeof savedViewInput>;
export type SavedViewPatch = z.output<typeof savedViewPatch>;

/** A saved view as the API answers it: its query already checked against today's list. */
export interface SavedView {
  id: number;
  collection: string;
  name: string;
  isDefault: boolean;
  query: Record<string, string>;
  /** Parameters of the stored query the list no longer accepts, left out of `query`. */
  dropped: string[];
  updatedAt: string;
}

/** Query parameters a view never keeps: a view opens on its first page. */
const notKept = new Set(['page']);

/** The string parameters of a stored or sent query, trimmed, empty ones and `page` left out. */
function parametersOf(raw: unknown): { params: Record<string, string>; unreadable: string[] } {
  const params: Record<string, string> = Object.create(null);
  const unreadable: string[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { params, unreadable };
  for (const [key, value] of Object.entries(raw)) {
    if (notKept.has(key)) continue;
    if (typeof value !== 'string') unreadable.push(key);
    else if (value.trim() !== '') params[key] = value.trim();
  }
  return { params, unreadable };
}

/** The top-level parameters a failed parse objects to (unknown ones and invalid values). */
function offendingKeys(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : issue.path.length > 0 ? [String(issue.path[0])] : []));
}

/**
 * A query to save, checked with the list's query schema: the parameters to store, or the field
 * errors (`query.<parameter>`) to answer with.
 */
export function checkViewQuery(listQuery: z.ZodType, raw: unknown): { ok: true; query: Record<string, string> } | { ok: false; errors: FieldErrorMap } {
  const { params, unreadable } = parametersOf(raw);
  const parsed = listQuery.safeParse(params);
  const errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  for (const key of unreadable) errors[key] = ['INVALID_TYPE'];
  if (Object.keys(errors).length === 0) return { ok: true, query: { ...params } };
  return { ok: false, errors: Object.fromEntries(Object.entries(errors).map(([path, codes]) => [path === '$' ? 'query' : `query.${path}`, codes])) };
}

/**
 * A stored query made fit for today's list: every parameter the list's schema refuses (a filter
 * since removed, a sort no longer offered, a value out of range) is left out and named in
 * `dropped`; what remains parses.
 */
export function normaliseViewQuery(listQuery: z.ZodType, raw: unknown): { query: Record<string, string>; dropped: string[] } {
  const { params, unreadable } = parametersOf(raw);
  const dropped = [...unreadable];
  // Each round drops at least one parameter, so this ends within as many rounds as there are.
  for (;;) {
    const parsed = listQuery.safeParse(params);
    if (parsed.success) break;
    const offending = offendingKeys(parsed.error.issues).filter((key) => key in params);
    if (offending.length === 0) {
      // An objection to the whole query: nothing of it can be trusted.
      dropped.push(...Object.keys(params));
      for (const key of Object.keys(params)) delete params[key];
      break;
    }
    for (const key of offending) {
      dropped.push(key);
      delete params[key];
    }
  }
  return { query: { ...params }, dropped: [...new Set(dropped)] };
}
