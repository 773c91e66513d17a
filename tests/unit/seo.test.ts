import { describe, expect, it } from 'vitest';
import { contactSchema } from '../../src/server/contact/schema.ts';
import { buildAlternates } from '../../src/server/seo/alternates.ts';
import { serializeJsonLd } from '../../src/server/seo/json-ld.ts';
import { postalAddressOf } from '../../src/server/seo/postal-address.ts';

describe('buildAlternates', () => {
  const pathFor = (locale: string) => `/${locale}/hub/event/x`;

  it('lists translated locales and x-default on the default locale', () => {
    expect(buildAlternates('https://hub.example', pathFor, ['fr', 'en', 'de'])).toEqual([
      { hreflang: 'en', href: 'https://hub.example/en/hub/event/x' },
      { hreflang: 'fr', href: 'https://hub.example/fr/hub/event/x' },
      { hreflang: 'de', href: 'https://hub.example/de/hub/event/x' },
      { hreflang: 'x-default', href: 'https://hub.example/en/hub/event/x' },
    ]);
  });

  it('leaves out locales without a translation', () => {
    expect(buildAlternates('https://hub.example', pathFor, ['en', 'fr']).map((a) => a.hreflang)).toEqual(['en', 'fr', 'x-default']);
    expect(buildAlternates('https://hub.example', pathFor, ['de']).at(-1)).toEqual({ hreflang: 'x-default', href: 'https://hub.example/de/hub/event/x' });
    expect(buildAlternates('https://hub.example', pathFor, [])).toEqual([]);
  });
});

describe('serializeJsonLd', () => {
  it('cannot close its script element and still parses to the same data', () => {
    const data = { name: '</script><script>alert(1)</script> & \u2028' };
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe('contact schema', () => {
  const valid = { name: 'Ada', email: 'ada@example.org', subject: 'Hello', message: 'A message long enough.', consent: true };

  it('accepts a complete message and trims it', () => {
    expect(contactSchema.parse({ ...valid, name: '  Ada  ' })).toMatchObject({ name: 'Ada' });
  });

  it('reports stable codes per field', () => {
    const result = contactSchema.safeParse({ name: ' ', email: 'nope', subject: 'x'.repeat(151), message: 'short', consent: false });
    expect(result.success).toBe(false);
    const codes = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(codes).toEqual({ name: 'REQUIRED', email: 'INVALID_EMAIL', subject: 'TOO_LONG', message: 'TOO_SHORT', consent: 'CONSENT_REQUIRED' });
  });
});

describe('postalAddressOf', () => {
  it.each([
    ['1 rue de la Paix, Paris', { streetAddress: '1 rue de la Paix', addressLocality: 'Paris' }],
    [
      'Salle Pleyel\n252 rue du Faubourg Saint-Honoré\n75008 Paris',
      { streetAddress: 'Salle Pleyel, 252 rue du Faubourg Saint-Honoré', postalCode: '75008', addressLocality: 'Paris' },
    ],
    [
      'Gartenstraße 5\nD-10115 Berlin\nDeutschland',
      { streetAddress: 'Gartenstraße 5', postalCode: '10115', addressLocality: 'Berlin', addressCountry: 'Deutschland' },
    ],
    ['Keizersgracht 1, 1015 CJ Amsterdam', { streetAddress: 'Keizersgracht 1', postalCode: '1015 CJ', addressLocality: 'Amsterdam' }],
    [
      '175 rue Sainte-Catherine O, Montréal QC H2X 1Y4, Canada',
      { streetAddress: '175 rue Sainte-Catherine O', postalCode: 'H2X 1Y4', addressLocality: 'Montréal QC', addressCountry: 'Canada' },
    ],
    ['1-19-1 Jinnan, Shibuya, Tokyo 150-0041', { streetAddress: '1-19-1 Jinnan, Shibuya', postalCode: '150-0041', addressLocality: 'Tokyo' }],
    [
      'Royal Festival Hall\nBelvedere Road\nLondon SE1 8XX',
      { streetAddress: 'Royal Festival Hall, Belvedere Road', postalCode: 'SE1 8XX', addressLocality: 'London' },
    ],
    ['The old harbour', { streetAddress: 'The old harbour' }],
  ])('reads %j', (text, parts) => {
    expect(postalAddressOf(text)).toEqual({ '@type': 'PostalAddress', ...parts });
  });
});
