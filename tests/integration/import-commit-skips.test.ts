/**
 * A row the dry run finds fine but the engine refuses at commit (here: its event was archived
 * between the dry run and the commit, and archived cannot go straight to published). Without
 * `skip=errors` the whole import is refused naming the line; with it, that row is left out with
 * everything it alone would have written, listed with its line, field and reason, and recorded in
 * the activity log; the other rows are imported.
 */
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEdition, uniqueName } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

function importFile(body: Record<string, unknown>) {
  return running.app.editor.call('POST', '/api/admin/import', body);
}

async function titles(editionId: number): Promise<{ id: number; status: string; title: string }[]> {
  return running.app.server.query(
    `SELECT e.id, e.status, t.title FROM events e JOIN event_translations t ON t.event_id = e.id AND t.locale = 'en'
     WHERE e.edition_id = ? ORDER BY e.starts_at`,
    [editionId],
  );
}

describe('rows the engine refuses at commit', () => {
  it('refuses the whole file without skip=errors, and with it imports the others and lists the refused row', async () => {
    const target = await createEdition(running.app.editor, { timeZone: 'Europe/Paris', startsAt: '2031-06-01T00:00:00Z', endsAt: '2031-06-30T00:00:00Z' });
    const hall = uniqueName('Hall');
    const annex = uniqueName('Annex');
    const header = 'external_id,title_en,start,end,venue';
    const first = [
      header,
      `r-1,Talk one,2031-06-12 10:00,2031-06-12 11:00,${hall}`,
      `r-2,Talk two,2031-06-12 12:00,2031-06-12 13:00,${hall}`,
      `r-3,Talk three,2031-06-12 14:00,2031-06-12 15:00,${hall}`,
    ];
    const created = await importFile({ editionId: target.id, content: first.join('\n'), status: 'published', dryRun: false });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ created: 3 });
    const [, , third] = await titles(target.id);

    // The second file renames every talk, moves the third to a venue no other row names, adds a
    // fourth, and publishes them all.
    const second = [
      header,
      `r-1,Talk one (new),2031-06-12 10:00,2031-06-12 11:00,${hall}`,
      `r-2,Talk two (new),2031-06-12 12:00,2031-06-12 13:00,${hall}`,
      `r-3,Talk three (new),2031-06-12 14:00,2031-06-12 15:00,${annex}`,
      `r-4,Talk four,2031-06-12 16:00,2031-06-12 17:00,${hall}`,
    ].join('\n');
    const dry = await importFile({ editionId: target.id, content: second, status: 'published' });
    expect(dry.body.counts).toEqual({ create: 1, update: 3, error: 0 });

    // Meanwhile, an editor archives the third talk (published → archived).
    const current = await running.app.editor.call('GET', `/api/admin/events/${third!.id}`);
    const archived = await running.app.editor.call('PATCH', `/api/admin/events/${third!.id}`, { version: current.body.version, status: 'archived' });
    expect(archived.status).toBe(200);

    const refused = await importFile({ editionId: target.id, content: second, status: 'published', dryRun: false, locale: 'fr' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'IMPORT_ROW_FAILED', line: 4, reason: 'INVALID_TRANSITION' });
    expect(refused.body.reasonText).toBe(getTranslator('fr')('admin.error.INVALID_TRANSITION'));
    expect((await titles(target.id)).map((event) => event.title)).toEqual(['Talk one', 'Talk two', 'Talk three']);

    const committed = await importFile({
      editionId: target.id,
      content: second,
      status: 'published',
      dryRun: false,
      skip: 'errors',
      locale: 'fr',
      fileName: 'second.csv',
    });
    expect(committed.status).toBe(201);
    expect(committed.body).toMatchObject({ created: 1, updated: 2, added: { venue: 0 } });
    expect(committed.body.skipped).toEqual([
      {
        line: 4,
        externalId: 'r-3',
        title: 'Talk three (new)',
        errors: [{ field: 'status', source: 'status', code: 'INVALID_TRANSITION', reason: getTranslator('fr')('admin.error.INVALID_TRANSITION') }],
      },
    ]);
    expect(committed.body.events.map((event: { line: number }) => event.line)).toEqual([2, 3, 5]);
    // The refused row wrote nothing: its event is untouched, the venue only it named was not created,
    // and the fourth talk exists once.
    expect(await titles(target.id)).toEqual([
      { id: expect.any(Number), status: 'published', title: 'Talk one (new)' },
      { id: expect.any(Number), status: 'published', title: 'Talk two (new)' },
      { id: third!.id, status: 'archived', title: 'Talk three' },
      { id: expect.any(Number), status: 'published', title: 'Talk four' },
    ]);
    const venues = await running.app.server.query<{ n: number }>('SELECT count(*) AS n FROM venues WHERE name = ?', [annex]);
    expect(venues[0]!.n).toBe(0);
    const links = await running.app.server.query<{ n: number }>('SELECT count(*) AS n FROM import_links WHERE edition_id = ?', [target.id]);
    expect(links[0]!.n).toBe(4);

    const [entry] = await running.app.server.query<{ changes: string }>(
      "SELECT changes FROM audit_log WHERE entity = 'edition' AND entity_id = ? AND action = 'import' AND title = 'second.csv'",
      [String(target.id)],
    );
    expect(JSON.parse(entry!.changes)).toEqual([
      { kind: 'value', field: 'importCreated', from: null, to: 1 },
      { kind: 'value', field: 'importUpdated', from: null, to: 2 },
      { kind: 'value', field: 'importSkipped', from: null, to: 1 },
      { kind: 'value', field: 'importSkippedLines', from: null, to: '4' },
    ]);
  });
});
