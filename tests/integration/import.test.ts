/**
 * `POST /api/admin/import` against the built server, for each format (CSV, iCalendar, frab XML
 * and JSON): the dry run shows what would be created or updated with every error (line, field,
 * reason in the admin's language) and writes nothing; the commit creates drafts through the
 * admin write engine in one transaction; a second import of the same file updates instead of
 * duplicating; limits and unreadable files answer clear 413/422 problems.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALE_SLOTS } from '../../db/search-index.ts';
import { searchEntityTypes } from '../../db/schema.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEdition, createEvent, createOrganizer, createTag, createVenue, uniqueName, type Created } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

const fixture = (name: string) => readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8');

async function edition(timeZone = 'Europe/Paris'): Promise<Created> {
  return createEdition(running.app.editor, { timeZone, startsAt: '2031-06-01T00:00:00Z', endsAt: '2031-06-30T00:00:00Z' });
}

function importFile(body: Record<string, unknown>) {
  return running.app.editor.call('POST', '/api/admin/import', body);
}

interface EventRow {
  id: number;
  status: string;
  edition_id: number;
  starts_at: number;
  ends_at: number;
  time_zone: string;
  room: string | null;
  venue_id: number | null;
}

function eventsOf(editionId: number): Promise<EventRow[]> {
  return running.app.server.query<EventRow>(
    'SELECT id, status, edition_id, starts_at, ends_at, time_zone, room, venue_id FROM events WHERE edition_id = ? ORDER BY starts_at',
    [editionId],
  );
}

async function titleOf(eventId: number, locale = 'en'): Promise<string | undefined> {
  const [row] = await running.app.server.query<{ title: string }>('SELECT title FROM event_translations WHERE event_id = ? AND locale = ?', [eventId, locale]);
  return row?.title;
}

const iso = (ms: number) => new Date(ms).toISOString();

function csv(...rows: string[]): string {
  return ['external_id,title_en,title_fr,summary_en,start,end,time_zone,venue,room,tags,organizers', ...rows].join('\n');
}

describe('CSV', () => {
  it('shows the plan in a dry run, commits drafts, and updates them on a second import', async () => {
    const target = await edition();
    const venueName = uniqueName('Théâtre');
    const content = csv(
      `a-1,Opening,Ouverture,The first night,2031-06-12 19:00,2031-06-12 21:00,,${venueName},Main hall,Music; Free,City Orchestra`,
      `a-2,Closing,,,2031-06-14T20:00:00Z,2031-06-14T22:00:00Z,UTC,${venueName.toUpperCase()},,Music,`,
    );
    const dry = await importFile({ editionId: target.id, content, fileName: 'programme.csv' });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, format: 'csv', counts: { create: 2, update: 0, error: 0 } });
    expect(dry.body.rows.map((row: { line: number; action: string; title: string }) => [row.line, row.action, row.title])).toEqual([
      [2, 'create', 'Opening'],
      [3, 'create', 'Closing'],
    ]);
    expect(dry.body.rows[0].creates).toMatchObject({ venue: [venueName], organizers: ['City Orchestra'] });
    expect(await eventsOf(target.id)).toEqual([]);

    const committed = await importFile({ editionId: target.id, content, fileName: 'programme.csv', dryRun: false });
    expect(committed.status).toBe(201);
    expect(committed.body).toMatchObject({ created: 2, updated: 0, added: { venue: 1, organizers: 1 } });
    const events = await eventsOf(target.id);
    expect(events).toHaveLength(2);
    expect(events.every((event) => event.status === 'draft')).toBe(true);
    // 19:00 wall time in the edition's zone (Paris, UTC+2 in June).
    expect(iso(events[0]!.starts_at)).toBe('2031-06-12T17:00:00.000Z');
    expect(events[0]).toMatchObject({ time_zone: 'Europe/Paris', room: 'Main hall' });
    expect(events[1]).toMatchObject({ time_zone: 'UTC' });
    // One venue for both spellings of the name.
    expect(events[0]!.venue_id).not.toBeNull();
    expect(events[1]!.venue_id).toBe(events[0]!.venue_id);
    expect(await titleOf(events[0]!.id, 'fr')).toBe('Ouverture');
    // Saved like a hand-made save: a revision and an audit entry per event.
    const [audit] = await running.app.server.query<{ n: number }>(
      `SELECT count(*) AS n FROM audit_log WHERE entity = 'event' AND action = 'create' AND entity_id IN (?, ?)`,
      [String(events[0]!.id), String(events[1]!.id)],
    );
    expect(audit!.n).toBe(2);

    const changed = content.replace('Opening,', 'Grand opening,');
    const again = await importFile({ editionId: target.id, content: changed, dryRun: true });
    expect(again.body.counts).toEqual({ create: 0, update: 2, error: 0 });
    expect(again.body.rows[0].eventId).toBe(events[0]!.id);
    const reimported = await importFile({ editionId: target.id, content: changed, dryRun: false });
    expect(reimported.body).toMatchObject({ created: 0, updated: 2, added: { venue: 0, tags: 0, organizers: 0 } });
    expect(await eventsOf(target.id)).toHaveLength(2);
    expect(await titleOf(events[0]!.id)).toBe('Grand opening');
  });

  it('matches external ids within the edition: the same file into another edition creates, and leaves the first alone', async () => {
    const [first, second] = [await edition(), await edition()];
    const content = csv(`same-id,Shared ${uniqueName('id')},,,2031-06-12 19:00,2031-06-12 20:00,,,,,`);
    expect((await importFile({ editionId: first.id, content, dryRun: false })).body).toMatchObject({ created: 1 });
    const dry = await importFile({ editionId: second.id, content });
    expect(dry.body.counts).toEqual({ create: 1, update: 0, error: 0 });
    expect((await importFile({ editionId: second.id, content, dryRun: false })).body).toMatchObject({ created: 1, updated: 0 });
    expect(await eventsOf(first.id)).toHaveLength(1);
    expect(await eventsOf(second.id)).toHaveLength(1);
    // Each edition's re-import updates its own event.
    expect((await importFile({ editionId: first.id, content, dryRun: false })).body).toMatchObject({ created: 0, updated: 1 });
  });

  it('matches existing venues, tags and organizers by name, whatever the case and accents', async () => {
    const target = await edition();
    const venue = await createVenue(running.app.editor, { name: 'Salle Émile Zola' });
    const tag = await createTag(running.app.editor, { translations: { en: { label: 'Jazz Nights' } } });
    const organizer = await createOrganizer(running.app.editor, { name: 'Collectif Été' });
    const content = csv(`m-1,Matched,,,2031-06-12 19:00,2031-06-12 20:00,,salle emile zola,,jazz nights,COLLECTIF ETE`);
    const dry = await importFile({ editionId: target.id, content });
    expect(dry.body.rows[0].creates).toEqual({});
    const committed = await importFile({ editionId: target.id, content, dryRun: false });
    expect(committed.body.added).toEqual({ venue: 0, tags: 0, organizers: 0, curators: 0 });
    const [event] = await eventsOf(target.id);
    expect(event!.venue_id).toBe(venue.id);
    const links = await running.app.server.query<{ tag: number; organizer: number }>(
      'SELECT (SELECT tag_id FROM event_tags WHERE event_id = ?) AS tag, (SELECT organizer_id FROM event_organizers WHERE event_id = ?) AS organizer',
      [event!.id, event!.id],
    );
    expect(links[0]).toEqual({ tag: tag.id, organizer: organizer.id });
  });

  it('lists every row error with line, field and a reason in the admin language, and refuses to commit while one remains', async () => {
    const target = await edition();
    const content = csv(
      'e-1,Fine,,,2031-06-12 19:00,2031-06-12 20:00,,,,,',
      'e-2,,,,2031-06-12 19:00,2031-06-12 20:00,,,,,',
      'e-3,Backwards,,,2031-06-12 19:00,2031-06-12 18:00,,,,,',
      'e-4,Bad date,,,12/06/2031,2031-06-12 20:00,Mars/Olympus,,,,',
      'e-1,Repeated id,,,2031-06-12 19:00,2031-06-12 20:00,,,,,',
      `e-6,${'x'.repeat(201)},,,2031-06-12 19:00,2031-06-12 20:00,,,,,`,
    );
    const dry = await importFile({ editionId: target.id, content, locale: 'fr' });
    expect(dry.status).toBe(200);
    expect(dry.body.counts).toEqual({ create: 1, update: 0, error: 5 });
    const errors = dry.body.rows.flatMap((row: { errors: { line: number; field: string; code: string }[] }) =>
      row.errors.map(({ line, field, code }) => ({ line, field, code })),
    );
    expect(errors).toEqual([
      { line: 3, field: 'title', code: 'REQUIRED' },
      { line: 4, field: 'end', code: 'END_BEFORE_START' },
      // A wall time in an unknown zone names no instant either.
      { line: 5, field: 'start', code: 'INVALID_DATE' },
      { line: 5, field: 'end', code: 'INVALID_DATE' },
      { line: 5, field: 'time_zone', code: 'UNKNOWN_TIME_ZONE' },
      { line: 6, field: 'external_id', code: 'DUPLICATE_EXTERNAL_ID' },
      { line: 7, field: 'title_en', code: 'TOO_LONG' },
    ]);
    expect(dry.body.rows[2].errors[0].reason).toBe('Se termine avant de commencer.');

    const refused = await importFile({ editionId: target.id, content, dryRun: false });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body).toMatchObject({ code: 'IMPORT_HAS_ERRORS', errorRows: 5, errors: { 'line:4.end': ['END_BEFORE_START'] } });
    expect(await eventsOf(target.id)).toEqual([]);
  });

  it('refuses files past the limits and files that are not what they claim, with stable codes', async () => {
    const target = await edition();
    const big = await running.app.editor.call('POST', '/api/admin/import', { editionId: target.id, content: 'x'.repeat(20 * 1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'IMPORT_TOO_LARGE', limit: 20 * 1024 * 1024 });

    const form = new FormData();
    form.set('editionId', String(target.id));
    form.set('file', new Blob(['a'.repeat(20 * 1024 * 1024 + 10)], { type: 'text/csv' }), 'big.csv');
    const bigUpload = await running.app.editor.request('POST', '/api/admin/import', form);
    expect(bigUpload.status).toBe(413);
    expect(await bigUpload.json()).toMatchObject({ code: 'IMPORT_TOO_LARGE' });

    const rows = Array.from({ length: 10_001 }, (_, i) => `r-${i},Row ${i},,,2031-06-12 19:00,2031-06-12 20:00,,,,,`);
    const many = await importFile({ editionId: target.id, content: csv(...rows) });
    expect(many.status).toBe(413);
    expect(many.body).toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS', limit: 10_000, rows: 10_001 });

    // A column the template does not know is left out, and named (never read unseen).
    const unknownColumn = await importFile({ editionId: target.id, content: 'title_en,start,end,colour\nA,2031-06-12 19:00,2031-06-12 20:00,red' });
    expect(unknownColumn.status).toBe(200);
    expect(unknownColumn.body.csv).toMatchObject({ origin: 'template', ignored: ['colour'] });

    const brokenXml = await importFile({ editionId: target.id, content: '<schedule>\n<day>\n</schedule>', format: 'frab-xml' });
    expect(brokenXml.status).toBe(422);
    expect(brokenXml.body).toMatchObject({ code: 'IMPORT_UNREADABLE', format: 'frab-xml' });

    const entity = await importFile({ editionId: target.id, content: '<!DOCTYPE schedule [<!ENTITY a "aaaa">]>\n<schedule/>', format: 'frab-xml' });
    expect(entity.body).toMatchObject({ code: 'IMPORT_UNREADABLE' });

    // Nested 200,000 deep (1.4 MB, under the size limit): once a stack overflow and a 500.
    const deep = await importFile({
      editionId: target.id,
      content: `<schedule>${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}</schedule>`,
      format: 'frab-xml',
    });
    expect(deep.status).toBe(422);
    expect(deep.body).toMatchObject({ code: 'IMPORT_TOO_DEEP', format: 'frab-xml', line: 1 });

    const noEdition = await importFile({ editionId: 99_999_999, content: csv() });
    expect(noEdition.status).toBe(422);
    expect(noEdition.body).toMatchObject({ errors: { editionId: ['NOT_FOUND'] } });

    const badBody = await importFile({ editionId: 'x', content: 5, extra: true });
    expect(badBody.status).toBe(400);
    expect(Object.keys(badBody.body.errors).sort()).toEqual(['content', 'editionId', 'extra']);

    const plain = await running.app.editor.request('POST', '/api/admin/import', 'hello', { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
  });

  it('rolls back every row when one fails at commit', async () => {
    const target = await edition();
    const count = async () =>
      (
        await running.app.server.query<{ events: number; tags: number; links: number }>(
          'SELECT (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM tags) AS tags, (SELECT count(*) FROM import_links) AS links',
        )
      )[0];
    const before = await count();
    const tagName = uniqueName('Rollback tag');
    const content = csv(
      `rb-1,First of three,,,2031-06-12 19:00,2031-06-12 20:00,,,,${tagName},`,
      `rb-2,Second of three,,,2031-06-12 19:00,2031-06-12 20:00,,,,,`,
      `rb-3,Refused third,,,2031-06-12 19:00,2031-06-12 20:00,,,,,`,
    );
    // A failure only the database sees (another writer's constraint), at the last row.
    await running.app.server.query(
      `CREATE TRIGGER import_test_refusal BEFORE INSERT ON event_translations WHEN NEW.title = 'Refused third'
       BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: events.slug'); END`,
    );
    try {
      const failed = await importFile({ editionId: target.id, content, dryRun: false });
      expect(failed.status).toBeGreaterThanOrEqual(400);
      expect(failed.status).toBeLessThan(500);
    } finally {
      await running.app.server.query('DROP TRIGGER import_test_refusal');
    }
    expect(await count()).toEqual(before);
    const retried = await importFile({ editionId: target.id, content, dryRun: false });
    expect(retried.body).toMatchObject({ created: 3, added: { tags: 1 } });
  });

  it('refuses a row the engine rejects at commit after a clean dry run, names its line with a localized reason, and imports nothing', async () => {
    const target = await edition();
    const place = uniqueName('Hall');
    const content = csv(
      `rf-1,Stays a draft,,,2031-06-12 19:00,2031-06-12 20:00,,${place},,,`,
      `rf-2,Archived meanwhile,,,2031-06-13 19:00,2031-06-13 20:00,,${place},,,`,
    );
    expect((await importFile({ editionId: target.id, content, dryRun: false })).body).toMatchObject({ created: 2 });
    const [kept, archivedLater] = await eventsOf(target.id);
    const newTag = uniqueName('Added by the import');
    const changed = content.replace(
      `Stays a draft,,,2031-06-12 19:00,2031-06-12 20:00,,${place},,,`,
      `Renamed by the import,,,2031-06-12 19:00,2031-06-12 20:00,,${place},,${newTag},`,
    );
    expect(changed).not.toBe(content);
    const dry = await importFile({ editionId: target.id, content: changed, status: 'published', locale: 'fr' });
    expect(dry.body.counts).toEqual({ create: 0, update: 2, error: 0 });
    // Between the dry run and the commit, someone archives the second event: an archived event cannot be published directly.
    const current = await running.app.editor.call('GET', `/api/admin/events/${archivedLater!.id}`);
    const published = await running.app.editor.call('PATCH', `/api/admin/events/${archivedLater!.id}`, { version: current.body.version, status: 'published' });
    const archived = await running.app.editor.call('PATCH', `/api/admin/events/${archivedLater!.id}`, { version: published.body.version, status: 'archived' });
    expect(archived.status).toBe(200);

    const failed = await importFile({ editionId: target.id, content: changed, status: 'published', locale: 'fr', dryRun: false });
    expect(failed.status).toBe(422);
    expect(failed.headers.get('content-type')).toContain('application/problem+json');
    expect(failed.body).toMatchObject({
      code: 'IMPORT_ROW_FAILED',
      line: 3,
      reason: 'INVALID_TRANSITION',
      reasonText: 'Ce changement de statut n’est pas possible.',
      errors: { 'line:3.status': ['INVALID_TRANSITION'] },
    });
    // The new tag was created before the events were written: the transaction rolled it back with everything else.
    expect(await running.app.server.query('SELECT tag_id FROM tag_translations WHERE label = ?', [newTag])).toEqual([]);
    expect(await titleOf(kept!.id)).toBe('Stays a draft');
    expect((await eventsOf(target.id)).map((event) => event.status)).toEqual(['draft', 'archived']);
  });

  it('imports 2,000 rows with their venues and tags in one commit', async () => {
    const target = await edition();
    const run = uniqueName('bulk').replace(' ', '-');
    const venueNames = Array.from({ length: 20 }, (_, i) => `Bulk venue ${run} ${i}`);
    const tagNames = Array.from({ length: 30 }, (_, i) => `Bulk tag ${run} ${i}`);
    const lines = Array.from({ length: 2000 }, (_, i) => {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const hour = String(8 + (i % 12)).padStart(2, '0');
      const tags = [tagNames[i % 30], tagNames[(i * 7 + 3) % 30]].join('; ');
      return `${run}-${i},Bulk event ${i},Événement ${i},Summary ${i},2031-06-${day} ${hour}:00,2031-06-${day} ${hour}:45,,${venueNames[i % 20]},Room ${i % 5},${tags},`;
    });
    const content = csv(...lines);
    const dry = await importFile({ editionId: target.id, content });
    expect(dry.body.counts).toEqual({ create: 2000, update: 0, error: 0 });
    const committed = await importFile({ editionId: target.id, content, dryRun: false });
    expect(committed.status).toBe(201);
    expect(committed.body).toMatchObject({ created: 2000, updated: 0, added: { venue: 20, tags: 30, organizers: 0, curators: 0 } });

    const rows = await running.app.server.query<{ external_id: string; title: string; fr: string; venue: string; room: string; tags: string; slug: string }>(
      `SELECT l.external_id, t.title, f.title AS fr, v.name AS venue, e.room, e.slug,
              (SELECT group_concat(tr.label, '|') FROM event_tags et JOIN tag_translations tr ON tr.tag_id = et.tag_id AND tr.locale = 'en'
                WHERE et.event_id = e.id) AS tags
         FROM import_links l JOIN events e ON e.id = l.event_id
         JOIN event_translations t ON t.event_id = e.id AND t.locale = 'en'
         JOIN event_translations f ON f.event_id = e.id AND f.locale = 'fr'
         JOIN venues v ON v.id = e.venue_id
        WHERE l.edition_id = ?`,
      [target.id],
    );
    expect(rows).toHaveLength(2000);
    const byId = new Map(rows.map((row) => [row.external_id, { ...row, tags: row.tags.split('|').sort() }]));
    for (let i = 0; i < 2000; i++) {
      expect(byId.get(`${run}-${i}`)).toMatchObject({
        title: `Bulk event ${i}`,
        fr: `Événement ${i}`,
        venue: venueNames[i % 20],
        room: `Room ${i % 5}`,
        tags: [...new Set([tagNames[i % 30]!, tagNames[(i * 7 + 3) % 30]!])].sort(),
      });
    }
    // Slugs are unique, made from the titles; each event is saved like a hand-made save (revision, audit entry, search rows).
    expect(new Set(rows.map((row) => row.slug)).size).toBe(2000);
    expect(rows.find((row) => row.external_id === `${run}-7`)!.slug).toMatch(/^bulk-event-7(-\d+)?$/);
    const types = searchEntityTypes.length;
    const [saved] = await running.app.server.query<{ revisions: number; audits: number; indexed: number }>(
      `SELECT (SELECT count(*) FROM revisions WHERE entity = 'event' AND entity_id IN (SELECT event_id FROM import_links WHERE edition_id = ?1)) AS revisions,
              (SELECT count(*) FROM audit_log WHERE entity = 'event' AND action = 'create' AND entity_id IN (SELECT CAST(event_id AS TEXT) FROM import_links WHERE edition_id = ?1)) AS audits,
              (SELECT count(DISTINCT rowid / ${LOCALE_SLOTS} / ${types}) FROM search_fts WHERE (rowid / ${LOCALE_SLOTS}) % ${types} = ${searchEntityTypes.indexOf('event')}
                 AND rowid / ${LOCALE_SLOTS} / ${types} IN (SELECT event_id FROM import_links WHERE edition_id = ?1)) AS indexed`,
      [target.id],
    );
    expect(saved).toEqual({ revisions: 2000, audits: 2000, indexed: 2000 });

    // Importing the file again updates every event (new titles, one tag less), saved like a hand-made save.
    const renamed = lines.map((line) => line.replace('Bulk event', 'Bulk session').replace(/; [^,]*,$/, ','));
    const reimported = await importFile({ editionId: target.id, content: csv(...renamed), dryRun: false });
    expect(reimported.status).toBe(201);
    expect(reimported.body).toMatchObject({ created: 0, updated: 2000 });
    const after = await running.app.server.query<{ external_id: string; title: string; tags: number; version: number; revisions: number }>(
      `SELECT l.external_id, t.title, e.version,
              (SELECT count(*) FROM event_tags et WHERE et.event_id = e.id) AS tags,
              (SELECT count(*) FROM revisions r WHERE r.entity = 'event' AND r.entity_id = e.id) AS revisions
         FROM import_links l JOIN events e ON e.id = l.event_id JOIN event_translations t ON t.event_id = e.id AND t.locale = 'en'
        WHERE l.edition_id = ?`,
      [target.id],
    );
    expect(after).toHaveLength(2000);
    for (const row of after) {
      const i = Number(row.external_id.slice(run.length + 1));
      expect(row).toEqual({ external_id: `${run}-${i}`, title: `Bulk session ${i}`, tags: 1, version: 2, revisions: 2 });
    }
  }, 120_000);

  it('offers a template with every column and a text in each locale, which imports as is', async () => {
    const response = await running.app.editor.request('GET', '/api/admin/import/template.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const text = await response.text();
    const header = text.replace(/^\uFEFF/, '').split('\n')[0]!;
    for (const column of ['external_id', 'title_en', 'title_fr', 'title_de', 'description_de', 'start', 'end', 'time_zone', 'venue', 'room', 'tags']) {
      expect(header.split(',')).toContain(column);
    }
    const target = await edition();
    const dry = await importFile({ editionId: target.id, content: text, fileName: 'edition-hub-import-template.csv' });
    expect(dry.body.counts).toEqual({ create: 1, update: 0, error: 0 });
    // Its link, price and places columns come in as the event's offer.
    for (const column of ['registration_url', 'online_url', 'price', 'currency', 'availability']) expect(header.split(',')).toContain(column);
    const committed = await importFile({ editionId: target.id, content: text, fileName: 'edition-hub-import-template.csv', dryRun: false });
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    const [offer] = await running.app.server.query<Record<string, unknown>>(
      'SELECT registration_url, admission, price_min, price_max, currency, availability FROM events WHERE edition_id = ?',
      [target.id],
    );
    expect(offer).toEqual({
      registration_url: 'https://tickets.example.org/opening',
      admission: 'paid',
      price_min: 12,
      price_max: 20,
      currency: 'EUR',
      availability: 'limited',
    });
  });

  it('names a price or places it cannot read as errors of their row', async () => {
    const target = await edition();
    const content =
      'title_en,start,end,venue,price,availability\nGood,2031-03-02 18:00,2031-03-02 20:00,Hall,8 bis 15 EUR,ausverkauft\nBad,2031-03-03 18:00,2031-03-03 20:00,Hall,on request,maybe\n';
    const dry = await importFile({ editionId: target.id, content, fileName: 'offers.csv' });
    expect(dry.body.counts).toEqual({ create: 1, update: 0, error: 1 });
    const bad = dry.body.rows.find((row: { line: number }) => row.line === 3);
    expect(bad.errors[0].reason).toMatch(/^This price cannot be read/);
    expect(bad.errors.map((issue: { field: string; code: string }) => [issue.field, issue.code])).toEqual([
      ['price', 'INVALID_PRICE'],
      ['availability', 'INVALID_AVAILABILITY'],
    ]);
  });
});

describe('iCalendar', () => {
  it('reads TZID with VTIMEZONE, UTC and floating times right, and updates by UID', async () => {
    const target = await edition('Europe/Lisbon');
    const content = fixture('outlook-calendar.ics');
    const dry = await importFile({ editionId: target.id, content, fileName: 'calendar.ics' });
    expect(dry.body).toMatchObject({ format: 'ics', counts: { create: 3, update: 0, error: 0 } });
    expect(dry.body.rows.map((row: { line: number }) => row.line)).toEqual([19, 28, 36]);
    const committed = await importFile({ editionId: target.id, content, fileName: 'calendar.ics', dryRun: false });
    expect(committed.body).toMatchObject({ created: 3, added: { venue: 1 } });
    const events = await eventsOf(target.id);
    // 19:00 in "W. Europe Standard Time" (the file's own VTIMEZONE, UTC+2 in June).
    expect(iso(events[0]!.starts_at)).toBe('2031-06-12T17:00:00.000Z');
    expect(iso(events[0]!.ends_at)).toBe('2031-06-12T19:00:00.000Z');
    // UTC with a duration.
    expect(iso(events[1]!.starts_at)).toBe('2031-06-13T08:00:00.000Z');
    expect(iso(events[1]!.ends_at)).toBe('2031-06-13T09:30:00.000Z');
    expect(await titleOf(events[1]!.id, 'fr')).toBe('Petit-déjeuner');
    // Floating: 20:00 on the edition's clocks (Lisbon, UTC+1 in June).
    expect(iso(events[2]!.starts_at)).toBe('2031-06-13T19:00:00.000Z');
    // Outlook's Windows zone name becomes its IANA zone (CLDR windowsZones); the others keep the edition's.
    expect(events.map((event) => event.time_zone)).toEqual(['Europe/Berlin', 'Europe/Lisbon', 'Europe/Lisbon']);
    expect(events[2]!.venue_id).toBe(events[0]!.venue_id);

    const again = await importFile({ editionId: target.id, content, fileName: 'calendar.ics', dryRun: false });
    expect(again.body).toMatchObject({ created: 0, updated: 3 });
    expect(await eventsOf(target.id)).toHaveLength(3);
  });
});

describe('frab', () => {
  it('imports a pretalx XML schedule: rooms, tracks as tags, persons as organizers; re-import updates', async () => {
    const target = await edition();
    const content = fixture('pretalx-schedule.xml');
    const dry = await importFile({ editionId: target.id, content, fileName: 'schedule.xml' });
    expect(dry.body).toMatchObject({ format: 'frab-xml', counts: { create: 2, error: 0 } });
    expect(dry.body.rows.map((row: { line: number; title: string }) => [row.line, row.title])).toEqual([
      [17, 'Keeping time zones right'],
      [40, 'Zeitzonen & Kalender'],
    ]);
    const committed = await importFile({ editionId: target.id, content, dryRun: false });
    expect(committed.body).toMatchObject({ created: 2, added: { venue: 2, organizers: 3 } });
    const events = await eventsOf(target.id);
    expect(events.map((event) => [iso(event.starts_at), iso(event.ends_at), event.room, event.time_zone])).toEqual([
      ['2031-06-12T08:00:00.000Z', '2031-06-12T08:45:00.000Z', null, 'Europe/Berlin'],
      ['2031-06-12T12:30:00.000Z', '2031-06-12T14:00:00.000Z', null, 'Europe/Berlin'],
    ]);
    // A frab room is a place: each becomes a venue (a draft, created by name).
    const venues = await running.app.server.query<{ name: string; status: string }>(
      'SELECT v.name, v.status FROM events e JOIN venues v ON v.id = e.venue_id WHERE e.edition_id = ? ORDER BY e.starts_at',
      [target.id],
    );
    expect(venues).toEqual([
      { name: 'Saal 1', status: 'draft' },
      { name: 'Saal 2', status: 'draft' },
    ]);
    // Each text lands in the event's language.
    expect(await titleOf(events[1]!.id, 'de')).toBe('Zeitzonen & Kalender');
    const people = await running.app.server.query<{ name: string; kind: string }>(
      'SELECT o.name, o.kind FROM event_organizers eo JOIN organizers o ON o.id = eo.organizer_id WHERE eo.event_id = ? ORDER BY eo.position',
      [events[1]!.id],
    );
    expect(people).toEqual([
      { name: 'Grace Hopper', kind: 'person' },
      { name: 'Émilie du Châtelet', kind: 'person' },
    ]);

    const moved = content.replace('<date>2031-06-12T10:00:00+02:00</date>', '<date>2031-06-12T11:00:00+02:00</date>');
    const again = await importFile({ editionId: target.id, content: moved, dryRun: false });
    expect(again.body).toMatchObject({ created: 0, updated: 2 });
    const after = await eventsOf(target.id);
    expect(after).toHaveLength(2);
    expect(iso(after[0]!.starts_at)).toBe('2031-06-12T09:00:00.000Z');
  });

  it('takes the file as a multipart upload, the format detected from its name', async () => {
    const target = await edition();
    const form = new FormData();
    form.set('editionId', String(target.id));
    form.set('dryRun', 'false');
    form.set('file', new Blob([fixture('pretalx-schedule.xml')], { type: 'application/xml' }), 'schedule.xml');
    const response = await running.app.editor.request('POST', '/api/admin/import', form);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ dryRun: false, format: 'frab-xml', created: 2 });
    expect(await eventsOf(target.id)).toHaveLength(2);
  });

  it('imports a pretalx JSON schedule', async () => {
    const target = await edition();
    const content = fixture('pretalx-schedule.json');
    const dry = await importFile({ editionId: target.id, content, fileName: 'schedule.json' });
    expect(dry.body).toMatchObject({ format: 'frab-json', counts: { create: 1, error: 0 } });
    const committed = await importFile({ editionId: target.id, content, fileName: 'schedule.json', dryRun: false });
    expect(committed.status).toBe(201);
    const [event] = await eventsOf(target.id);
    expect(iso(event!.starts_at)).toBe('2031-06-12T16:00:00.000Z');
    expect(await titleOf(event!.id, 'fr')).toBe('Rencontre des bénévoles');
  });

  it('round-trips this product’s own frab export into another edition, then updates on re-import', async () => {
    const editor = running.app.editor;
    const source = await createEdition(editor, {
      status: 'published',
      timeZone: 'America/New_York',
      startsAt: '2031-06-01T00:00:00Z',
      endsAt: '2031-06-30T00:00:00Z',
      translations: { en: { title: 'Source edition' } },
    });
    const venue = await createVenue(editor, { name: uniqueName('Hall'), address: '1 Main Street', status: 'published' });
    const organizer = await createOrganizer(editor, { name: uniqueName('Speaker') });
    const tag = await createTag(editor);
    const [tagRow] = await running.app.server.query<{ label: string }>(`SELECT label FROM tag_translations WHERE tag_id = ? AND locale = 'en'`, [tag.id]);
    await createEvent(editor, {
      status: 'published',
      editionId: source.id,
      startsAt: '2031-06-12T13:00:00-04:00',
      endsAt: '2031-06-12T14:15:00-04:00',
      timeZone: 'America/New_York',
      venueId: venue.id,
      venueAddress: null,
      room: 'Room A',
      tagIds: [tag.id],
      organizerIds: [organizer.id],
      translations: { en: { title: 'Round trip one' } },
    });
    await createEvent(editor, {
      status: 'published',
      editionId: source.id,
      startsAt: '2031-06-13T09:00:00-04:00',
      endsAt: '2031-06-13T10:00:00-04:00',
      timeZone: 'America/New_York',
      venueId: venue.id,
      venueAddress: null,
      translations: { en: { title: 'Round trip two' } },
    });
    // The export a conference app would read, as the hub serves it.
    const response = await running.app.server.get(`/en/hub/edition/${source.slug}/schedule.xml`);
    expect(response.status).toBe(200);
    const exported = await response.text();

    const target = await edition('America/New_York');
    const dry = await importFile({ editionId: target.id, content: exported, fileName: 'schedule.xml' });
    expect(dry.body).toMatchObject({ format: 'frab-xml', counts: { create: 2, error: 0 } });
    const committed = await importFile({ editionId: target.id, content: exported, fileName: 'schedule.xml', dryRun: false });
    expect(committed.status).toBe(201);
    // The venue, the tag and the person are found by name: nothing new is created.
    expect(committed.body).toMatchObject({ created: 2, added: { venue: 0, tags: 0, organizers: 0 } });
    const [original, copy] = [await eventsOf(source.id), await eventsOf(target.id)];
    expect(copy.map((event) => [event.starts_at, event.ends_at, event.time_zone, event.venue_id, event.room, event.status])).toEqual(
      original.map((event) => [event.starts_at, event.ends_at, event.time_zone, event.venue_id, event.room, 'draft']),
    );
    expect(copy[0]!.room).toBe('Room A');
    expect(await titleOf(copy[0]!.id)).toBe('Round trip one');
    expect(await titleOf(copy[1]!.id)).toBe('Round trip two');
    const tagsOfCopy = await running.app.server.query<{ label: string }>(
      `SELECT t.label FROM event_tags et JOIN tag_translations t ON t.tag_id = et.tag_id AND t.locale = 'en' WHERE et.event_id = ?`,
      [copy[0]!.id],
    );
    expect(tagsOfCopy).toEqual([{ label: tagRow!.label }]);
    const people = await running.app.server.query<{ organizer_id: number }>('SELECT organizer_id FROM event_organizers WHERE event_id = ?', [copy[0]!.id]);
    expect(people).toEqual([{ organizer_id: organizer.id }]);

    const again = await importFile({ editionId: target.id, content: exported, dryRun: false });
    expect(again.body).toMatchObject({ created: 0, updated: 2 });
    expect(await eventsOf(target.id)).toHaveLength(2);
  });
});

describe('publishing on import', () => {
  it('publishes when chosen, and flags in the dry run what publishing needs', async () => {
    const target = await edition();
    const content = csv(
      `p-1,With a place,,,2031-06-12 19:00,2031-06-12 20:00,,${uniqueName('Hall')},,,`,
      `p-2,Nowhere,,,2031-06-12 19:00,2031-06-12 20:00,,,,,`,
    );
    const dry = await importFile({ editionId: target.id, content, status: 'published' });
    expect(dry.body.counts).toEqual({ create: 1, update: 0, error: 1 });
    expect(dry.body.rows[1].errors).toMatchObject([{ line: 3, field: 'venue', code: 'VENUE_OR_ONLINE_REQUIRED' }]);
    const committed = await importFile({ editionId: target.id, content: csv(content.split('\n')[1]!), status: 'published', dryRun: false });
    expect(committed.status).toBe(201);
    const [event] = await eventsOf(target.id);
    expect(event!.status).toBe('published');
  });
});
