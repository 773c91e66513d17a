/**
 * The import use case: read the file, plan it against the database, then either show the plan
 * (dry run) or apply it (commit). Every issue carries its line, field, code and a reason in the
 * admin's language.
 */
import type { Database, Executor } from '../../../db/client.ts';
import { getTranslator, type Translate } from '../../i18n/index.ts';
import { tPlural } from '../../lib/plural.ts';
import type { Actor } from '../auth/actor.ts';
import { AdminError } from '../errors/domain-errors.ts';
import type { WriteOutcome } from '../engine/service.ts';
import { commitImport, type CommitResult } from './commit.ts';
import { detectFormat, readImportRows } from './parse.ts';
import { editionZone, planImport, type ImportPlan, type PlannedAction } from './plan.ts';
import { sourceOf, type ImportFormat } from './rows.ts';
import type { ImportRequest } from './schemas.ts';
import { issueReason, warningReason } from './reasons.ts';
import { sourceFieldOf } from './source-fields.ts';
import { editionDays, rememberCsvMapping, resolveCsvColumns, type CsvColumns } from './csv-mapping.ts';

/** A CSV's columns as the dry run and the result show them, with the warning naming the ignored ones. */
export type CsvColumnsView = Omit<CsvColumns, 'signature'> & { ignoredReason: string | null };

export interface PlanView {
  dryRun: true;
  format: ImportFormat;
  /** A CSV's columns: how they are read (mapping and where it came from) and which are ignored. */
  csv: CsvColumnsView | null;
  editionId: number;
  status: ImportPlan['status'];
  counts: Record<PlannedAction, number>;
  /** Texts the import moves or cuts to fit (each listed on its row). */
  warnings: number;
  rows: {
    line: number;
    action: PlannedAction;
    title: string;
    externalId: string | null;
    eventId: number | null;
    startsAt: string | null;
    timeZone: string;
    errors: { line: number; field: string; source: string; code: string; reason: string }[];
    warnings: { line: number; field: string; code: string; limit: number; reason: string }[];
    creates: Record<string, string[]>;
  }[];
}

/** The committed result, with the CSV's columns as read. */
export type ImportResult = CommitResult & { csv: CsvColumnsView | null };

export type ImportOutcome = { dryRun: true; body: PlanView } | ({ dryRun: false; format: ImportFormat } & WriteOutcome<ImportResult>);

function columnsView(columns: CsvColumns | undefined, t: Translate): CsvColumnsView | null {
  if (!columns) return null;
  const { signature: _signature, ...view } = columns;
  const names = columns.ignored.map((column) => `“${column}”`).join(', ');
  return { ...view, ignoredReason: columns.ignored.length ? tPlural(t, 'import.columns.ignored', columns.ignored.length, { names }) : null };
}

function viewOf(plan: ImportPlan, format: ImportFormat, locale: ImportRequest['locale'], columns: CsvColumns | undefined): PlanView {
  const t = getTranslator(locale);
  const counts: Record<PlannedAction, number> = { create: 0, update: 0, error: 0 };
  for (const row of plan.rows) counts[row.action]++;
  return {
    dryRun: true,
    format,
    csv: columnsView(columns, t),
    editionId: plan.editionId,
    status: plan.status,
    counts,
    warnings: plan.rows.reduce((sum, row) => sum + row.row.warnings.length, 0),
    rows: plan.rows.map((row) => ({
      line: row.line,
      action: row.action,
      title: row.title,
      externalId: row.externalId,
      eventId: row.eventId ?? null,
      startsAt: row.startsAt?.toISOString() ?? null,
      timeZone: row.row.timeZone,
      errors: row.issues.map((issue) => ({
        line: row.line,
        field: issue.field,
        source: sourceFieldOf(format, issue.field, columns?.mapping),
        code: issue.code,
        reason: issueReason(t, issue.code),
      })),
      warnings: row.row.warnings.map((warning) => ({ line: row.line, ...warning, reason: warningReason(t, warning) })),
      creates: Object.fromEntries(Object.entries(row.created).filter(([, names]) => names.length > 0)),
    })),
  };
}

/** Runs an import request: the plan when `dryRun`, else the committed result. */
export async function runImport(db: Database, actor: Actor, input: ImportRequest): Promise<ImportOutcome> {
  const zone = await editionZone(db, input.editionId);
  const format = input.format === 'auto' ? detectFormat(input.fileName, input.content) : input.format;
  if (!format) throw new AdminError(422, 'IMPORT_EMPTY', 'The file holds no events');
  const textLocale = input.textLocale ?? input.locale;
  const columns = format === 'csv' ? await resolveCsvColumns(db, input.content, input.mapping, !input.dryRun) : undefined;
  const csv = columns && columns.origin !== 'template' ? { mapping: columns.mapping, days: await editionDays(db, input.editionId, zone) } : {};
  const rows = readImportRows(format, input.content, zone, textLocale, csv);
  const plan = await planImport(db, rows, { editionId: input.editionId, source: sourceOf(format), status: input.status });
  if (input.dryRun) return { dryRun: true, body: viewOf(plan, format, input.locale, columns) };
  const t = getTranslator(input.locale);
  const options = {
    skipErrors: input.skip === 'errors',
    format,
    fileName: input.fileName,
    sourceNames: columns?.mapping,
    // The mapping is remembered with the import it read, or not at all.
    alsoWrite: columns ? (tx: Executor) => rememberCsvMapping(tx, actor, columns) : undefined,
  };
  const outcome = await commitImport(db, actor, plan, textLocale, t, options);
  return { dryRun: false, format, ...outcome, body: { ...outcome.body, csv: columnsView(columns, t) } };
}
