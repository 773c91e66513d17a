/**
 * Price and places of an event, through the built server: the admin API's rules (a paid admission
 * needs a price and a currency; a range goes up; free has no price), and where visitors and other
 * sites read them: the event page, cards, embeds, JSON-LD offers, the public API and calendars.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClient } from '../helpers/admin-client.ts';
import { createEdition, createEvent, createUser, type Created } from '../helpers/factories.ts';
import { jsonLdOf, parseIcs } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { getTranslator, type UiKey } from '../../src/i18n/index.ts';

let server: TestServer;
let admin: AdminClient;
let edition: Created;
let range: Created;
let free: Created;
let soldOut: Created;
let cancelled: Created;

const at = { startsAt: '2031-06-12T19:30:00+02:00', endsAt: '2031-06-12T22:00:00+02:00', timeZone: 'Europe/Paris' };

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0', HUB_EMBED_ORIGINS: 'https://partner.example' });
  admin = await createUser(server, 'admin');
  edition = await createEdition(admin, { status: 'published' });
  const published = { status: 'published', editionId: edition.id, ...at };
  range = await createEvent(admin, {
    ...published,
    admission: 'paid',
    priceMin: 12,
    priceMax: 20,
    currency: 'eur',
    availability: 'limited',
    registrationUrl: 'https://tickets.example/range',
    translations: { en: { title: 'Range Night' }, fr: { title: 'Soirée fourchette' }, de: { title: 'Spannenabend' } },
  });
  free = await createEvent(admin, { ...published, admission: 'free', translations: { en: { title: 'Free Morning' } } });
  soldOut = await createEvent(admin, {
    ...published,
    admission: 'paid',
    priceMin: 3000,
    currency: 'JPY',
    availability: 'sold-out',
    translations: { en: { title: 'Sold Out Concert' } },
  });
  cancelled = await createEvent(admin, {
    ...published,
    eventStatus: 'cancelled',
    admission: 'paid',
    priceMin: 8.5,
    currency: 'EUR',
    availability: 'limited',
    translations: { en: { title: 'Called Off Recital' } },
  });
});
afterAll(() => server?.stop());

describe('the admin API', () => {
  it('stores a price range with its currency upper-cased, and a free admission without price', async () => {
    expect(range).toMatchObject({ admission: 'paid', priceMin: 12, priceMax: 20, currency: 'EUR', availability: 'limited' });
    expect(free).toMatchObject({ admission: 'free', priceMin: null, priceMax: null, currency: null, availability: null });
  });

  it.each([
    ['a paid admission without price or currency', { admission: 'paid' }, { priceMin: ['PRICE_REQUIRED'], currency: ['CURRENCY_REQUIRED'] }],
    ['a highest price below the lowest', { admission: 'paid', priceMin: 20, priceMax: 12, currency: 'EUR' }, { priceMax: ['PRICE_BELOW_MINIMUM'] }],
    [
      'a price on a free admission',
      { admission: 'free', priceMin: 5, currency: 'EUR' },
      { priceMin: ['PRICE_WITHOUT_PAID_ADMISSION'], currency: ['PRICE_WITHOUT_PAID_ADMISSION'] },
    ],
    ['a price with no admission stated', { priceMin: 5 }, { priceMin: ['PRICE_WITHOUT_PAID_ADMISSION'] }],
  ])('refuses %s with field errors, writing nothing', async (_name, tickets, errors) => {
    const before = await server.query<{ n: number }>('SELECT count(*) AS n FROM events');
    const { status, body } = await admin.call('POST', '/api/admin/events', { ...at, translations: { en: { title: 'Refused' } }, ...tickets });
    expect(status).toBe(422);
    expect(body['errors']).toEqual(errors);
    expect(await server.query<{ n: number }>('SELECT count(*) AS n FROM events')).toEqual(before);
  });

  it.each([
    ['an unknown currency', { admission: 'paid', priceMin: 5, currency: 'EURO' }, 'currency', 'UNKNOWN_CURRENCY'],
    ['three decimals', { admission: 'paid', priceMin: 5.125, currency: 'EUR' }, 'priceMin', 'TOO_PRECISE'],
    ['a negative price', { admission: 'paid', priceMin: -1, currency: 'EUR' }, 'priceMin', 'OUT_OF_RANGE'],
    ['a price as text', { admission: 'paid', priceMin: '12', currency: 'EUR' }, 'priceMin', 'INVALID_TYPE'],
    ['an unknown admission', { admission: 'donation' }, 'admission', 'INVALID_VALUE'],
    ['an unknown availability', { availability: 'plenty' }, 'availability', 'INVALID_VALUE'],
  ])('refuses %s with a 400 naming the field', async (_name, tickets, field, code) => {
    const { status, body } = await admin.call('POST', '/api/admin/events', { ...at, translations: { en: { title: 'Refused' } }, ...tickets });
    expect(status).toBe(400);
    expect(body['errors'][field]).toContain(code);
  });

  it('has every refusal explained in English, French and German', () => {
    const codes = ['PRICE_REQUIRED', 'CURRENCY_REQUIRED', 'PRICE_BELOW_MINIMUM', 'PRICE_WITHOUT_PAID_ADMISSION', 'UNKNOWN_CURRENCY', 'TOO_PRECISE'];
    for (const locale of ['en', 'fr', 'de'] as const) {
      const t = getTranslator(locale);
      for (const code of codes) expect(t(`admin.error.${code}` as UiKey), `${locale} ${code}`).not.toBe(`admin.error.${code}`);
    }
  });
});

describe('what visitors see', () => {
  it('shows the price in the page’s language and the places as a status on the event page', async () => {
    const en = await server.html(`/en/hub/event/${range.slug}`);
    expect(en.body).toMatch(/<span class="tickets-price">€12\s*–\s*€?20<\/span>/);
    expect(en.body).toContain('data-availability="limited">Few places left</strong>');
    const fr = await server.html(`/fr/hub/event/${range.slug}`);
    expect(fr.body).toMatch(/<span class="tickets-price">12\s*–\s*20\s€<\/span>/u);
    expect(fr.body).toContain('>Dernières places</strong>');
    const de = await server.html(`/de/hub/event/${free.slug}`);
    expect(de.body).toContain('<span class="tickets-price">Eintritt frei</span>');
    const yen = await server.html(`/en/hub/event/${soldOut.slug}`);
    expect(yen.body).toContain('<span class="tickets-price">¥3,000</span>');
    expect(yen.body).toContain('data-availability="sold-out">Sold out</strong>');
    // A cancelled event keeps its price but has no places to offer.
    const off = await server.html(`/en/hub/event/${cancelled.slug}`);
    expect(off.body).toContain('<span class="tickets-price">€8.50</span>');
    expect(off.body).not.toContain('data-availability=');
  });

  it('marks cards and embeds, leaving "places available" unsaid in lists', async () => {
    const edition_ = await server.html(`/en/hub?edition=${edition.slug}&when=all`);
    expect(edition_.status).toBeLessThan(400);
    const hub = await server.html('/en/hub?when=all');
    expect(hub.body).toContain('>Sold out</strong>');
    expect(hub.body).toContain('<span class="tickets-price">Free</span>');
    const embed = await server.get(`/en/embed/event/${range.slug}`);
    expect(await embed.text()).toContain('>Few places left</strong>');
    const list = await (await server.get('/en/embed/events')).text();
    expect(list).toContain('>Sold out</strong>');
    expect(list).toContain('<span class="tickets-price">¥3,000</span>');
  });

  it('gives search engines an offer with price, currency and availability', async () => {
    const [event] = jsonLdOf((await server.html(`/en/hub/event/${range.slug}`)).body) as Record<string, unknown>[];
    expect(event!['offers']).toEqual({
      '@type': 'AggregateOffer',
      url: 'https://tickets.example/range',
      lowPrice: 12,
      highPrice: 20,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/LimitedAvailability',
    });
    const [gratis] = jsonLdOf((await server.html(`/en/hub/event/${free.slug}`)).body) as Record<string, unknown>[];
    expect(gratis!['isAccessibleForFree']).toBe(true);
    expect(gratis!['offers']).toEqual({ '@type': 'Offer', price: 0 });
    const [yen] = jsonLdOf((await server.html(`/en/hub/event/${soldOut.slug}`)).body) as Record<string, unknown>[];
    expect(yen!['offers']).toEqual({ '@type': 'Offer', price: 3000, priceCurrency: 'JPY', availability: 'https://schema.org/SoldOut' });
    const [off] = jsonLdOf((await server.html(`/en/hub/event/${cancelled.slug}`)).body) as Record<string, unknown>[];
    expect(off!['offers']).toBeUndefined();
  });
});

describe('what other sites read', () => {
  it('lists and shows tickets in the public API', async () => {
    const detail = await (await server.get(`/api/public/v1/events/${range.slug}`)).json();
    expect(detail.tickets).toEqual({ admission: 'paid', priceMin: 12, priceMax: 20, currency: 'EUR', availability: 'limited' });
    const list = await (await server.get(`/api/public/v1/events?edition=${edition.slug}&when=all`)).json();
    const byId = new Map(list.data.map((item: { id: number; tickets: unknown }) => [item.id, item.tickets]));
    expect(byId.get(free.id)).toEqual({ admission: 'free', priceMin: null, priceMax: null, currency: null, availability: null });
    expect(byId.get(soldOut.id)).toEqual({ admission: 'paid', priceMin: 3000, priceMax: null, currency: 'JPY', availability: 'sold-out' });
  });

  it('says the price and places in calendar descriptions', async () => {
    const { events } = parseIcs(await (await server.get(`/fr/hub/event/${range.slug}/calendar.ics`)).text());
    expect(events[0]!.DESCRIPTION).toMatch(/Entrée\u202F: 12\s*–\s*20\s€ · Dernières places/u);
  });
});
