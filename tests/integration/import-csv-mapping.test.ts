/**
 * A conference's own CSV through `POST /api/admin/import`: the dry run proposes a mapping of its
 * columns, the commit needs it confirmed (or changed), and the next file from the same source
 * (same columns, in any order) is read the same way without asking. The real file is PyConES
 * 2019's programme (tests/fixtures/import/real, with its source): `Title,Speakers,Day,Type,Place,
 * Start,End`, the day as a Spanish weekday, 72 talks. A French spreadsheet export shows the `;`
 * separator and a column nothing reads.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { tPlural } from '../../src/lib/plural.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEdition } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

const pycones = readFileSync(new URL('../fixtures/import/real/pycones19-talks.csv', import.meta.url), 'utf8');

function importFile(body: Record<string, unknown>) {
  return running.app.editor.call('POST', '/api/admin/import', body);
}

interface Imported {
  title: string;
  starts_at: number;
  ends_at: number;
  room: string | null;
  venue_id: number | null;
  organizers: string | null;
  tags: string | null;
}

function eventsOf(editionId: number): Promise<Imported[]> {
  return running.app.server.query<Imported>(
    `SELECT t.title, e.starts_at, e.ends_at, e.room, e.venue_id,
       (SELECT group_concat(o.name, '|') FROM event_organizers eo JOIN organizers o ON o.id = eo.organizer_id WHERE eo.event_id = e.id) AS organizers,
       (SELECT group_concat(tt.label, '|') FROM event_tags et JOIN tag_translations tt ON tt.tag_id = et.tag_id AND tt.locale = 'en' WHERE et.event_id = e.id) AS tags
     FROM events e JOIN event_translations t ON t.event_id = e.id AND t.locale = 'en'
     WHERE e.edition_id = ? ORDER BY e.starts_at, e.id`,
    [editionId],
  );
}

const pyconesEdition = () =>
  createEdition(running.app.editor, { timeZone: 'Europe/Madrid', startsAt: '2019-10-04T08:00:00+02:00', endsAt: '2019-10-06T20:00:00+02:00' });

describe('a conference’s own CSV', () => {
  it('PyConES 2019 (72 talks): proposed mapping, confirmed with a change, committed; the next export is mapped the same way without asking', async () => {
    const target = await pyconesEdition();
    const dry = await importFile({ editionId: target.id, content: pycones, fileName: 'talks.csv' });
    expect(dry.status).toBe(200);
    const proposal = { title: 'Title', organizers: 'Speakers', date: 'Day', tags: 'Type', venue: 'Place', start: 'Start', end: 'End' };
    expect(dry.body.csv).toEqual({
      header: ['Title', 'Speakers', 'Day', 'Type', 'Place', 'Start', 'End'],
      origin: 'guessed',
      mapping: proposal,
      complete: true,
      ignored: [],
      ignoredReason: null,
    });
    expect(dry.body.counts).toEqual({ create: 72, update: 0, error: 0 });

    // A guess nobody confirmed is never committed.
    const unconfirmed = await importFile({ editionId: target.id, content: pycones, fileName: 'talks.csv', dryRun: false });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body).toMatchObject({ code: 'IMPORT_MAPPING_REQUIRED', mapping: proposal });
    const unknown = await importFile({ editionId: target.id, content: pycones, dryRun: false, mapping: { ...proposal, room: 'Sala' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'IMPORT_MAPPING_UNKNOWN_COLUMN', column: 'Sala' });
    const badTarget = await importFile({ editionId: target.id, content: pycones, dryRun: false, mapping: { colour: 'Type' } });
    expect(badTarget.status).toBe(400);
    expect(await eventsOf(target.id)).toEqual([]);

    // The person reads "Place" as the room ("Sala PSF"), not as a venue.
    const { venue: _venue, ...kept } = proposal;
    const chosen = { ...kept, room: 'Place' };
    const committed = await importFile({ editionId: target.id, content: pycones, fileName: 'talks.csv', dryRun: false, mapping: chosen });
    expect(committed.status).toBe(201);
    expect(committed.body).toMatchObject({ created: 72, updated: 0, skipped: [], csv: { origin: 'request', mapping: chosen } });
    const events = await eventsOf(target.id);
    expect(events).toHaveLength(72);
    // Sábado is the edition's Saturday, 5 October; 9:30 in Madrid is 07:30 UTC.
    expect(events[0]).toMatchObject({ title: 'Keynote', room: 'Paraninfo', venue_id: null, organizers: null, tags: 'Charla' });
    expect(new Date(events[0]!.starts_at).toISOString()).toBe('2019-10-05T07:30:00.000Z');
    expect(new Date(events[0]!.ends_at).toISOString()).toBe('2019-10-05T08:30:00.000Z');
    const recommender = events.find((event) => event.title === 'Sistemas de Recomendación con Surprise')!;
    expect(recommender).toMatchObject({ room: 'Salón Microsoft', organizers: 'Antonio David Pérez|Rafa Haro' });
    // "---" is the spreadsheet's "none": the two lightning-talk slots have no room and no speaker.
    const lightning = events.filter((event) => event.title === 'Lightning Talks');
    expect(lightning.map((event) => [event.room, event.organizers])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(events.filter((event) => new Date(event.starts_at).toISOString().startsWith('2019-10-06'))).toHaveLength(25);

    // The next export: the same columns in another order and case, one talk moved.
    const [header, ...records] = parse(pycones, { relax_column_count: true }) as string[][];
    const order = [6, 5, 0, 4, 3, 2, 1];
    const next = stringify([order.map((i) => header![i]!.toUpperCase()), ...records.slice(0, 5).map((record) => order.map((i) => record[i]))]).replace(
      '12:10,11:30,Python para calentar tu casa',
      '12:10,11:45,Python para calentar tu casa',
    );
    const second = await createEdition(running.app.editor, {
      timeZone: 'Europe/Madrid',
      startsAt: '2019-10-04T08:00:00+02:00',
      endsAt: '2019-10-06T20:00:00+02:00',
    });
    const nextDry = await importFile({ editionId: second.id, content: next, fileName: 'talks-2.csv' });
    expect(nextDry.body.csv).toMatchObject({ origin: 'remembered', mapping: { title: 'TITLE', room: 'PLACE', date: 'DAY', start: 'START', end: 'END' } });
    expect(nextDry.body.csv.mapping.venue).toBeUndefined();
    const nextCommit = await importFile({ editionId: second.id, content: next, fileName: 'talks-2.csv', dryRun: false });
    expect(nextCommit.status).toBe(201);
    expect(nextCommit.body).toMatchObject({ created: 5, csv: { origin: 'remembered' } });
    const moved = (await eventsOf(second.id)).find((event) => event.title === 'Python para calentar tu casa')!;
    expect(moved.room).toBe('Sala Eventbrite');
    expect(new Date(moved.starts_at).toISOString()).toBe('2019-10-05T09:45:00.000Z');
  });

  it('reads a French spreadsheet export (";" separated) and ignores the column no field reads, naming it', async () => {
    const target = await pyconesEdition();
    const content = [
      'Titre;Date;Début;Durée;Salle;Intervenant(e)s;Remarques',
      'Atelier Python;05/10/2019;10:00;90;Taller 1;Ana Pérez;apporter un portable',
      'Conférence;06/10/2019;16:00;1h;Paraninfo;Rafa Haro;',
    ].join('\r\n');
    const dry = await importFile({ editionId: target.id, content, fileName: 'programme.csv', textLocale: 'fr', locale: 'fr' });
    expect(dry.status).toBe(200);
    expect(dry.body.csv).toMatchObject({
      origin: 'guessed',
      mapping: { title: 'Titre', date: 'Date', start: 'Début', duration: 'Durée', room: 'Salle', organizers: 'Intervenant(e)s' },
      ignored: ['Remarques'],
      ignoredReason: tPlural(getTranslator('fr'), 'import.columns.ignored', 1, { names: '“Remarques”' }),
    });
    expect(dry.body.counts).toEqual({ create: 2, update: 0, error: 0 });
    const committed = await importFile({ editionId: target.id, content, textLocale: 'fr', dryRun: false, mapping: dry.body.csv.mapping });
    expect(committed.status).toBe(201);
    const [row] = await running.app.server.query<{ starts_at: number; ends_at: number; title: string }>(
      `SELECT e.starts_at, e.ends_at, t.title FROM events e JOIN event_translations t ON t.event_id = e.id AND t.locale = 'fr' WHERE e.edition_id = ? ORDER BY e.starts_at`,
      [target.id],
    );
    expect(row).toMatchObject({ title: 'Atelier Python' });
    expect(new Date(row!.starts_at).toISOString()).toBe('2019-10-05T08:00:00.000Z');
    expect(new Date(row!.ends_at).toISOString()).toBe('2019-10-05T09:30:00.000Z');
  });

  it('names the file’s own columns in row errors, and lists a template file’s unknown column as ignored', async () => {
    const target = await pyconesEdition();
    const dry = await importFile({ editionId: target.id, content: 'Titel,Tag,Beginn,Ende\nA,Montag,10:00,11:00\n', locale: 'de' });
    expect(dry.body.rows[0].errors).toMatchObject([
      { field: 'start', source: 'Tag + Beginn', code: 'INVALID_DATE' },
      { field: 'end', source: 'Tag + Ende', code: 'INVALID_DATE' },
    ]);
    const template = await importFile({ editionId: target.id, content: 'title_en,start,end,colour\nA,2019-10-05 10:00,2019-10-05 11:00,red\n' });
    expect(template.body.csv).toMatchObject({ origin: 'template', ignored: ['colour'] });
    expect(template.body.counts).toEqual({ create: 1, update: 0, error: 0 });
  });
});
