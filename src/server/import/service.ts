/**
 * The import use case: read the file, plan it against the database, then either show the plan
 * (dry run) or apply it (commit). Every issue carries its line, field, code and a reason in the
 * admin's language.
 */
import type { Database } from '../../../db/client.ts';
import { getTranslator } from '../../i18n/index.ts';
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

export interface PlanView {
  dryRun: true;
  format: ImportFormat;
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

export type ImportOutcome = { dryRun: true; body: PlanView } | ({ dryRun: false; format: ImportFormat } & WriteOutcome<CommitResult>);

function viewOf(plan: ImportPlan, format: ImportFormat, locale: ImportRequest['locale']): PlanView {
  const t = getTranslator(locale);
  const counts: Record<PlannedAction, number> = { create: 0, update: 0, error: 0 };
  for (const row of plan.rows) counts[row.action]++;
  return {
    dryRun: true,
    format,
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
        source: sourceFieldOf(format, issue.field),
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
  const rows = readImportRows(format, input.content, zone, textLocale);
  const plan = await planImport(db, rows, { editionId: input.editionId, source: sourceOf(format), status: input.status });
  if (input.dryRun) return { dryRun: true, body: viewOf(plan, format, input.locale) };
  const options = { skipErrors: input.skip === 'errors', format, fileName: input.fileName };
  return { dryRun: false, format, ...(await commitImport(db, actor, plan, textLocale, getTranslator(input.locale), options)) };
}
