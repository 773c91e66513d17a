/**
 * What this product's frab exports carry beyond the format (schedule-export/extras.ts), read
 * back by the importer: zone, place, every tag with its slug, curators apart from organizers,
 * links, price and places, and the event's GUID when it is a UUID; a damaged or missing block
 * leaves the standard fields' reading, and prices a save would refuse are row errors.
 */
import { describe, expect, it } from 'vitest';
import { parseFrabJson, parseFrabXml } from '../../src/server/import/frab.ts';
import { readImportRows } from '../../src/server/import/parse.ts';
import type { ImportRow, ParseResult } from '../../src/server/import/rows.ts';
import { encodeExtras, type EventExtras } from '../../src/server/schedule-export/extras.ts';

const GUID = '0b8e6d3c-4f5a-4c2e-9d1b-7a6f5e4d3c2b';

const extras: EventExtras = {
  timeZone: 'America/New_York',
  venue: 'Old Mill',
  room: 'Loft',
  tags: [
    { slug: 'music', label: 'Musique', locale: 'fr' },
    { slug: 'jazz', label: 'Jazz manouche' },
  ],
  curators: ['Clara Curator'],
  organizers: ['Band of Brass', 'Talk Society'],
  registrationUrl: 'https://tickets.example.org/brass',
  onlineUrl: null,
  admission: 'paid',
  priceMin: 12,
  priceMax: 20.5,
  currency: 'EUR',
  availability: 'limited',
};

function xml(guid: string, data: string | null): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<schedule><version>1</version><conference><title>T</title><acronym>test</acronym><time_zone_name>Europe/Paris</time_zone_name></conference>
<day index="1" date="2031-05-02" start="2031-05-02T04:00:00+02:00" end="2031-05-03T04:00:00+02:00"><room name="Ancien moulin · Grenier">
<event guid="${guid}" id="1"><date>2031-05-02T14:00:00-04:00</date><start>20:00</start><duration>02:00</duration><room>Ancien moulin · Grenier</room>
<title>Cuivres</title><language>fr</language><track>Musique</track><type>other</type><abstract/>
<persons><person guid="${GUID}">Clara Curator</person><person>Band of Brass</person></persons><links/>
${data === null ? '' : `<?edition-hub data="${data}"?>`}</event></room></day></schedule>`;
}

function onlyRow(result: ParseResult): ImportRow {
  if (!result.ok) throw new Error(`parse failed: ${result.code}`);
  expect(result.rows).toHaveLength(1);
  return result.rows[0]!;
}

describe('frab extras', () => {
  it('reads every extra from the XML instruction, and keeps a UUID guid', () => {
    const row = onlyRow(parseFrabXml(xml(GUID.toUpperCase(), encodeExtras(extras)), 'Europe/Paris', 'en'));
    expect(row).toMatchObject({
      guid: GUID,
      timeZone: 'America/New_York',
      venue: 'Old Mill',
      room: 'Loft',
      tags: ['Musique', 'Jazz manouche'],
      tagDetails: { Musique: { slug: 'music', locale: 'fr' }, 'Jazz manouche': { slug: 'jazz', locale: undefined } },
      curators: ['Clara Curator'],
      organizers: ['Band of Brass', 'Talk Society'],
      registrationUrl: 'https://tickets.example.org/brass',
      onlineUrl: null,
      tickets: { admission: 'paid', priceMin: 12, priceMax: 20.5, currency: 'EUR', availability: 'limited' },
    });
    expect(row.startsAt?.toISOString()).toBe('2031-05-02T18:00:00.000Z');
  });

  it('reads the JSON block by event GUID', () => {
    const event = { guid: GUID, id: 1, date: '2031-05-02T14:00:00-04:00', duration: '02:00', room: 'Ancien moulin', title: 'Cuivres', persons: [] };
    const document = {
      schedule: {
        conference: { time_zone_name: 'Europe/Paris', days: [{ rooms: { 'Ancien moulin': [event] } }] },
        edition_hub: { events: { [GUID]: extras } },
      },
    };
    const row = onlyRow(parseFrabJson(JSON.stringify(document), 'Europe/Paris', 'en'));
    expect(row).toMatchObject({ guid: GUID, timeZone: 'America/New_York', curators: ['Clara Curator'], tickets: { currency: 'EUR' } });
  });

  it('reads other tools’ files as before: no extras, a non-UUID guid is not kept', () => {
    const row = onlyRow(parseFrabXml(xml('talk-1', null), 'Europe/Paris', 'en'));
    expect(row).toMatchObject({ guid: null, externalId: 'talk-1', timeZone: 'Europe/Paris', venue: 'Ancien moulin', room: 'Grenier', tags: ['Musique'] });
    expect(row.organizers).toEqual(['Clara Curator', 'Band of Brass']);
    expect(row.curators).toEqual([]);
    expect(row.tickets).toBeUndefined();
    expect(row.registrationUrl).toBeUndefined();
    const damaged = onlyRow(parseFrabXml(xml(GUID, 'not-base64-json'), 'Europe/Paris', 'en'));
    expect(damaged).toMatchObject({ timeZone: 'Europe/Paris', venue: 'Ancien moulin', curators: [] });
  });

  it('makes prices a save would refuse row errors in the dry run', () => {
    const bad = encodeExtras({ ...extras, priceMin: null, priceMax: 10.005, currency: 'XYZ' });
    const [row] = readImportRows('frab-xml', xml(GUID, bad), 'Europe/Paris', 'en');
    expect(row!.issues).toEqual(
      expect.arrayContaining([
        { field: 'priceMax', code: 'TOO_PRECISE' },
        { field: 'currency', code: 'UNKNOWN_CURRENCY' },
        { field: 'priceMin', code: 'PRICE_REQUIRED' },
      ]),
    );
    const free = encodeExtras({ ...extras, admission: 'free', priceMax: null, currency: null });
    expect(readImportRows('frab-xml', xml(GUID, free), 'Europe/Paris', 'en')[0]!.issues).toEqual([{ field: 'priceMin', code: 'PRICE_WITHOUT_PAID_ADMISSION' }]);
  });
});
