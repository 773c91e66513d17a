/**
 * The contact form's Astro Action over real HTTP, as a browser without JavaScript posts it:
 * validation with localized per-field errors that keep the input, the honeypot, storage,
 * post/redirect/get, the per-client rate limit (429) and the origin check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { tPlural } from '../../src/lib/plural.ts';
import { decodeEntities } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const valid = { name: 'Ada Lovelace', email: 'ada@example.org', subject: 'Accessibilité', message: 'Bonjour, une question sur l’accès.', consent: 'true' };

beforeAll(async () => {
  server = await startTestServer({ CONTACT_RATE_LIMIT: '2', HUB_DEMO: '0' });
});
afterAll(() => server?.stop());

const post = (locale: string, fields: Record<string, string>, headers: Record<string, string> = { origin: server.origin }) =>
  server.get(`/${locale}/hub/contact?_action=contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
const messages = () =>
  server.query<{ locale: string; name: string; email: string; client_hash: string }>('SELECT locale, name, email, client_hash FROM contact_messages');

describe('contact form', () => {
  it('renders the form with labels, limits and the privacy policy link', async () => {
    const page = await server.html('/fr/hub/contact');
    expect(page.body).toMatch(/<form class="contact-form" method="post" action="\?_action=contact" novalidate/);
    for (const field of ['name', 'email', 'subject', 'message']) expect(page.body).toContain(`<label for="contact-${field}">`);
    expect(page.body).toContain('maxlength="5000"');
    expect(page.body).toMatch(/<label for="contact-consent">[^]*href="\/fr\/hub\/privacy-policy"/);
    expect(page.body).toMatch(/class="honeypot" aria-hidden="true"/);
  });

  it('reports each invalid field in the page language and keeps what was typed', async () => {
    const response = await post('fr', { name: '', email: 'ada-at-example', subject: 'Sujet', message: 'court', website: '' });
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = decodeEntities(await response.text());
    const t = getTranslator('fr');
    expect(body).toContain(`<p id="contact-name-error" class="field-error">${t('hub.contact.error.REQUIRED')}</p>`);
    expect(body).toContain(`<p id="contact-email-error" class="field-error">${t('hub.contact.error.INVALID_EMAIL')}</p>`);
    expect(body).toContain(`<p id="contact-message-error" class="field-error">${t('hub.contact.error.TOO_SHORT', { min: 10 })}</p>`);
    expect(body).toContain(`<p id="contact-consent-error" class="field-error">${t('hub.contact.error.CONSENT_REQUIRED')}</p>`);
    expect(body).not.toContain('id="contact-subject-error"');
    expect(body).toContain(tPlural(t, 'hub.contact.errorSummary', 4));
    expect(body).toMatch(/id="contact-email"[^>]*value="ada-at-example"/);
    expect(body).toMatch(/id="contact-subject"[^>]*value="Sujet"/);
    expect(body).toMatch(/<textarea id="contact-message"[^>]*aria-invalid="true"[^>]*>court<\/textarea>/);
    expect(await messages()).toEqual([]);

    const german = decodeEntities(await (await post('de', { ...valid, email: '' })).text());
    expect(german).toContain(getTranslator('de')('hub.contact.error.REQUIRED'));
    expect(german).toContain('<html lang="de"');
  });

  it('refuses a line break in the name or the subject, which are single lines', async () => {
    const response = await post('en', { ...valid, name: 'Ada\r\nLovelace', subject: 'Hello\nBcc: everyone@example.org' });
    expect(response.status).toBe(400);
    const body = decodeEntities(await response.text());
    const message = getTranslator('en')('hub.contact.error.MULTI_LINE');
    expect(body).toContain(`<p id="contact-name-error" class="field-error">${message}</p>`);
    expect(body).toContain(`<p id="contact-subject-error" class="field-error">${message}</p>`);
    expect(await messages()).toEqual([]);
  });

  it('refuses a cross-site post', async () => {
    expect((await post('fr', valid, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await messages()).toEqual([]);
  });

  it('pretends to accept a bot filling the honeypot, and stores nothing', async () => {
    const response = await post('fr', { ...valid, website: 'https://spam.example' });
    expect(response.status).toBe(303);
    expect(await messages()).toEqual([]);
  });

  it('stores a valid message, then redirects to a localized confirmation', async () => {
    const response = await post('fr', valid);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/fr/hub/contact?sent=1');
    const rows = await messages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ locale: 'fr', name: valid.name, email: valid.email });
    expect(rows[0]!.client_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0]!.client_hash).not.toContain('127.0.0.1');
    const confirmation = await server.html('/fr/hub/contact?sent=1');
    expect(decodeEntities(confirmation.body)).toContain(getTranslator('fr')('hub.contact.sentTitle'));
  });

  it('limits messages per client and says so in the page language (429)', async () => {
    expect((await post('fr', { ...valid, subject: 'Deuxième' })).status).toBe(303);
    const limited = await post('fr', { ...valid, subject: 'Troisième' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('600');
    const body = decodeEntities(await limited.text());
    expect(body).toContain(getTranslator('fr')('hub.contact.rateLimited'));
    expect(body).toMatch(/id="contact-subject"[^>]*value="Troisième"/);
    expect(await messages()).toHaveLength(2);
  });
});
