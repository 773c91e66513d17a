import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { describeTickets, formatPrice, hasCents, isKnownCurrency, schemaOrgAvailability } from '../../src/lib/tickets.ts';

const paid = (priceMin: number, priceMax: number | null, currency: string) => ({ admission: 'paid' as const, priceMin, priceMax, currency });
const plain = (text: string | null) => text?.replace(/[\u00A0\u202F]/g, ' ');

describe('prices as visitors read them', () => {
  it('formats one price and a range in each locale, with cents only when there are some', () => {
    expect(formatPrice('en', paid(12, null, 'EUR'))).toBe('€12');
    expect(plain(formatPrice('fr', paid(12, null, 'EUR')))).toBe('12 €');
    expect(plain(formatPrice('de', paid(12.5, null, 'EUR')))).toBe('12,50 €');
    expect(plain(formatPrice('en', paid(12, 20, 'EUR')))).toMatch(/^€12 ?– ?€?20$/);
    expect(plain(formatPrice('fr', paid(12, 20, 'CHF')))).toMatch(/^12 ?– ?20 CHF$/);
    expect(formatPrice('en', paid(3000, null, 'JPY'))).toBe('¥3,000');
    expect(plain(formatPrice('en', paid(8.5, 12, 'GBP')))).toMatch(/^£8\.50 ?– ?£?12\.00$/);
  });

  it('says nothing for a free or unstated admission, or a paid one missing its price or currency', () => {
    expect(formatPrice('en', { admission: 'free', priceMin: null, priceMax: null, currency: null })).toBeNull();
    expect(formatPrice('en', { admission: null, priceMin: 5, priceMax: null, currency: 'EUR' })).toBeNull();
    expect(formatPrice('en', { admission: 'paid', priceMin: null, priceMax: null, currency: 'EUR' })).toBeNull();
    expect(formatPrice('en', { admission: 'paid', priceMin: 5, priceMax: null, currency: null })).toBeNull();
  });

  it('joins price and places into one line for calendars', () => {
    expect(describeTickets('en', getTranslator('en'), { ...paid(10, null, 'EUR'), availability: 'sold-out' })).toBe('€10 · Sold out');
    expect(describeTickets('de', getTranslator('de'), { admission: 'free', availability: 'limited' })).toBe('Eintritt frei · Wenige Plätze frei');
    expect(describeTickets('de', getTranslator('de'), { admission: 'free', availability: 'limited' }, false)).toBe('Eintritt frei');
    expect(describeTickets('en', getTranslator('en'), {})).toBeNull();
  });
});

describe('ticket rules', () => {
  it('knows currencies by their ISO code only', () => {
    expect(['EUR', 'CHF', 'JPY', 'CAD'].every(isKnownCurrency)).toBe(true);
    expect(['eur', 'EURO', '€', 'XYZ', ''].some(isKnownCurrency)).toBe(false);
  });

  it('allows at most two decimals', () => {
    expect([0, 12, 12.5, 12.05, 99999.99].every(hasCents)).toBe(true);
    expect([12.005, 0.001, 1 / 3].some(hasCents)).toBe(false);
  });

  it('names the schema.org availability', () => {
    expect(schemaOrgAvailability('limited')).toBe('https://schema.org/LimitedAvailability');
    expect(schemaOrgAvailability('sold-out')).toBe('https://schema.org/SoldOut');
    expect(schemaOrgAvailability('available')).toBe('https://schema.org/InStock');
  });
});
