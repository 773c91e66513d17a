/**
 * `POST /api/admin/editions/:id/clone` against the built server: next year's edition from this
 * year's in one request. Every date moves by N days on its own zone's wall clock (across a
 * daylight-saving change), every copy is a draft with a new slug, every link is copied, and the
 * whole clone is one transaction: a failure part-way leaves nothing behind.
 */
import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createCurator, createEdition, createEvent, createFile, createImage, createOrganizer, createTag, type Created } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

interface Programme {
  edition: Created;
  paris: Created;
  newYork: Created;
  links: Record<string, number>;
}

/** An edition in Paris with two events in different zones, both before their zone's spring change. */
async function programme(slug: string): Promise<Programme> {
  const { editor } = running.app;
  const [tag, curator, organizer, media, file] = await Promise.all([
    createTag(editor),
    createCurator(editor),
    createOrganizer(editor),
    createImage(editor),
    createFile(editor),
  ]);
  const edition = await createEdition(editor, {
    slug,
    status: 'published',
    publishAt: '2031-02-01T09:00:00Z',
    startsAt: '2031-03-01T00:00:00+01:00',
    endsAt: '2031-03-31T23:00:00+02:00',
    timeZone: 'Europe/Paris',
    coverMediaId: media.id,
    tagIds: [tag.id],
    curatorIds: [curator.id],
    fileIds: [file.id],
    translations: { en: { title: `Spring ${slug}`, summary: 'The spring programme.' }, fr: { title: `Printemps ${slug}` } },
  });
  const links = { tagIds: tag.id, curatorIds: curator.id, organizerIds: organizer.id, mediaIds: media.id, fileIds: file.id };
  const eventLinks = { tagIds: [tag.id], curatorIds: [curator.id], organizerIds: [organizer.id], mediaIds: [media.id], fileIds: [file.id] };
  // 19:00 in Paris (UTC+1); Paris moves to UTC+2 on 30 March 2031.
  const paris = await createEvent(editor, {
    editionId: edition.id,
    status: 'published',
    startsAt: '2031-03-20T19:00:00+01:00',
    endsAt: '2031-03-20T22:30:00+01:00',
    timeZone: 'Europe/Paris',
    ...eventLinks,
    translations: { en: { title: `Opening ${slug}`, venueName: 'Hall' }, de: { title: `Eröffnung ${slug}` } },
  });
  // 20:00 in New York (UTC−5); New York moves to UTC−4 on 9 March 2031.
  const newYork = await createEvent(editor, {
    editionId: edition.id,
    startsAt: '2031-03-05T20:00:00-05:00',
    endsAt: '2031-03-05T21:00:00-05:00',
    timeZone: 'America/New_York',
    ...eventLinks,
    translations: { en: { title: `Stream ${slug}` } },
  });
  return { edition, paris, newYork, links };
}

function clone(id: number | string, body: unknown) {
  return running.app.editor.call('POST', `/api/admin/editions/${id}/clone`, body);
}

async function eventsOf(editionId: number) {
  const list = await running.app.editor.call('GET', `/api/admin/events?edition=${editionId}&sort=startsAt&limit=100`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever JSON came back
  const items: Record<string, any>[] = await Promise.all(
    (list.body.items as { id: number }[]).map(async ({ id }) => (await running.app.editor.call('GET', `/api/admin/events/${id}`)).body),
  );
  return items;
}

const counts = async () =>
  (
    await running.app.server.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM editions) AS editions, (SELECT count(*) FROM edition_translations) AS editionTexts,
        (SELECT count(*) FROM edition_tags) + (SELECT count(*) FROM edition_curators) + (SELECT count(*) FROM edition_files) AS editionLinks,
        (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM event_translations) AS eventTexts,
        (SELECT count(*) FROM event_tags) + (SELECT count(*) FROM event_curators) + (SELECT count(*) FROM event_organizers)
          + (SELECT count(*) FROM event_medias) + (SELECT count(*) FROM event_files) AS eventLinks,
        (SELECT count(*) FROM audit_log) AS audit, (SELECT count(*) FROM search_fts) AS search`,
    )
  )[0];

describe('cloning an edition', () => {
  it('copies the edition and its events as drafts, every date shifted keeping local wall time across DST, every link copied', async () => {
    const source = await programme('2031');
    const { status, body, headers } = await clone(source.edition.id, { shiftDays: 14 });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toEqual({ id: expect.any(Number), slug: '2031-copy', eventCount: 2 });
    expect(headers.get('location')).toBe(`/api/admin/editions/${body.id}`);

    const edition = (await running.app.editor.call('GET', `/api/admin/editions/${body.id}`)).body;
    expect(edition).toMatchObject({
      status: 'draft',
      publishAt: null,
      // Midnight in Paris stays midnight; 23:00 stays 23:00, now in summer time.
      startsAt: '2031-03-14T23:00:00.000Z',
      endsAt: '2031-04-14T21:00:00.000Z',
      timeZone: 'Europe/Paris',
      coverMediaId: source.links['mediaIds'],
      tagIds: [source.links['tagIds']],
      curatorIds: [source.links['curatorIds']],
      fileIds: [source.links['fileIds']],
      translations: { en: { title: 'Spring 2031 (copy)', summary: 'The spring programme.' }, fr: { title: 'Printemps 2031 (copie)' } },
    });

    const copies = await eventsOf(body.id);
    expect(copies).toHaveLength(2);
    const [newYork, paris] = copies as [(typeof copies)[0], (typeof copies)[0]];
    // 20:00 EST on 5 March → 20:00 EDT on 19 March.
    expect(newYork).toMatchObject({ startsAt: '2031-03-20T00:00:00.000Z', endsAt: '2031-03-20T01:00:00.000Z', timeZone: 'America/New_York' });
    // 19:00 CET on 20 March → 19:00 CEST on 3 April.
    expect(paris).toMatchObject({ startsAt: '2031-04-03T17:00:00.000Z', endsAt: '2031-04-03T20:30:00.000Z', timeZone: 'Europe/Paris' });
    for (const copy of copies) {
      expect(copy).toMatchObject({
        status: 'draft',
        publishAt: null,
        editionId: body.id,
        tagIds: [source.links['tagIds']],
        curatorIds: [source.links['curatorIds']],
        organizerIds: [source.links['organizerIds']],
        mediaIds: [source.links['mediaIds']],
        fileIds: [source.links['fileIds']],
      });
    }
    expect(paris).toMatchObject({
      slug: `${source.paris.slug}-2`,
      translations: { en: { title: 'Opening 2031', venueName: 'Hall' }, de: { title: 'Eröffnung 2031' } },
    });
    expect(newYork.slug).not.toBe(source.newYork.slug);

    // The originals are untouched; the drafts are not on the hub.
    expect((await running.app.editor.call('GET', `/api/admin/events/${source.paris.id}`)).body).toMatchObject({
      status: 'published',
      editionId: source.edition.id,
    });
    expect(await eventsOf(source.edition.id)).toHaveLength(2);
    expect((await fetch(`${running.app.server.origin}/en/hub/edition/${body.slug}`)).status).toBe(404);
    expect((await fetch(`${running.app.server.origin}/en/hub/event/${paris.slug}`)).status).toBe(404);

    const audit = await running.app.server.query<{ entity: string; action: string }>(
      "SELECT entity, action FROM audit_log WHERE (entity = 'edition' AND entity_id = ?) OR (entity = 'event' AND entity_id IN (?, ?)) ORDER BY id",
      [String(body.id), String(newYork.id), String(paris.id)],
    );
    expect(audit.map((row) => `${row.action} ${row.entity}`)).toEqual(['create edition', 'create event', 'create event']);
  });

  it('moves dates earlier with a negative shift, and takes new titles (the slug follows the default-locale one)', async () => {
    const source = await programme('titles');
    const { status, body } = await clone(source.edition.id, { shiftDays: -364, titles: { en: 'Spring 2030' } });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.slug).toBe('spring-2030');
    const edition = (await running.app.editor.call('GET', `/api/admin/editions/${body.id}`)).body;
    expect(edition.translations).toMatchObject({ en: { title: 'Spring 2030' }, fr: { title: 'Printemps titles (copie)' } });
    const paris = (await eventsOf(body.id))[1]!;
    // 364 days before Thursday 20 March 2031, 19:00 in Paris: Thursday 21 March 2030, 19:00 CET.
    expect(paris.startsAt).toBe('2030-03-21T18:00:00.000Z');
  });

  it('copies an edition without events', async () => {
    const edition = await createEdition(running.app.editor);
    const { status, body } = await clone(edition.id, { shiftDays: 0 });
    expect(status).toBe(201);
    expect(body.eventCount).toBe(0);
  });

  it('is one transaction: a failure at the last event leaves no edition, event, text, link, audit row or index entry', async () => {
    const source = await programme('atomic');
    const before = await counts();
    // Another writer takes the slug the second event's copy is about to get (a race the
    // in-transaction slug lookup cannot see on a shared database server).
    await running.app.server.query(
      `CREATE TRIGGER clone_test_collision BEFORE INSERT ON events WHEN NEW.slug = '${source.paris.slug}-2'
       BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: events.slug'); END`,
    );
    try {
      const failed = await clone(source.edition.id, { shiftDays: 7 });
      expect(failed.status).toBe(409);
      expect(failed.headers.get('content-type')).toContain('application/problem+json');
      expect(failed.body).toMatchObject({ code: 'SLUG_TAKEN' });
    } finally {
      await running.app.server.query('DROP TRIGGER clone_test_collision');
    }
    expect(await counts()).toEqual(before);
    const retried = await clone(source.edition.id, { shiftDays: 7 });
    expect(retried.status).toBe(201);
    expect(retried.body).toMatchObject({ slug: 'atomic-copy', eventCount: 2 });
  });

  it('refuses malformed bodies with 400 problem+json naming each field', async () => {
    const { edition } = await programme('invalid');
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { shiftDays: ['REQUIRED'] }],
      [{ shiftDays: 1.5 }, { shiftDays: ['INVALID_VALUE'] }],
      [{ shiftDays: '7' }, { shiftDays: ['INVALID_TYPE'] }],
      [{ shiftDays: 3661 }, { shiftDays: ['TOO_LARGE'] }],
      [{ shiftDays: -3661 }, { shiftDays: ['TOO_SMALL'] }],
      [{ shiftDays: 7, titles: { it: 'Primavera' } }, { 'titles.it': ['UNKNOWN_FIELD'] }],
      [{ shiftDays: 7, titles: { en: ' ' } }, { 'titles.en': ['REQUIRED'] }],
      [{ shiftDays: 7, titles: { fr: 'x'.repeat(201) } }, { 'titles.fr': ['TOO_LONG'] }],
      [{ shiftDays: 7, status: 'published' }, { status: ['UNKNOWN_FIELD'] }],
    ];
    const before = await counts();
    for (const [input, errors] of cases) {
      const { status, body, headers } = await clone(edition.id, input);
      expect(status, JSON.stringify(input)).toBe(400);
      expect(headers.get('content-type')).toContain('application/problem+json');
      expect(body.errors, JSON.stringify(input)).toEqual(errors);
    }
    expect((await clone(3660, { shiftDays: 3660 })).status).toBe(404);
    expect(await counts()).toEqual(before);
    expect((await clone(edition.id, { shiftDays: 3660 })).status).toBe(201);
  });

  it('answers 404 for an unknown edition, and the static clone route leaves the dynamic edition routes alone', async () => {
    const missing = await clone(987654, { shiftDays: 7 });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    expect((await clone('not-a-number', { shiftDays: 7 })).status).toBe(404);
    // There is no clone of events.
    const event = await createEvent(running.app.editor);
    expect((await running.app.editor.call('POST', `/api/admin/events/${event.id}/clone`, { shiftDays: 7 })).status).toBe(404);
    const edition = await createEdition(running.app.editor);
    const read = await running.app.editor.call('GET', `/api/admin/editions/${edition.id}`);
    expect(read.status).toBe(200);
    expect(
      (
        await running.app.editor.call('PATCH', `/api/admin/editions/${edition.id}`, {
          version: read.body.version,
          translations: { en: { summary: 'Changed' } },
        })
      ).status,
    ).toBe(200);
    expect((await running.app.editor.call('POST', `/api/admin/editions/${edition.id}/duplicate`)).status).toBe(201);
    expect((await running.app.editor.call('GET', '/api/admin/editions')).status).toBe(200);
  });

  it('needs content.write: a signed-in user without a role gets 403, nobody signed in 401', async () => {
    const edition = await createEdition(running.app.editor);
    expect((await running.app.visitor.call('POST', `/api/admin/editions/${edition.id}/clone`, { shiftDays: 7 })).status).toBe(403);
    expect((await running.app.anonymous.call('POST', `/api/admin/editions/${edition.id}/clone`, { shiftDays: 7 })).status).toBe(401);
  });
});
