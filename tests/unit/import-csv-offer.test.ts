import { describe, expect, it } from 'vitest';
import { applyOfferCells, readPriceCell } from '../../src/server/import/csv-offer.ts';
import { emptyRow } from '../../src/server/import/rows.ts';

describe("a spreadsheet's price and places", () => {
  it('reads amounts, ranges and currencies the way people type them, in en, fr and de', () => {
    expect(readPriceCell('12')).toEqual({ admission: 'paid', priceMin: 12, priceMax: null });
    expect(readPriceCell('12,50 €')).toEqual({ admission: 'paid', priceMin: 12.5, priceMax: null, currency: 'EUR' });
    expect(readPriceCell('8–15 EUR')).toEqual({ admission: 'paid', priceMin: 8, priceMax: 15, currency: 'EUR' });
    expect(readPriceCell('€10 - 20')).toEqual({ admission: 'paid', priceMin: 10, priceMax: 20, currency: 'EUR' });
    expect(readPriceCell('8 bis 15')).toEqual({ admission: 'paid', priceMin: 8, priceMax: 15 });
    expect(readPriceCell('de 5 à 9 CHF')).toBeUndefined();
    expect(readPriceCell('5 à 9 CHF')).toEqual({ admission: 'paid', priceMin: 5, priceMax: 9, currency: 'CHF' });
    expect(readPriceCell('Fr. 25')).toEqual({ admission: 'paid', priceMin: 25, priceMax: null, currency: 'CHF' });
    expect(readPriceCell('1 200 ¥')).toEqual({ admission: 'paid', priceMin: 1200, priceMax: null, currency: 'JPY' });
    for (const free of ['free', 'Gratuit', 'kostenlos', 'Entrée libre', '0'])
      expect(readPriceCell(free), free).toEqual({ admission: 'free', priceMin: null, priceMax: null });
    for (const unreadable of ['ask us', '12 or 15', '1-2-3', '']) expect(readPriceCell(unreadable), unreadable).toBeUndefined();
  });

  it('puts links, price, currency and places on the row, and names what it cannot read', () => {
    const row = emptyRow(4, 'Europe/Paris');
    applyOfferCells(row, { registration: 'https://tickets.example.org/a', online: null, price: '10–20', currency: 'chf', availability: 'Dernières places' });
    expect(row.registrationUrl).toBe('https://tickets.example.org/a');
    expect(row.tickets).toEqual({ admission: 'paid', priceMin: 10, priceMax: 20, currency: 'CHF', availability: 'limited' });
    expect(row.issues).toEqual([]);
    const unread = emptyRow(5, 'Europe/Paris');
    applyOfferCells(unread, { registration: null, online: null, price: 'on request', currency: null, availability: 'maybe' });
    expect(unread.issues).toEqual([
      { field: 'price', code: 'INVALID_PRICE' },
      { field: 'availability', code: 'INVALID_AVAILABILITY' },
    ]);
    const soldOut = emptyRow(6, 'Europe/Berlin');
    applyOfferCells(soldOut, { registration: null, online: 'https://stream.example.org', price: 'kostenlos', currency: null, availability: 'Ausverkauft' });
    expect(soldOut).toMatchObject({ onlineUrl: 'https://stream.example.org', tickets: { admission: 'free', availability: 'sold-out' } });
  });
});
