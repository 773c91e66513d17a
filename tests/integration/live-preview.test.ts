/**
 * The live preview of an unsaved form (decision 036), against the built server: a posted draft
 * renders the hub page with the draft's text in the chosen locale, saves nothing, is never cached
 * nor framed by another site, and refuses bad input, strangers and cross-site posts with a 4xx.
 */
import { describe, expect, it } from 'vitest';
import { useAdminServer, type AdminClient } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createCurator, createEdition, createEvent, createImage, createOrganizer, createTag, uniqueName } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

const livePath = (locale: string, collection: string, id: number | string) => `/${locale}/admin/preview/live/${collection}/${id}`;
const hub = (path: string) => fetch(`${running.app.server.origin}${path}`);
/** The page's main heading, as the hub's detail views render it. */
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const frameAncestors = (response: Response) => /frame-ancestors ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

async function publishedEvent(client: AdminClient, en: string, fr: string) {
  return createEvent(client, { status: 'published', translations: { en: { title: en }, fr: { title: fr } } });
}

describe('live preview of an event', () => {
  it('renders the draft title in French, saves nothing, and the public page keeps the old title', async () => {
    const { editor } = running.app;
    const event = await publishedEvent(editor, uniqueName('Stored concert'), 'Concert enregistré');
    const publicPath = `/fr/hub/event/${event.slug}`;
    await hub(publicPath);
    expect(cacheState(await hub(publicPath))).toBe('HIT');

    const response = await editor.request('POST', livePath('fr', 'events', event.id), {
      version: event.version,
      translations: { fr: { title: 'Titre tapé en direct' } },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    expect(frameAncestors(response)).toBe("'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await response.text();
    expect(html).toMatch(/<html[^>]* lang="fr"/);
    expect(heading(html)).toBe('Titre tapé en direct');
    expect(html).toContain('<base target="_blank">');
    expect(html).toContain('Aperçu de vos modifications non enregistrées');
    // Its URL answers POST only: no language links to it.
    expect(html).not.toContain('/en/admin/preview/live/');

    // Nothing was written: same version, same title, and the public page (still cached) is unchanged.
    const stored = await editor.call('GET', `/api/admin/events/${event.id}`);
    expect(stored.body['version']).toBe(event.version);
    expect(stored.body['translations']['fr']['title']).toBe('Concert enregistré');
    for (let i = 0; i < 2; i++) {
      const page = await hub(publicPath);
      const text = await page.text();
      expect(text).toContain('Concert enregistré');
      expect(text).not.toContain('Titre tapé en direct');
    }
  });

  it('is never kept by the page cache: the same draft posted twice renders twice, each with its own text', async () => {
    const { editor } = running.app;
    const event = await publishedEvent(editor, uniqueName('Cached concert'), 'Concert en cache');
    for (const title of ['Premier essai', 'Second essai']) {
      const response = await editor.request('POST', livePath('fr', 'events', event.id), { translations: { fr: { title } } });
      expect(cacheState(response)).not.toBe('HIT');
      expect(heading(await response.text())).toBe(title);
    }
  });

  it('shows an invalid field with its saved value and names it, never a 5xx', async () => {
    const { editor } = running.app;
    const event = await publishedEvent(editor, uniqueName('Valid concert'), 'Concert valide');
    const response = await editor.request('POST', livePath('fr', 'events', event.id), {
      translations: { fr: { title: 'x'.repeat(5_000), summary: 'Un résumé tout neuf' } },
      startsAt: 'not a date',
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(heading(html)).toBe('Concert valide');
    expect(html).toContain('Un résumé tout neuf');
    expect(html).toMatch(/data-ignored[^>]*>Les champs non valides affichent leur valeur enregistrée\u202F: [^<]*\(fr\)/);
  });

  it('resolves the relations the draft links (tags, curators, organizers, cover) without linking them', async () => {
    const { editor } = running.app;
    const event = await publishedEvent(editor, uniqueName('Linked concert'), 'Concert lié');
    const tag = await createTag(editor, { translations: { en: { label: 'Draft tag' }, fr: { label: 'Étiquette du brouillon' } } });
    const curator = await createCurator(editor, { name: 'Camille Brouillon' });
    const organizer = await createOrganizer(editor, { name: 'Collectif Brouillon' });
    const cover = await createImage(editor, { translations: { en: { alt: 'Draft cover' }, fr: { alt: 'Couverture du brouillon' } } });
    const response = await editor.request('POST', livePath('fr', 'events', event.id), {
      tagIds: [tag.id],
      curatorIds: [curator.id],
      organizerIds: [organizer.id],
      coverMediaId: cover.id,
    });
    const html = await response.text();
    for (const shown of ['Étiquette du brouillon', 'Camille Brouillon', 'Collectif Brouillon', 'alt="Couverture du brouillon"']) expect(html).toContain(shown);
    const stored = (await editor.call('GET', `/api/admin/events/${event.id}`)).body;
    expect([stored['tagIds'], stored['curatorIds'], stored['organizerIds'], stored['coverMediaId']]).toEqual([[], [], [], null]);
  });

  it('lists the other public events of the edition the draft puts the event in, as a save would', async () => {
    const { editor } = running.app;
    const edition = await createEdition(editor, { status: 'published' });
    const siblingTitle = uniqueName('Sibling evening');
    await createEvent(editor, { status: 'published', editionId: edition.id, translations: { en: { title: siblingTitle } } });
    const event = await publishedEvent(editor, uniqueName('Joining concert'), 'Concert qui rejoint');
    const moreOf = async (response: Response) => /aria-labelledby="more-heading"[\s\S]*?<\/section>/.exec(await response.text())?.[0];
    const response = await editor.request('POST', livePath('en', 'events', event.id), { version: event.version, editionId: edition.id });
    expect(response.status).toBe(200);
    expect(await moreOf(response)).toContain(siblingTitle);
    // Saved, the event is in no edition: its page lists nothing.
    expect(await moreOf(await hub(`/en/hub/event/${event.slug}`))).toBeUndefined();
  });

  it('previews a new event before it exists, and leaves nothing behind', async () => {
    const { editor } = running.app;
    const title = uniqueName('Not yet created');
    const body = {
      startsAt: '2031-05-01T18:00:00+02:00',
      endsAt: '2031-05-01T20:00:00+02:00',
      timeZone: 'Europe/Paris',
      venueAddress: '2 place du Marché, Lyon',
      translations: { en: { title } },
    };
    const total = async () => (await editor.call('GET', '/api/admin/events')).body['total'] as number;
    const before = await total();
    const response = await editor.request('POST', livePath('en', 'events', 'new'), body);
    expect(response.status).toBe(200);
    expect(heading(await response.text())).toBe(title);
    expect(await total()).toBe(before);
  });

  it('answers a 4xx problem for what cannot be previewed', async () => {
    const { editor } = running.app;
    const event = await publishedEvent(editor, uniqueName('Refusing concert'), 'Concert refusant');
    const path = livePath('en', 'events', event.id);
    const cases: [Response, number, string][] = [
      [await editor.request('POST', path, '{not json', { 'content-type': 'application/json' }), 400, 'INVALID_JSON'],
      [await editor.request('POST', path, [1, 2]), 400, 'INVALID_BODY'],
      [await editor.request('POST', path, 'title=x', { 'content-type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      // A new event without its required fields has nothing to show.
      [await editor.request('POST', livePath('en', 'events', 'new'), { translations: {} }), 422, 'VALIDATION_FAILED'],
      [await editor.request('POST', livePath('en', 'events', 999_999), {}), 404, 'NOT_FOUND'],
      [await editor.request('POST', livePath('en', 'events', 'abc'), {}), 404, 'NOT_FOUND'],
      // Tags and files have no hub page of their own.
      [await editor.request('POST', livePath('en', 'tags', 'new'), {}), 404, 'NOT_FOUND'],
    ];
    for (const [response, status, code] of cases) {
      expect(response.status, code).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(await response.json()).toMatchObject({ code });
    }
  });

  it('is for signed-in staff posting from the admin only', async () => {
    const { anonymous, visitor, editor } = running.app;
    const event = await publishedEvent(editor, uniqueName('Guarded concert'), 'Concert gardé');
    const draft = { translations: { en: { title: 'Leaked title' } } };
    const refusals = [
      await anonymous.request('POST', livePath('en', 'events', event.id), draft),
      await visitor.request('POST', livePath('en', 'events', event.id), draft),
      await editor.request('POST', livePath('en', 'events', event.id), draft, { origin: 'https://evil.example' }),
    ];
    expect(refusals.map((response) => response.status)).toEqual([401, 403, 403]);
    for (const response of refusals) expect(await response.text()).not.toContain('Leaked title');
    const get = await anonymous.request('GET', livePath('en', 'events', event.id));
    expect([302, 401, 403, 405]).toContain(get.status);
  });

  it('leaves every other page unframeable', async () => {
    const { editor } = running.app;
    const event = await publishedEvent(editor, uniqueName('Framed concert'), 'Concert encadré');
    expect(frameAncestors(await hub(`/en/hub/event/${event.slug}`))).toBe("'none'");
    const preview = await fetch(`${running.app.server.origin}/en/admin/preview/event/${event.slug}`, { headers: { cookie: editor.cookie } });
    expect(frameAncestors(preview)).toBe("'none'");
    expect(preview.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('live preview of the other collections with hub pages', () => {
  it('renders an edition, a venue, a curator and an organizer with the draft name, even before they are public', async () => {
    const { editor } = running.app;
    const edition = await createEdition(editor);
    const curator = await createCurator(editor);
    const organizer = await createOrganizer(editor);
    const cases: [string, number | 'new', Record<string, unknown>, string][] = [
      ['editions', edition.id, { translations: { de: { title: 'Frühling im Entwurf' } } }, 'Frühling im Entwurf'],
      ['venues', 'new', { name: 'Salle des essais', translations: { de: { description: 'Ein neuer Saal.' } } }, 'Salle des essais'],
      ['curators', curator.id, { name: 'Kuratorin Entwurf' }, 'Kuratorin Entwurf'],
      ['organizers', organizer.id, { name: 'Verein Entwurf' }, 'Verein Entwurf'],
    ];
    for (const [collection, id, draft, shown] of cases) {
      const response = await editor.request('POST', livePath('de', collection, id), draft);
      expect(response.status, collection).toBe(200);
      const html = await response.text();
      expect(html, collection).toContain(shown);
      expect(html, collection).toContain('Vorschau Ihrer ungespeicherten Änderungen');
    }
    expect((await editor.call('GET', `/api/admin/curators/${curator.id}`)).body['name']).toBe(curator['name']);
  });
});
