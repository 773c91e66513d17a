/**
 * Translation suggestions on the built server (docs/decisions/056), against local stand-ins of
 * DeepL and LibreTranslate: what the service is sent (its key, the languages, Markdown kept
 * back), what the editor gets, the service's failures as clean problems, a server with no
 * service, and the rule that an unreviewed suggestion is never saved, so never published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminClient, type AdminServer } from '../helpers/admin-client.ts';
import { createEvent, uniqueName } from '../helpers/factories.ts';
import { STAND_IN_FAILURE_TEXT, TranslationStandIn } from '../helpers/translation-stand-in.ts';

const body = ['## Lanterns', '', 'Bring a *torch* to [the quay](https://example.org/Quay) and run `npm start`.', '', '- warm clothes', '- **tea**'].join('\n');
const expectedBody = [
  '## LANTERNS',
  '',
  'BRING A *TORCH* TO [THE QUAY](https://example.org/Quay) AND RUN `npm start`.',
  '',
  '- WARM CLOTHES',
  '- **TEA**',
].join('\n');

const deepl = new TranslationStandIn();
const libre = new TranslationStandIn();
let withDeepl: AdminServer;
let withLibre: AdminServer;
let without: AdminServer;

beforeAll(async () => {
  await Promise.all([deepl.start(), libre.start()]);
  [withDeepl, withLibre, without] = await Promise.all([
    startAdminServer({ HUB_DEMO: '0', DEEPL_API_KEY: 'test-key:fx', DEEPL_API_URL: deepl.origin, HUB_MACHINE_TRANSLATION_TIMEOUT_MS: '1000' }),
    startAdminServer({ HUB_DEMO: '0', LIBRETRANSLATE_URL: libre.origin, LIBRETRANSLATE_API_KEY: 'libre-key' }),
    startAdminServer({ HUB_DEMO: '0' }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([withDeepl?.server.stop(), withLibre?.server.stop(), without?.server.stop(), deepl.stop(), libre.stop()]);
});

async function englishEvent(app: AdminServer, status: 'draft' | 'published' = 'draft') {
  const title = uniqueName('Night swim');
  const event = await createEvent(app.editor, { status, translations: { en: { title, summary: 'Lanterns on the river', body } } });
  return { ...event, title };
}

function suggest(app: AdminServer, id: number, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.editor.request('POST', '/api/admin/translations/suggest', { collection: 'events', id, from: 'en', to: 'fr', fields }, headers);
}

describe('with DeepL', () => {
  it('sends the words only, with the key and the languages, and answers the suggestions with their Markdown intact', async () => {
    const event = await englishEvent(withDeepl);
    const before = deepl.requests.length;
    const response = await suggest(withDeepl, event.id, { title: event.title, body });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ suggestions: { title: event.title.toUpperCase(), body: expectedBody } });

    const sent = deepl.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/v2/translate');
    expect(sent[0]!.headers['authorization']).toBe('DeepL-Auth-Key test-key:fx');
    expect(sent[0]!.body).toMatchObject({ source_lang: 'EN', target_lang: 'FR', tag_handling: 'html' });
    const texts = sent[0]!.body.text as string[];
    expect(texts).toContain('Lanterns');
    expect(texts.join('\n')).not.toMatch(/https:\/\/|npm start|## |\*\*|- warm/);
  });

  it('refuses to save a suggestion nobody reviewed, and saves it once edited or accepted', async () => {
    const event = await englishEvent(withDeepl, 'published');
    const answer = (await (await suggest(withDeepl, event.id, { title: event.title, summary: 'Lanterns on the river' })).json()) as {
      suggestions: Record<string, string>;
    };
    const current = await withDeepl.editor.call('GET', `/api/admin/events/${event.id}`);
    const patch = { version: current.body['version'], translations: { fr: { title: answer.suggestions['title'], summary: answer.suggestions['summary'] } } };

    const refused = await withDeepl.editor.request('PATCH', `/api/admin/events/${event.id}`, patch, { 'accept-language': 'fr' });
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    const problem = await refused.json();
    expect(problem).toMatchObject({ code: 'UNREVIEWED_SUGGESTIONS' });
    expect(problem.errors).toEqual({ 'translations.fr.title': ['UNREVIEWED_SUGGESTION'], 'translations.fr.summary': ['UNREVIEWED_SUGGESTION'] });
    // Nothing of it was stored, so the public French page cannot show it.
    expect(await withDeepl.server.query('SELECT locale FROM event_translations WHERE event_id = ? AND locale = ?', [event.id, 'fr'])).toEqual([]);

    // The title is edited by a person; the summary is accepted as it is.
    const accepted = await withDeepl.editor.request('POST', '/api/admin/translations/suggest/accept', {
      collection: 'events',
      id: event.id,
      locale: 'fr',
      fields: ['summary'],
    });
    expect(accepted.status).toBe(204);
    const edited = { ...patch, translations: { fr: { ...patch.translations.fr, title: `Baignade de nuit ${event.id}` } } };
    const saved = await withDeepl.editor.call('PATCH', `/api/admin/events/${event.id}`, edited);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const rows = await withDeepl.server.query<{ title: string; summary: string }>(
      'SELECT title, summary FROM event_translations WHERE event_id = ? AND locale = ?',
      [event.id, 'fr'],
    );
    expect(rows).toEqual([{ title: `Baignade de nuit ${event.id}`, summary: 'LANTERNS ON THE RIVER' }]);
  });

  it('keeps an unreviewed suggestion out of a working copy published later', async () => {
    const event = await englishEvent(withDeepl, 'published');
    const answer = (await (await suggest(withDeepl, event.id, { title: event.title })).json()) as { suggestions: Record<string, string> };
    const current = await withDeepl.editor.call('GET', `/api/admin/events/${event.id}`);
    const draft = await withDeepl.editor.call('PUT', `/api/admin/events/${event.id}/draft`, {
      version: current.body['version'],
      copyVersion: null,
      translations: { fr: { title: answer.suggestions['title'] } },
    });
    expect(draft.status).toBe(409);
    expect(draft.body).toMatchObject({ code: 'UNREVIEWED_SUGGESTIONS', errors: { 'translations.fr.title': ['UNREVIEWED_SUGGESTION'] } });
  });

  it.each([
    [{ status: 456 }, 503, 'MACHINE_TRANSLATION_QUOTA'],
    [{ status: 429 }, 503, 'MACHINE_TRANSLATION_QUOTA'],
    [{ status: 500 }, 503, 'MACHINE_TRANSLATION_UNAVAILABLE'],
    [{ status: 403 }, 502, 'MACHINE_TRANSLATION_FAILED'],
    [{ status: 200, body: '{"translations":[]}' }, 502, 'MACHINE_TRANSLATION_FAILED'],
    ['hang' as const, 503, 'MACHINE_TRANSLATION_TIMEOUT'],
  ])('answers the service failing (%j) with a clean %i problem', async (failure, status, code) => {
    const event = await englishEvent(withDeepl);
    deepl.queue.push(failure);
    const response = await suggest(withDeepl, event.id, { title: event.title }, { 'accept-language': 'de' });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const text = await response.text();
    expect(text).not.toContain(STAND_IN_FAILURE_TEXT);
    const problem = JSON.parse(text) as { code: string; title: string };
    expect(problem.code).toBe(code);
    // Titled in the caller's language.
    expect(problem.title).toMatch(/Übersetzungsdienst/);
  });

  it('refuses bad requests with field errors, unknown items with 404, and people without a role', async () => {
    const event = await englishEvent(withDeepl);
    const ask = (client: AdminClient, changes: Record<string, unknown>) =>
      client.call('POST', '/api/admin/translations/suggest', { collection: 'events', id: event.id, from: 'en', to: 'fr', fields: { title: 'x' }, ...changes });
    expect(await ask(withDeepl.editor, { fields: { startsAt: 'x' } })).toMatchObject({
      status: 400,
      body: { errors: { 'fields.startsAt': ['UNKNOWN_FIELD'] } },
    });
    expect(await ask(withDeepl.editor, { to: 'en' })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: { to: ['SAME_LOCALE'] } } });
    expect(await ask(withDeepl.editor, { id: 99_999_999 })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await ask(withDeepl.visitor, {})).status).toBe(403);
  });

  it('tells the form that suggestions are offered', async () => {
    const event = await englishEvent(withDeepl);
    const html = await (await withDeepl.editor.request('GET', `/en/admin/events/${event.id}`)).text();
    expect(html).toMatch(/machineTranslation&quot;:\[0,true\]/);
  });
});

describe('with LibreTranslate', () => {
  it('sends the fragments as HTML with the API key and answers the suggestions', async () => {
    const event = await englishEvent(withLibre);
    const response = await suggest(withLibre, event.id, { title: event.title, body });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ suggestions: { title: event.title.toUpperCase(), body: expectedBody } });
    const sent = libre.requests.at(-1)!;
    expect(sent.path).toBe('/translate');
    expect(sent.body).toMatchObject({ source: 'en', target: 'fr', format: 'html', api_key: 'libre-key' });
    expect((sent.body.q as string[]).join('\n')).not.toMatch(/https:\/\/|npm start|## /);
  });

  it('answers a refusal as a clean 502', async () => {
    const event = await englishEvent(withLibre);
    libre.queue.push({ status: 400 });
    const response = await suggest(withLibre, event.id, { title: event.title });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'MACHINE_TRANSLATION_FAILED', status: 502 });
  });
});

describe('limits', () => {
  it('answers 429 with Retry-After once a person asked for 30 suggestions in a minute, and accepts no unknown field', async () => {
    const event = await englishEvent(withLibre);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await suggest(withLibre, event.id, { title: event.title })).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(30);
    const limited = await suggest(withLibre, event.id, { title: event.title });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: 'SUGGESTIONS_RATE_LIMITED' });

    const accept = await withLibre.editor.call('POST', '/api/admin/translations/suggest/accept', {
      collection: 'events',
      id: event.id,
      locale: 'fr',
      fields: ['nope'],
    });
    expect(accept).toMatchObject({ status: 400, body: { errors: { 'fields.nope': ['UNKNOWN_FIELD'] } } });
  });
});

describe('with no service', () => {
  it('offers no suggestions and refuses the endpoint', async () => {
    const event = await englishEvent(without);
    const response = await suggest(without, event.id, { title: event.title });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'MACHINE_TRANSLATION_OFF' });
    const html = await (await without.editor.request('GET', `/en/admin/events/${event.id}`)).text();
    expect(html).toMatch(/machineTranslation&quot;:\[0,false\]/);
  });
});
