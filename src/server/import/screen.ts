/**
 * The import screen's server side (`/{locale}/admin/import`, plain HTML forms): the editions to
 * choose from, and a posted form turned into a plan to show, a committed result, or a problem
 * to explain in the admin's language.
 */
import { desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import { editionTranslations, editions } from '../../../db/schema.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import type { Translate, UiKey } from '../../i18n/index.ts';
import type { Actor } from '../auth/actor.ts';
import { AdminError } from '../errors/domain-errors.ts';
import type { WriteOutcome } from '../engine/service.ts';
import { readImportRequest } from './request.ts';
import type { ImportRequest } from './schemas.ts';
import { runImport, type ImportResult, type PlanView } from './service.ts';

export interface EditionChoice {
  id: number;
  label: string;
}

/** Every edition, newest first, titled in `locale` (else the default locale, else its slug). */
export async function listEditionChoices(db: Executor, locale: Locale): Promise<EditionChoice[]> {
  const rows = await db
    .select({ id: editions.id, slug: editions.slug, locale: editionTranslations.locale, title: editionTranslations.title })
    .from(editions)
    .leftJoin(editionTranslations, eq(editionTranslations.editionId, editions.id))
    .orderBy(desc(editions.startsAt), desc(editions.id));
  const choices = new Map<number, { slug: string; titles: Map<string, string> }>();
  for (const row of rows) {
    const choice = choices.get(row.id) ?? { slug: row.slug, titles: new Map<string, string>() };
    if (row.locale && row.title) choice.titles.set(row.locale, row.title);
    choices.set(row.id, choice);
  }
  return [...choices].map(([id, { slug, titles }]) => ({ id, label: titles.get(locale) ?? titles.get(defaultLocale) ?? [...titles.values()][0] ?? slug }));
}

const problemCodes = [
  'IMPORT_TOO_LARGE',
  'IMPORT_TOO_MANY_ROWS',
  'IMPORT_UNREADABLE',
  'IMPORT_TOO_DEEP',
  'IMPORT_UNKNOWN_COLUMN',
  'IMPORT_MISSING_COLUMN',
  'IMPORT_EMPTY',
  'IMPORT_HAS_ERRORS',
  'IMPORT_ROW_FAILED',
  'IMPORT_MAPPING_REQUIRED',
  'IMPORT_MAPPING_INCOMPLETE',
  'IMPORT_MAPPING_UNKNOWN_COLUMN',
];

/** A refused import, said in the admin's language (with the line when the refusal names one). */
export function problemMessage(t: Translate, error: AdminError): string {
  const text = t(`import.problem.${problemCodes.includes(error.code) ? error.code : 'INVALID'}` as UiKey);
  const { line, column, reasonText } = error.details.extensions ?? {};
  const where = [typeof line === 'number' ? t('import.problem.line', { line }) : '', typeof column === 'string' ? `“${column}”` : '']
    .filter(Boolean)
    .join(' · ');
  // A row refused at commit also says why (already in the admin's language).
  const said = typeof reasonText === 'string' ? `${text} ${reasonText}` : text;
  return where ? `${where} · ${said}` : said;
}

export type ScreenState =
  | { kind: 'form' }
  | { kind: 'plan'; plan: PlanView; input: ImportRequest }
  | { kind: 'done'; result: ImportResult; editionId: number; outcome: WriteOutcome<ImportResult> }
  /** `retry`: the commit a row refused at commit time, to send again skipping that row if the person says so. */
  | { kind: 'problem'; status: number; message: string; retry?: ImportRequest | undefined };

/** What a posted import form leads to; a refusal becomes a message, never an exception. */
export async function submitImportForm(request: Request, db: Database, actor: Actor, locale: Locale, t: Translate): Promise<ScreenState> {
  let input: ImportRequest | undefined;
  try {
    input = { ...(await readImportRequest(request)), locale };
    const outcome = await runImport(db, actor, input);
    if (outcome.dryRun) return { kind: 'plan', plan: outcome.body, input };
    return { kind: 'done', result: outcome.body, editionId: input.editionId, outcome };
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    const retry = error.code === 'IMPORT_ROW_FAILED' && input && !input.skip ? input : undefined;
    return { kind: 'problem', status: error.status, message: problemMessage(t, error), retry };
  }
}
