/**
 * Event status, scheduled unpublication and the delete rule, against the built server: a
 * cancelled or postponed event stays public and says so on its page, in listings, in JSON-LD, in
 * calendars and in the feed, with no registration link; an item with `unpublishAt` leaves the
 * hub (and its caches) at that instant with no further write; an editor cannot delete a
 * published item by unpublishing it first (decision 029).
 */
import { describe, expect, it, vi } from 'vitest';
import { useAdminServer } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createEdition, createEvent, createTag } from '../helpers/factories.ts';
import { findAll, jsonLdOf, parseIcs, parseXml, textOf } from '../helpers/formats.ts';
import { anHourAhead, expectKeptNoLaterThan } from '../helpers/near-instant.ts';

const running = useAdminServer({ HUB_DEMO: '0' });
const hub = (path: string) => fetch(`${running.app.server.origin}${path}`, { redirect: 'manual' });
const page = async (path: string) => {
  const response = await hub(path);
  return { status: response.status, body: await response.text(), state: cacheState(response), cacheControl: response.headers.get('cache-control') ?? '' };
};

describe('event status', () => {
  it('keeps cancelled and postponed events public and marked everywhere, without registration', async () => {
    const { admin } = running.app;
    const tag = await createTag(admin);
    const edition = await createEdition(admin, { status: 'published' });
    const common = { status: 'published', editionId: edition.id, tagIds: [tag.id], registrationUrl: 'https://tickets.example/x' };
    const cancelled = await createEvent(admin, {
      ...common,
      eventStatus: 'cancelled',
      translations: { en: { title: 'Harbour concert' }, fr: { title: 'Concert du port' } },
    });
    await createEvent(admin, {
      ...common,
      eventStatus: 'postponed',
      translations: { en: { title: 'Dune walk' } },
      startsAt: '2031-03-06T18:30:00+01:00',
      endsAt: '2031-03-06T21:00:00+01:00',
    });
    const scheduled = await createEvent(admin, { ...common, startsAt: '2031-03-07T18:30:00+01:00', endsAt: '2031-03-07T21:00:00+01:00' });
    expect(cancelled.eventStatus).toBe('cancelled');
    expect(scheduled.eventStatus).toBe('scheduled');

    // The event page: a notice in words, no registration link, schema.org status.
    const en = await page(`/en/hub/event/${cancelled.slug}`);
    expect(en.status).toBe(200);
    expect(en.body).toContain('This event will not take place.');
    expect(en.body).toContain('data-event-status="cancelled"');
    expect(en.body).not.toContain('https://tickets.example/x');
    const [ld] = jsonLdOf(en.body);
    expect(ld).toMatchObject({ '@type': 'Event', eventStatus: 'https://schema.org/EventCancelled' });
    expect(ld).not.toHaveProperty('offers');
    const fr = await page(`/fr/hub/event/${cancelled.slug}`);
    expect(fr.body).toContain('Cet événement n’aura pas lieu.');
    expect(fr.body).toMatch(/data-event-status="cancelled">Annulé</);
    const open = await page(`/en/hub/event/${scheduled.slug}`);
    expect(open.body).toContain('https://tickets.example/x');
    // Its own page has no notice (the "more in this edition" cards below do mark the other two).
    expect(open.body).not.toContain('event-status-notice');
    expect(jsonLdOf(open.body)[0]).toMatchObject({ eventStatus: 'https://schema.org/EventScheduled', offers: { url: 'https://tickets.example/x' } });

    // Listings: the hub's cards and the edition's programme mark both, and not the scheduled one.
    for (const path of [`/en/hub?tag=${tag.slug}&when=all`, `/en/hub/edition/${edition.slug}`]) {
      const listing = await page(path);
      expect(listing.status, path).toBe(200);
      expect(listing.body, path).toMatch(/data-event-status="cancelled">Cancelled</);
      expect(listing.body, path).toMatch(/data-event-status="postponed">Postponed</);
      expect(listing.body.match(/data-event-status=/g), path).toHaveLength(2);
    }
    const editionLd = jsonLdOf((await page(`/en/hub/edition/${edition.slug}`)).body)[0] as { subEvent: { name: string; eventStatus: string }[] };
    expect(editionLd.subEvent.map((event) => event.eventStatus).sort()).toEqual([
      'https://schema.org/EventCancelled',
      'https://schema.org/EventPostponed',
      'https://schema.org/EventScheduled',
    ]);

    // Calendars: STATUS and the title, per event and for a filtered view.
    const one = parseIcs(await (await hub(`/fr/hub/event/${cancelled.slug}/calendar.ics`)).text()).events;
    expect(one[0]).toMatchObject({ STATUS: 'CANCELLED', SUMMARY: 'Annulé\u202F: Concert du port' });
    const view = parseIcs(await (await hub(`/en/hub/calendar.ics?tag=${tag.slug}&when=all`)).text()).events;
    expect(view.map((event) => event.STATUS)).toEqual(['CANCELLED', 'TENTATIVE', 'CONFIRMED']);

    // The feed names the status in the item's title.
    const feed = parseXml(await (await hub(`/en/hub/feed.xml?tag=${tag.slug}&when=all`)).text());
    const titles = findAll(feed, 'item').map((item) => textOf(item.elements!.find((element) => element.name === 'title')));
    expect(titles).toEqual(expect.arrayContaining(['Cancelled: Harbour concert', 'Postponed: Dune walk']));
  });

  it('says a past event has ended whatever its status', async () => {
    const past = await createEvent(running.app.admin, {
      status: 'published',
      eventStatus: 'postponed',
      startsAt: '2020-03-05T18:30:00+01:00',
      endsAt: '2020-03-05T21:00:00+01:00',
      registrationUrl: 'https://tickets.example/past',
    });
    const body = (await page(`/en/hub/event/${past.slug}`)).body;
    expect(body).toContain('This event has ended.');
    expect(body).toContain('data-event-status="postponed"');
    expect(body).not.toContain('https://tickets.example/past');
  });

  it('validates the status and filters and sorts the admin list by it', async () => {
    const { editor } = running.app;
    const wrong = await editor.call('POST', '/api/admin/events', {
      startsAt: '2031-03-05T18:30:00+01:00',
      endsAt: '2031-03-05T21:00:00+01:00',
      timeZone: 'Europe/Paris',
      eventStatus: 'moved',
      translations: { en: { title: 'Nowhere' } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('content-type')).toContain('application/problem+json');
    expect(wrong.body.errors).toEqual({ eventStatus: ['INVALID_VALUE'] });

    const draft = await createEvent(editor);
    const changed = await editor.call('PATCH', `/api/admin/events/${draft.id}`, { version: draft.version, eventStatus: 'rescheduled' });
    expect(changed.status).toBe(200);
    expect(changed.body.eventStatus).toBe('rescheduled');
    const list = await editor.call('GET', '/api/admin/events?eventStatus=rescheduled&sort=eventStatus&limit=100');
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { id: number }) => item.id)).toEqual([draft.id]);
    expect((await editor.call('GET', '/api/admin/events?eventStatus=moved')).status).toBe(400);
  });
});

describe('scheduled unpublication', () => {
  it('refuses an unpublication at or before the publication', async () => {
    const result = await running.app.editor.call('POST', '/api/admin/editions', {
      startsAt: '2031-03-01T00:00:00Z',
      endsAt: '2031-03-31T00:00:00Z',
      publishAt: '2031-01-10T09:00:00Z',
      unpublishAt: '2031-01-10T09:00:00Z',
      translations: { en: { title: 'Backwards' } },
    });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual({ unpublishAt: ['UNPUBLISH_BEFORE_PUBLISH'] });
  });

  it('takes an event and an edition off the hub at unpublishAt with no further write, leaving no cached copy', async () => {
    const { admin } = running.app;
    // An hour ahead while the pages are checked and cached...
    const later = anHourAhead().toISOString();
    const edition = await createEdition(admin, { status: 'published', unpublishAt: later });
    const event = await createEvent(admin, { status: 'published', unpublishAt: later });
    const paths = [`/en/hub/event/${event.slug}`, `/de/hub/edition/${edition.slug}`];
    for (const path of paths) {
      expect((await page(path)).status, path).toBe(200);
      expect((await page(path)).state, path).toBe('HIT');
    }
    // ...then a moment ahead; from here the test only waits.
    const unpublishAt = new Date(Date.now() + 1_000);
    for (const [collection, item] of [
      ['editions', edition],
      ['events', event],
    ] as const) {
      const moved = await admin.call('PATCH', `/api/admin/${collection}/${item.id}`, { version: item.version, unpublishAt: unpublishAt.toISOString() });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    // No copy, here or at a CDN, may outlive the unpublication: a page rendered before it expires
    // by then (one rendered after it, on a slow machine, is already gone).
    for (const path of paths) {
      const requestedAt = Date.now();
      const rendered = await page(path);
      if (rendered.status === 200) expectKeptNoLaterThan(rendered.cacheControl, unpublishAt, requestedAt);
      else expect(rendered.status, path).toBe(404);
    }
    for (const path of paths) {
      await vi.waitFor(
        async () => {
          expect((await page(path)).status).toBe(404);
        },
        { timeout: 30_000, interval: 100 },
      );
    }
    expect(Date.now()).toBeGreaterThanOrEqual(unpublishAt.getTime());
    // Still published in the admin, only hidden: clearing unpublishAt brings it back.
    const current = await admin.call('GET', `/api/admin/events/${event.id}`);
    expect(current.body.status).toBe('published');
    expect((await admin.call('PATCH', `/api/admin/events/${event.id}`, { version: current.body.version, unpublishAt: null })).status).toBe(200);
    expect((await page(`/en/hub/event/${event.slug}`)).status).toBe(200);
  });
});

describe('deleting what was published', () => {
  it('needs content.deletePublished even after unpublishing or archiving first', async () => {
    const { editor, admin } = running.app;
    const published = await createEvent(editor, { status: 'published' });
    expect((await editor.call('DELETE', `/api/admin/events/${published.id}`)).status).toBe(403);
    const unpublished = await editor.call('PATCH', `/api/admin/events/${published.id}`, { version: published.version, status: 'draft' });
    expect(unpublished.status).toBe(200);
    const refused = await editor.call('DELETE', `/api/admin/events/${published.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.permission).toBe('content.deletePublished');
    expect((await editor.call('GET', `/api/admin/events/${published.id}`)).status).toBe(200);

    const edition = await createEdition(editor, { status: 'published' });
    const archived = await editor.call('PATCH', `/api/admin/editions/${edition.id}`, { version: edition.version, status: 'archived' });
    expect(archived.status).toBe(200);
    expect((await editor.call('DELETE', `/api/admin/editions/${edition.id}`)).status).toBe(403);

    // A draft never published is the editor's to delete; the admin may delete the others.
    const draft = await createEvent(editor);
    expect((await editor.call('DELETE', `/api/admin/events/${draft.id}`)).status).toBe(204);
    expect((await admin.call('DELETE', `/api/admin/events/${published.id}`)).status).toBe(204);
    expect((await admin.call('DELETE', `/api/admin/editions/${edition.id}`)).status).toBe(204);
  });
});
