/**
 * Cancellations against the built server (docs/decisions/055): an editor records why an event is
 * cancelled, postponed or rescheduled, per locale, and when a moved event was to start; the page
 * says it at the top in en/fr/de, JSON-LD carries `previousStartDate`, calendars put the reason
 * on the description's first line, the feed and the public API carry it. Bad input is refused
 * field by field and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEvent, createTag } from '../helpers/factories.ts';
import { findAll, jsonLdOf, parseIcs, parseXml, textOf } from '../helpers/formats.ts';

const running = useAdminServer({ HUB_DEMO: '0' });
const hub = (path: string) => fetch(`${running.app.server.origin}${path}`, { redirect: 'manual' });
const html = async (path: string) => {
  const response = await hub(path);
  expect(response.status, path).toBe(200);
  return response.text();
};
/** The text of the page's status notice, tags stripped. */
const noticeOf = (body: string) => {
  const match = /<p[^>]*data-testid="event-status-notice"[^>]*>([\s\S]*?)<\/p>/.exec(body);
  return match
    ? match[1]!
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim()
    : undefined;
};

const reasons = {
  en: 'The main stage is under repair after the storm.',
  fr: 'La grande scène est en réparation après la tempête.',
  de: 'Die Hauptbühne wird nach dem Sturm repariert.',
};

describe('event cancellations', () => {
  it('shows a rescheduled event’s reason and previous date on its page, in JSON-LD, calendars, the feed and the API', async () => {
    const { editor } = running.app;
    const tag = await createTag(editor);
    const event = await createEvent(editor, {
      status: 'published',
      tagIds: [tag.id],
      translations: { en: { title: 'Harbour concert' }, fr: { title: 'Concert du port' }, de: { title: 'Hafenkonzert' } },
    });
    const moved = await editor.call('PATCH', `/api/admin/events/${event.id}`, {
      version: event.version,
      eventStatus: 'rescheduled',
      previousStartsAt: '2031-03-05T18:30:00+01:00',
      startsAt: '2031-03-12T20:00:00+01:00',
      endsAt: '2031-03-12T22:00:00+01:00',
      translations: { en: { statusNote: reasons.en }, fr: { statusNote: reasons.fr }, de: { statusNote: reasons.de } },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.previousStartsAt).toBe('2031-03-05T17:30:00.000Z');

    // The page says it before anything else, in each language, in the event's zone.
    const pages = {
      en: /^Rescheduled from .*5.*2031.*18:30 to .*12.*2031.*20:00\. The main stage is under repair after the storm\.$/,
      fr: /^Reprogrammé initialement le .*5.*2031.*18:30, désormais le .*12.*2031.*20:00\. La grande scène est en réparation après la tempête\.$/,
      de: /^Neu angesetzt statt .*5.*2031.*18:30 nun .*12.*2031.*20:00\. Die Hauptbühne wird nach dem Sturm repariert\.$/,
    };
    for (const [locale, expected] of Object.entries(pages)) {
      const body = await html(`/${locale}/hub/event/${event.slug}`);
      expect(noticeOf(body), locale).toMatch(expected);
      expect(body.indexOf('data-testid="event-status-notice"'), locale).toBeLessThan(body.indexOf('class="facts event-facts"'));
    }

    const [ld] = jsonLdOf(await html(`/en/hub/event/${event.slug}`));
    expect(ld).toMatchObject({
      eventStatus: 'https://schema.org/EventRescheduled',
      startDate: '2031-03-12T20:00:00+01:00',
      previousStartDate: '2031-03-05T18:30:00+01:00',
    });

    // The calendar: the new date, and the change with its reason as the description's first line.
    const [vevent] = parseIcs(await (await hub(`/de/hub/event/${event.slug}/calendar.ics`)).text()).events;
    expect(vevent?.STATUS).toBe('CONFIRMED');
    expect(vevent?.DESCRIPTION?.split('\n')[0]).toMatch(/^Neu angesetzt: statt .* nun .*\. Die Hauptbühne wird nach dem Sturm repariert\.$/);

    const feed = parseXml(await (await hub(`/fr/hub/feed.xml?tag=${tag.slug}&when=all`)).text());
    const [item] = findAll(feed, 'item');
    const description = textOf(item?.elements?.find((element) => element.name === 'description'));
    expect(description).toMatch(/^Reprogrammé\s: initialement le .*, désormais le .*\. La grande scène est en réparation après la tempête\. — /);

    const api = await (await hub(`/api/public/v1/events/${event.slug}?locale=fr`)).json();
    expect(api).toMatchObject({ eventStatus: 'rescheduled', statusNote: { value: reasons.fr, locale: 'fr' }, previousStartsAt: '2031-03-05T17:30:00.000Z' });
    const listed = await (await hub(`/api/public/v1/events?tag=${tag.slug}&when=all&locale=de`)).json();
    expect(listed.data[0]).toMatchObject({ statusNote: { value: reasons.de, locale: 'de' }, previousStartsAt: '2031-03-05T17:30:00.000Z' });
  });

  it('says a cancelled event’s reason, in the calendar with STATUS:CANCELLED, and falls back to English where a language has none', async () => {
    const { editor } = running.app;
    const event = await createEvent(editor, {
      status: 'published',
      eventStatus: 'cancelled',
      translations: { en: { title: 'Dune walk', statusNote: 'Storm warning for the coast.' }, fr: { title: 'Balade dans les dunes' } },
    });
    expect(noticeOf(await html(`/en/hub/event/${event.slug}`))).toBe('Cancelled Storm warning for the coast.');
    const fr = await html(`/fr/hub/event/${event.slug}`);
    expect(noticeOf(fr)).toBe('Annulé Storm warning for the coast.');
    expect(fr).toContain('<span class="status-reason" lang="en"');
    const [vevent] = parseIcs(await (await hub(`/en/hub/event/${event.slug}/calendar.ics`)).text()).events;
    expect(vevent?.STATUS).toBe('CANCELLED');
    expect(vevent?.DESCRIPTION?.split('\n')[0]).toBe('Cancelled: Storm warning for the coast.');
    expect(jsonLdOf(fr)[0]).not.toHaveProperty('previousStartDate');
    // The embed other sites frame says the same first.
    const embed = await html(`/en/embed/event/${event.slug}`);
    expect(embed.indexOf('Storm warning for the coast.')).toBeGreaterThan(-1);
    expect(embed.indexOf('Storm warning for the coast.')).toBeLessThan(embed.indexOf('<h1'));
  });

  it('says a postponed event has no new date yet, and hides the reason once it is scheduled again', async () => {
    const { editor } = running.app;
    const event = await createEvent(editor, {
      status: 'published',
      eventStatus: 'postponed',
      translations: { en: { title: 'Lantern parade', statusNote: 'Permits are late.' } },
    });
    const body = await html(`/en/hub/event/${event.slug}`);
    expect(noticeOf(body)).toBe('Postponed — new date to be announced. Permits are late.');
    // schema.org: a postponed event's previous start is the date it still holds.
    expect(jsonLdOf(body)[0]).toMatchObject({ previousStartDate: '2031-03-05T18:30:00+01:00' });

    const back = await editor.call('PATCH', `/api/admin/events/${event.id}`, { version: event.version, eventStatus: 'scheduled' });
    expect(back.status).toBe(200);
    const after = await html(`/en/hub/event/${event.slug}`);
    expect(noticeOf(after)).toBeUndefined();
    expect(after).not.toContain('Permits are late.');
    const api = await (await hub(`/api/public/v1/events/${event.slug}`)).json();
    expect(api).toMatchObject({ eventStatus: 'scheduled', statusNote: null, previousStartsAt: null });
  });

  it('refuses a previous date without a change of date, a malformed date and an overlong reason, writing nothing', async () => {
    const { editor } = running.app;
    const event = await createEvent(editor, { translations: { en: { title: 'Quay talk' } } });
    const attempts = [
      { body: { previousStartsAt: '2031-03-01T18:00:00+01:00' }, status: 422, errors: { previousStartsAt: ['PREVIOUS_START_WITHOUT_CHANGE'] } },
      {
        body: { eventStatus: 'cancelled', previousStartsAt: '2031-03-01T18:00:00+01:00' },
        status: 422,
        errors: { previousStartsAt: ['PREVIOUS_START_WITHOUT_CHANGE'] },
      },
      { body: { eventStatus: 'rescheduled', previousStartsAt: 'next Tuesday' }, status: 400, errors: { previousStartsAt: ['INVALID_DATETIME'] } },
      {
        body: { eventStatus: 'cancelled', translations: { en: { statusNote: 'x'.repeat(301) } } },
        status: 400,
        errors: { 'translations.en.statusNote': ['TOO_LONG'] },
      },
    ];
    for (const attempt of attempts) {
      const refused = await editor.call('PATCH', `/api/admin/events/${event.id}`, { version: event.version, ...attempt.body });
      expect(refused.status, JSON.stringify(attempt.body)).toBe(attempt.status);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(refused.body.errors).toEqual(attempt.errors);
    }
    const stored = await editor.call('GET', `/api/admin/events/${event.id}`);
    expect(stored.body).toMatchObject({ version: event.version, eventStatus: 'scheduled', previousStartsAt: null });
    expect(stored.body.translations.en.statusNote ?? null).toBeNull();
  });

  it('starts a copy as scheduled, without the previous date or the reason', async () => {
    const { editor } = running.app;
    const event = await createEvent(editor, {
      eventStatus: 'postponed',
      previousStartsAt: '2031-03-01T18:00:00+01:00',
      translations: { en: { title: 'Net mending', statusNote: 'The boat is away.' } },
    });
    const copy = await editor.call('POST', `/api/admin/events/${event.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ eventStatus: 'scheduled', previousStartsAt: null });
    expect(copy.body.translations.en.statusNote ?? null).toBeNull();
  });
});
