/** Where an event is, as the timetable and the venue page's map link see it. */
import { describe, expect, it } from 'vitest';
import { scheduleColumnOf } from '../../src/lib/programme.ts';
import { eventGeo, openStreetMapUrl } from '../../src/server/venues/geo.ts';

describe('timetable columns', () => {
  it('split a venue by room, comparing names and rooms without case or spaces', () => {
    const hall = scheduleColumnOf({ venueName: 'Kesselhaus', room: 'Studio', onlineUrl: null });
    expect(hall).toMatchObject({ kind: 'venue', label: 'Kesselhaus · Studio' });
    expect(scheduleColumnOf({ venueName: ' kesselhaus ', room: 'STUDIO ', onlineUrl: null }).key).toBe(hall.key);
    expect(scheduleColumnOf({ venueName: 'Kesselhaus', room: 'Kesselhalle', onlineUrl: null }).key).not.toBe(hall.key);
    expect(scheduleColumnOf({ venueName: 'Kesselhaus', room: '  ', onlineUrl: null })).toMatchObject({ label: 'Kesselhaus' });
    expect(scheduleColumnOf({ venueName: null, room: 'Studio', onlineUrl: 'https://live.example' }).kind).toBe('online');
  });
});

describe('the map link', () => {
  it('marks the point on OpenStreetMap, or searches the address when there is no point', () => {
    expect(openStreetMapUrl(eventGeo({ latitude: 48.8745, longitude: 2.3106 }), 'ignored')).toBe(
      'https://www.openstreetmap.org/?mlat=48.874500&mlon=2.310600#map=17/48.874500/2.310600',
    );
    expect(openStreetMapUrl(eventGeo({ latitude: null, longitude: null }), '45 rue La Boétie\n75008 Paris')).toBe(
      'https://www.openstreetmap.org/search?query=45%20rue%20La%20Bo%C3%A9tie%2075008%20Paris',
    );
    expect(openStreetMapUrl(null, '  ')).toBeNull();
  });
});
