/**
 * Rows the engine refuses at commit, after a dry run that found nothing wrong with them: an event
 * archived since (archived cannot go straight to published), a version changed meanwhile, a
 * constraint the database enforces. Without `skip=errors` such a row refuses the whole import
 * (`422 IMPORT_ROW_FAILED` naming its line). With it, the row is left out and listed like the
 * rows the dry run found, and the rest is imported.
 *
 * Nothing may be half-written: the whole apply runs inside a savepoint, and a refused row rolls
 * back to it, so the rows and the names they alone brought (a draft venue, a tag) go with it, and
 * the apply runs again without that row. The engine's checks name the refused row before the
 * batch writes anything, so this costs one more apply per refused row. A constraint the database
 * raises mid-batch names no row: then each row is applied in a savepoint of its own to find it.
 */
import type { Transaction } from '../../../db/client.ts';
import type { Translate } from '../../i18n/index.ts';
import { constraintError } from '../engine/db-errors.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { importField, type PlannedRow } from './plan.ts';
import { issueReason } from './reasons.ts';
import type { ImportFormat } from './rows.ts';
import { sourceFieldOf } from './source-fields.ts';

/** One row the engine refused, and its reason. */
export class RowRefusal extends Error {
  readonly row: PlannedRow;
  readonly error: AdminError;

  constructor(row: PlannedRow, error: AdminError) {
    super(error.message);
    this.row = row;
    this.error = error;
  }
}

/** The engine's refusal as the row's issues, with import field names (`translations.en.title` → `title_en`). */
export function refusalIssues(error: AdminError): { field: string; code: string }[] {
  const entries = Object.entries(error.details.errors ?? {});
  if (entries.length === 0) return [{ field: '$', code: error.code }];
  return entries.flatMap(([path, codes]) => codes.map((code) => ({ field: path === '$' ? '$' : importField(path), code })));
}

/**
 * A refusal of one row by the engine, as the import's error naming the line and the first reason
 * (its code, and its sentence in the admin's language); the transaction rolls back.
 */
export function rowFailure(row: PlannedRow, error: AdminError, t: Translate): AdminError {
  const errors = Object.fromEntries(Object.entries(error.details.errors ?? { $: [error.code] }).map(([path, codes]) => [`line:${row.line}.${path}`, codes]));
  const reason = Object.values(errors)[0]?.[0] ?? error.code;
  return new AdminError(422, 'IMPORT_ROW_FAILED', `Line ${row.line} could not be imported; nothing was imported`, {
    errors,
    extensions: { line: row.line, reason, reasonText: issueReason(t, reason) },
  });
}

/** A refused row as the result's skipped row: the file's field names, reasons in the admin's language. */
export function refusedRowView(refusal: RowRefusal, format: ImportFormat, t: Translate, sourceNames?: Partial<Record<string, string>>) {
  const { row, error } = refusal;
  return {
    line: row.line,
    externalId: row.externalId,
    title: row.title,
    errors: refusalIssues(error).map((issue) => ({ ...issue, source: sourceFieldOf(format, issue.field, sourceNames), reason: issueReason(t, issue.code) })),
  };
}

/** What one apply of rows gave; `merge` adds up the results of rows applied one by one. */
export interface Applied<R> {
  value: R;
  refused: RowRefusal[];
}

/**
 * Runs `apply` over `rows` in a savepoint. Unless `skip`, a refused row is the import's 422.
 * With `skip`, refused rows are left out (each rolled back with everything it wrote) and returned.
 */
export async function applySkippingRefused<R>(
  tx: Transaction,
  rows: readonly PlannedRow[],
  options: { skip: boolean; t: Translate; merge: (values: R[]) => R },
  apply: (tx: Transaction, rows: readonly PlannedRow[]) => Promise<R>,
): Promise<Applied<R>> {
  const refused: RowRefusal[] = [];
  let pending = [...rows];
  for (;;) {
    try {
      return { value: await tx.transaction((savepoint) => apply(savepoint, pending)), refused };
    } catch (error) {
      if (error instanceof RowRefusal) {
        // A refusal of a row not in this apply would loop forever: refuse the import instead.
        if (!options.skip || !pending.includes(error.row)) throw rowFailure(error.row, error.error, options.t);
        refused.push(error);
        pending = pending.filter((row) => row !== error.row);
        continue;
      }
      if (!options.skip || !constraintError(error) || pending.length <= 1) throw error;
      return applyOneByOne(tx, pending, refused, options.merge, apply);
    }
  }
}

/** Each row in a savepoint of its own: the slow path, for a constraint that named no row. */
async function applyOneByOne<R>(
  tx: Transaction,
  rows: readonly PlannedRow[],
  refused: RowRefusal[],
  merge: (values: R[]) => R,
  apply: (tx: Transaction, rows: readonly PlannedRow[]) => Promise<R>,
): Promise<Applied<R>> {
  const values: R[] = [];
  for (const row of rows) {
    try {
      values.push(await tx.transaction((savepoint) => apply(savepoint, [row])));
    } catch (error) {
      const refusal = error instanceof RowRefusal ? error.error : constraintError(error);
      if (!refusal) throw error;
      refused.push(new RowRefusal(row, refusal));
    }
  }
  return { value: merge(values), refused };
}
