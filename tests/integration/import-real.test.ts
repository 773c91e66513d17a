/**
 * Real third-party schedules (tests/fixtures/import/real, with their sources and licences)
 * through `POST /api/admin/import`: each test states what the file holds and what the import
 * makes of it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEdition, type Created } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

const realFile = (name: string) => readFileSync(new URL(`../fixtures/import/real/${name}`, import.meta.url), 'utf8');

function edition(timeZone = 'Europe/Berlin'): Promise<Created> {
  return createEdition(running.app.editor, { timeZone, startsAt: '2019-01-01T00:00:00Z', endsAt: '2021-12-31T00:00:00Z' });
}

/** `ics` without the property `name` (with its folded lines) in the VEVENTs numbered `which` (0-based). */
function dropProperty(ics: string, name: string, which: number[]): string {
  let index = -1;
  return ics.replace(/BEGIN:VEVENT\r?\n[\s\S]*?END:VEVENT/g, (event) => {
    index++;
    return which.includes(index) ? event.replace(new RegExp(`^${name}[;:].*\\r?\\n(?:[ \\t].*\\r?\\n)*`, 'm'), '') : event;
  });
}

function importFile(body: Record<string, unknown>) {
  return running.app.editor.call('POST', '/api/admin/import', body);
}

describe('real schedules', () => {
  it('reads the four real files without an error: camp2019 JSON (79 events, 2 abstracts moved), DiVOC XML (45, 8 moved) and ICS (45), an Exchange ICS (1)', async () => {
    const target = await edition();
    const expected = [
      ['camp2019.frab.json', 'frab-json', 79, 2],
      ['divoc-r2r-2021.frab.xml', 'frab-xml', 45, 8],
      ['divoc-r2r-2021.ics', 'ics', 45, 0],
      ['exchange-eastern-standard-time.ics', 'ics', 1, 0],
    ] as const;
    for (const [name, format, events, warnings] of expected) {
      const dry = await importFile({ editionId: target.id, content: realFile(name), fileName: name });
      expect(dry.status, name).toBe(200);
      expect(dry.body.format, name).toBe(format);
      expect(dry.body.rows, name).toHaveLength(events);
      expect(dry.body.counts, name).toEqual({ create: events, update: 0, error: 0 });
      expect(dry.body.warnings, name).toBe(warnings);
    }
  });

  it('imports camp2019’s 79 events, moving its 2 long abstracts into the description with a warning naming the field and the limit', async () => {
    const target = await edition();
    const content = realFile('camp2019.frab.json');
    const dry = await importFile({ editionId: target.id, content, fileName: 'schedule.json', locale: 'fr' });
    const warned = dry.body.rows.filter((row: { warnings: unknown[] }) => row.warnings.length > 0);
    expect(warned.map((row: { externalId: string; warnings: { field: string; code: string; limit: number }[] }) => [row.externalId, row.warnings])).toEqual([
      [
        expect.any(String),
        [
          {
            line: expect.any(Number),
            field: 'abstract',
            code: 'SUMMARY_MOVED',
            limit: 1000,
            reason: expect.stringMatching(/^abstract dépasse les 1\s000 caractères du résumé/),
          },
        ],
      ],
      [expect.any(String), [{ line: expect.any(Number), field: 'abstract', code: 'SUMMARY_MOVED', limit: 1000, reason: expect.any(String) }]],
    ]);

    const committed = await importFile({ editionId: target.id, content, fileName: 'schedule.json', dryRun: false });
    expect(committed.status).toBe(201);
    expect(committed.body).toMatchObject({ created: 79, updated: 0 });
    expect(committed.body.warnings).toHaveLength(2);
    const [first] = committed.body.warnings;
    expect(first).toMatchObject({ field: 'abstract', code: 'SUMMARY_MOVED', limit: 1000, externalId: warned[0].externalId });
    const [texts] = await running.app.server.query<{ summary: string; body: string }>(
      'SELECT summary, body FROM event_translations WHERE event_id = ? AND summary IS NOT NULL',
      [first.eventId],
    );
    expect(texts!.summary.length).toBeLessThanOrEqual(1000);
    expect(texts!.summary).toMatch(/[.!?]$/);
    // The whole abstract opens the description.
    expect(texts!.body.startsWith(texts!.summary)).toBe(true);
    expect(texts!.body.length).toBeGreaterThan(1000);
  });

  it('imports the DiVOC pretalx XML: 45 events, 8 abstracts moved (named <abstract>)', async () => {
    const target = await edition();
    const committed = await importFile({ editionId: target.id, content: realFile('divoc-r2r-2021.frab.xml'), fileName: 'schedule.xml', dryRun: false });
    expect(committed.status).toBe(201);
    expect(committed.body).toMatchObject({ created: 45 });
    expect(committed.body.warnings).toHaveLength(8);
    expect(new Set(committed.body.warnings.map((warning: { field: string }) => warning.field))).toEqual(new Set(['<abstract>']));
  });

  it('cuts an over-long iCalendar SUMMARY at a word with a warning', async () => {
    const target = await edition();
    const long = `${'Workshop '.repeat(30)}end`;
    const content = realFile('divoc-r2r-2021.ics').replace('SUMMARY:Opening - hexchen\\, NicKira', `SUMMARY:${long}`);
    const dry = await importFile({ editionId: target.id, content, fileName: 'schedule.ics' });
    expect(dry.body).toMatchObject({ counts: { create: 45, error: 0 }, warnings: 1 });
    const row = dry.body.rows.find((candidate: { warnings: unknown[] }) => candidate.warnings.length > 0);
    expect(row.warnings).toEqual([{ line: row.line, field: 'SUMMARY', code: 'TITLE_CUT', limit: 200, reason: expect.stringContaining('SUMMARY') }]);
    expect(row.title.length).toBeLessThanOrEqual(200);
    expect(row.title.endsWith('Workshop…')).toBe(true);
  });

  it('skips the rows it cannot take when asked: 45 DiVOC events, 3 without SUMMARY and 1 without DTSTART → imports 41, skips 4', async () => {
    const target = await edition();
    const content = dropProperty(dropProperty(realFile('divoc-r2r-2021.ics'), 'SUMMARY', [2, 10, 20]), 'DTSTART', [30]);
    const dry = await importFile({ editionId: target.id, content, fileName: 'divoc.ics' });
    expect(dry.body.counts).toEqual({ create: 41, update: 0, error: 4 });
    const errors = dry.body.rows.flatMap((row: { errors: { line: number; source: string; code: string }[] }) =>
      row.errors.map(({ line, source, code }) => ({ line, source, code })),
    );
    expect(errors.map(({ source, code }: { source: string; code: string }) => `${source} ${code}`)).toEqual([
      'SUMMARY REQUIRED',
      'SUMMARY REQUIRED',
      'SUMMARY REQUIRED',
      'DTSTART REQUIRED',
    ]);
    const skippedLines = errors.map((error: { line: number }) => error.line);

    // Without skip=errors the file is still refused whole.
    const refused = await importFile({ editionId: target.id, content, fileName: 'divoc.ics', dryRun: false });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'IMPORT_HAS_ERRORS', errorRows: 4 });
    const none = await running.app.server.query<{ n: number }>('SELECT count(*) AS n FROM events WHERE edition_id = ?', [target.id]);
    expect(none[0]!.n).toBe(0);

    const badSkip = await importFile({ editionId: target.id, content, dryRun: false, skip: 'everything' });
    expect(badSkip.status).toBe(400);
    expect(Object.keys(badSkip.body.errors)).toEqual(['skip']);

    const committed = await importFile({ editionId: target.id, content, fileName: 'divoc.ics', dryRun: false, skip: 'errors' });
    expect(committed.status).toBe(201);
    expect(committed.body).toMatchObject({ created: 41, updated: 0 });
    expect(committed.body.skipped.map((row: { line: number }) => row.line)).toEqual(skippedLines);
    expect(committed.body.skipped[0].errors).toEqual([{ field: 'title', source: 'SUMMARY', code: 'REQUIRED', reason: 'Required, but empty.' }]);
    const imported = await running.app.server.query<{ n: number }>('SELECT count(*) AS n FROM events WHERE edition_id = ?', [target.id]);
    expect(imported[0]!.n).toBe(41);

    const [entry] = await running.app.server.query<{ action: string; changes: string; title: string }>(
      "SELECT action, changes, title FROM audit_log WHERE entity = 'edition' AND entity_id = ? AND action = 'import'",
      [String(target.id)],
    );
    expect(entry!.title).toBe('divoc.ics');
    expect(JSON.parse(entry!.changes)).toEqual([
      { kind: 'value', field: 'importCreated', from: null, to: 41 },
      { kind: 'value', field: 'importUpdated', from: null, to: 0 },
      { kind: 'value', field: 'importSkipped', from: null, to: 4 },
      { kind: 'value', field: 'importSkippedLines', from: null, to: skippedLines.join(', ') },
    ]);
    // The activity screen says it in the reader's language.
    const activity = await running.app.editor.request('GET', '/fr/admin/activity');
    expect(activity.status).toBe(200);
    const page = await activity.text();
    for (const text of ['Fichier importé', 'Lignes ignorées', skippedLines.join(', ')]) expect(page).toContain(text);
  });

  it('reads the Exchange export’s Windows zone “Eastern Standard Time” as America/New_York, with or without its VTIMEZONE: 1 event', async () => {
    const exchange = realFile('exchange-eastern-standard-time.ics');
    const withoutZone = exchange.replace(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r?\n/, '');
    expect(withoutZone).not.toContain('VTIMEZONE');
    for (const content of [exchange, withoutZone]) {
      const target = await edition();
      const committed = await importFile({ editionId: target.id, content, fileName: 'exchange.ics', dryRun: false });
      expect(committed.status).toBe(201);
      expect(committed.body).toMatchObject({ created: 1 });
      const [event] = await running.app.server.query<{ starts_at: number; ends_at: number; time_zone: string }>(
        'SELECT starts_at, ends_at, time_zone FROM events WHERE edition_id = ?',
        [target.id],
      );
      // 17:00 in New York on 28 October 2024 (EDT, UTC−4).
      expect(new Date(event!.starts_at).toISOString()).toBe('2024-10-28T21:00:00.000Z');
      expect(new Date(event!.ends_at).toISOString()).toBe('2024-10-28T22:00:00.000Z');
      expect(event!.time_zone).toBe('America/New_York');
    }
  });

  it('makes 45 events of the DiVOC calendar with every UID replaced by one (a broken exporter), keyed by UID and start, and updates them on re-import', async () => {
    const target = await edition();
    const content = realFile('divoc-r2r-2021.ics').replace(/^UID:.*$/gm, 'UID:one-uid-for-all@example.org');
    const dry = await importFile({ editionId: target.id, content, fileName: 'broken.ics' });
    expect(dry.body.counts).toEqual({ create: 45, update: 0, error: 0 });
    const ids = dry.body.rows.map((row: { externalId: string }) => row.externalId);
    expect(new Set(ids).size).toBe(45);
    expect(ids[0]).toBe('one-uid-for-all@example.org#20210402T080000Z');
    const first = await importFile({ editionId: target.id, content, fileName: 'broken.ics', dryRun: false });
    expect(first.body).toMatchObject({ created: 45, updated: 0 });
    const again = await importFile({ editionId: target.id, content, fileName: 'broken.ics', dryRun: false });
    expect(again.body).toMatchObject({ created: 0, updated: 45 });
  });

  it('reads a 6 MB frab XML built from 60 copies of the DiVOC schedule (over the former 2 MB limit): 2,700 events, 480 abstracts moved, 0 errors', async () => {
    const target = await edition();
    const original = realFile('divoc-r2r-2021.frab.xml');
    const daysStart = original.indexOf('<day ');
    const daysEnd = original.lastIndexOf('</schedule>');
    const days = original.slice(daysStart, daysEnd);
    const copies = Array.from({ length: 60 }, (_, copy) => days.replace(/guid='([0-9a-f-]+)'/g, (_match, guid: string) => `guid='${guid}-${copy}'`));
    const content = `${original.slice(0, daysStart)}${copies.join('')}${original.slice(daysEnd)}`;
    expect(Buffer.byteLength(content)).toBeGreaterThan(6_000_000);
    const dry = await importFile({ editionId: target.id, content, fileName: 'large.xml' });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ format: 'frab-xml', counts: { create: 2700, update: 0, error: 0 }, warnings: 480 });
    // Lines are counted through the whole file: the last event stands near its end.
    expect(dry.body.rows.at(-1).line).toBe(content.slice(0, content.lastIndexOf('<event ')).split('\n').length);
    expect(dry.body.rows.at(-1).line).toBeGreaterThan(80_000);
  });
});
