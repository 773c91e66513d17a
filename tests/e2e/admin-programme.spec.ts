/**
 * The programme calendar (docs/decisions/062), at 1280 and 360 px (and 320), by keyboard alone: an
 * editor tabs to an event's "Move" button, moves it to another venue and time in the dialog, and
 * the clash this makes is listed above the grid (with links to both events) and marked on the
 * card in words. Every control that takes focus on the way is on screen and not under a sticky
 * bar, the page never scrolls sideways, and axe finds nothing. At 1280 px, dragging a card to
 * a free slot with the mouse moves it too, and the clash goes. One date of a repeating event moves
 * to another venue's stage on a French screen, and its public page names that place. The spec
 * makes its own edition, venues and events.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { calendarFormat } from '../../src/components/admin/programme/format.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { createEdition, createEvent, createVenue } from '../helpers/factories.ts';
import { expectAccessible, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';
import { pageClient } from './content-support.ts';

const t = getTranslator('en');

/** The focused element: what it is called, and whether it is visible and uncovered at its centre. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const rect = element.getBoundingClientRect();
    const x = (Math.max(rect.left, 0) + Math.min(rect.right, innerWidth)) / 2;
    const y = (Math.max(rect.top, 0) + Math.min(rect.bottom, innerHeight)) / 2;
    const top = document.elementFromPoint(x, y);
    const inView = rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth;
    const covered = !top || (top !== element && !element.contains(top) && !top.contains(element) && !top.closest('label')?.contains(element));
    return {
      name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
      problem: !inView ? 'outside the viewport' : covered ? `covered by ${top?.className}` : null,
    };
  });
}

/** Presses Tab until `name` has focus, checking each stop on the way. */
async function tabTo(page: Page, name: string, limit = 300): Promise<void> {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    const seen = await focused(page);
    if (!seen) continue;
    expect(seen.problem, `Tab ${step}: ${seen.name}`).toBeNull();
    if (seen.name === name) return;
  }
  throw new Error(`${name} never took focus`);
}

/** Presses Tab until `target` has focus (a time input takes a Tab per part: hours, minutes…). */
async function tabUntil(page: Page, target: Locator, limit = 6): Promise<void> {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  await expect(target).toBeFocused();
}

for (const width of [1280, 360]) {
  test(`an event is moved to another venue and time with the keyboard alone at ${width} px, and the clash is listed`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAsEditor(page);
    const client = await pageClient(page);
    const edition = await createEdition(client, { startsAt: '2031-03-05T00:00:00Z', endsAt: '2031-03-07T00:00:00Z', timeZone: 'Europe/Paris' });
    const [hall, garden] = await Promise.all([
      createVenue(client, { name: `Hall ${uniqueToken()}` }),
      createVenue(client, { name: `Garden ${uniqueToken()}` }),
    ]);
    const at = (time: string) => `2031-03-05T${time}:00+01:00`;
    const opening = await createEvent(client, { editionId: edition.id, venueId: hall.id, startsAt: at('18:00'), endsAt: at('20:00') });
    const talk = await createEvent(client, { editionId: edition.id, venueId: garden.id, startsAt: at('21:00'), endsAt: at('22:00') });
    const talkTitle = (talk['translations'] as Record<string, { title: string }>)['en']!.title;
    const openingTitle = (opening['translations'] as Record<string, { title: string }>)['en']!.title;

    await page.goto(`/en/admin/programme?edition=${edition.id}`);
    await waitForIslands(page);
    const clashes = page.getByTestId('programme-clashes');
    await expect(clashes).toContainText(t('admin.programme.clashes.none'));
    await expectAccessible(page, `programme at ${width} px`);

    // Tab to the talk's "Move" button, open the dialog, give it the hall at 19:00, confirm.
    const moveLabel = t('admin.programme.card.moveLabel', { title: talkTitle });
    await tabTo(page, moveLabel);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t('admin.programme.move.title', { title: talkTitle }) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(t('admin.programme.move.day'))).toBeFocused();
    const start = dialog.getByLabel(t('admin.programme.move.start'));
    await tabUntil(page, start);
    await start.fill('19:00');
    const venue = dialog.getByLabel(t('admin.programme.move.venue'));
    await tabUntil(page, venue);
    await venue.selectOption({ label: String(hall['name']) });
    await expect(dialog).toContainText(t('admin.programme.move.ends', { time: '20:00' }));
    await expectAccessible(page, `move dialog at ${width} px`);
    await tabUntil(page, dialog.getByRole('button', { name: t('admin.programme.move.submit') }));
    await page.keyboard.press('Enter');

    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('programme-notice')).toContainText(talkTitle);
    // The clash is listed, with links to both events, and marked on both cards in words.
    await expect(clashes.getByRole('heading')).toHaveText(t('admin.programme.clashes.title_one', { count: 1 }));
    const item = clashes.getByRole('listitem');
    await expect(item).toContainText(t('admin.programme.clashes.venue', { subject: String(hall['name']) }));
    await expect(item.getByRole('link', { name: openingTitle })).toHaveAttribute('href', `/en/admin/events/${opening.id}`);
    await expect(item.getByRole('link', { name: talkTitle })).toHaveAttribute('href', `/en/admin/events/${talk.id}`);
    for (const id of [opening.id, talk.id]) await expect(page.locator(`#programme-event-${id}`)).toContainText(t('admin.programme.card.clash_one'));
    // The moved card sits in the hall at 19:00, and its "Move" button has focus again, uncovered.
    await expect(page.locator(`#programme-event-${talk.id}`)).toContainText('19:00');
    await expect(page.getByRole('button', { name: moveLabel })).toBeFocused();
    expect((await focused(page))?.problem).toBeNull();
    await expectAccessible(page, `programme with a clash at ${width} px`);

    if (width === 1280) {
      // With a mouse, the opening is dragged to 20:00 in the hall, after the talk: no clash any more.
      await page.locator(`#programme-event-${opening.id}`).dragTo(page.locator(`[data-slot="venue-${hall.id}@${20 * 60}"]`));
      await expect(page.getByTestId('programme-notice')).toContainText(openingTitle);
      await expect(page.locator(`#programme-event-${opening.id}`)).toContainText('20:00–22:00');
      await expect(clashes).toContainText(t('admin.programme.clashes.none'));
    }

    // The week view shows both days' events with their venue, from the same data.
    await page.getByRole('button', { name: t('admin.programme.view.week') }).press('Enter');
    await expect(page.locator(`#programme-event-${talk.id}`)).toContainText(String(hall['name']));
    await expectAccessible(page, `programme week at ${width} px`);
    if (width === 360) {
      // The narrowest phone: still no sideways scroll of the page, still accessible.
      await page.setViewportSize({ width: 320, height: 800 });
      await expectAccessible(page, 'programme week at 320 px');
    }
  });
}

for (const width of [1280, 360]) {
  test(`one date of a repeating event and an event in a room column are moved with the keyboard alone at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAsEditor(page);
    const client = await pageClient(page);
    const edition = await createEdition(client, { startsAt: '2031-03-05T00:00:00Z', endsAt: '2031-03-07T00:00:00Z', timeZone: 'Europe/Paris' });
    const cinema = await createVenue(client, { name: `Cinema ${uniqueToken()}` });
    const at = (day: string, time: string) => `2031-03-0${day}T${time}:00+01:00`;
    // A workshop in the studio every day (the 7th called off), and a screening in the big hall.
    const workshop = await createEvent(client, {
      editionId: edition.id,
      venueId: cinema.id,
      room: 'Studio',
      startsAt: at('5', '10:00'),
      endsAt: at('5', '11:00'),
      timeZone: 'Europe/Paris',
      recurrence: { rule: 'FREQ=DAILY;COUNT=3', dates: [], exdates: [], changes: [{ on: '2031-03-07T10:00', cancelled: true }] },
    });
    const screening = await createEvent(client, {
      editionId: edition.id,
      venueId: cinema.id,
      room: 'Big hall',
      startsAt: at('5', '10:00'),
      endsAt: at('5', '11:00'),
    });
    const titleOf = (created: Record<string, unknown>) => (created['translations'] as Record<string, { title: string }>)['en']!.title;
    const [workshopTitle, screeningTitle] = [titleOf(workshop), titleOf(screening)];
    const studio = `${String(cinema['name'])} — Studio`;
    const format = calendarFormat('en', 'Europe/Paris');

    await page.goto(`/en/admin/programme?edition=${edition.id}`);
    await waitForIslands(page);
    const clashes = page.getByTestId('programme-clashes');
    // Each room is a column of its own under its venue: the two rooms at 10:00 do not clash.
    const grid = page.getByRole('region', { name: t('admin.programme.grid.day', { day: format.day('2031-03-05') }) });
    await expect(grid).toContainText(`${String(cinema['name'])} — Big hall`);
    await expect(grid).toContainText(studio);
    await expect(clashes).toContainText(t('admin.programme.clashes.none'));

    // The screening moves to the studio: now it clashes there with the workshop's first date.
    await tabTo(page, t('admin.programme.card.moveLabel', { title: screeningTitle }));
    await page.keyboard.press('Enter');
    let dialog = page.getByRole('dialog', { name: t('admin.programme.move.title', { title: screeningTitle }) });
    const place = dialog.getByLabel(t('admin.programme.move.venue'));
    await tabUntil(page, place);
    await expect(place.locator('optgroup').first()).toHaveAttribute('label', t('admin.programme.move.usedPlaces'));
    await place.selectOption({ label: studio });
    await expectAccessible(page, `move dialog with rooms at ${width} px`);
    await tabUntil(page, dialog.getByRole('button', { name: t('admin.programme.move.submit') }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(clashes.getByRole('listitem')).toContainText(t('admin.programme.clashes.venue', { subject: studio }));

    // The next day shows the workshop's second date, said to repeat; it moves alone to 11:30.
    await tabTo(page, t('admin.programme.day.next'));
    await page.keyboard.press('Enter');
    const second = page.locator(`[data-series-id="${workshop.id}"]`).filter({ hasText: '10:00' });
    await expect(second).toContainText(t('admin.programme.card.repeatsDate'));
    const moveDate = t('admin.programme.card.moveDateLabel', { title: workshopTitle, day: format.day('2031-03-06') });
    await tabTo(page, moveDate);
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: t('admin.programme.move.title', { title: workshopTitle }) });
    await expect(dialog.getByTestId('programme-move-occurrence')).toContainText(t('admin.programme.move.occurrence'));
    await expect(dialog.getByRole('link', { name: t('admin.programme.move.editSeries') })).toHaveAttribute('href', `/en/admin/events/${workshop.id}`);
    const start = dialog.getByLabel(t('admin.programme.move.start'));
    await tabUntil(page, start);
    await start.fill('11:30');
    await expectAccessible(page, `move dialog of one date at ${width} px`);
    await tabUntil(page, dialog.getByRole('button', { name: t('admin.programme.move.submit') }), 8);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const moved = page.locator(`[data-series-id="${workshop.id}"]`);
    await expect(moved).toContainText('11:30–12:30');
    await expect(moved).toContainText(t('eventStatus.value.rescheduled'));
    await expect(page.getByRole('button', { name: moveDate })).toBeFocused();

    // The called-off third date is shown struck through, saying so in words.
    await tabTo(page, t('admin.programme.day.next'));
    await page.keyboard.press('Enter');
    await expect(page.locator(`[data-series-id="${workshop.id}"][data-cancelled]`)).toContainText(t('eventStatus.value.cancelled'));
    await expectAccessible(page, `programme with a cancelled date at ${width} px`);
  });
}

test('one date of a repeating event moves to another venue’s room with the keyboard alone at 360 px, in French, and its public page says so', async ({
  page,
}) => {
  const fr = getTranslator('fr');
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAsEditor(page);
  const client = await pageClient(page);
  const token = uniqueToken();
  const edition = await createEdition(client, { startsAt: '2031-03-05T00:00:00Z', endsAt: '2031-03-07T00:00:00Z', timeZone: 'Europe/Paris' });
  const [small, big] = await Promise.all([createVenue(client, { name: `Petite salle ${token}` }), createVenue(client, { name: `Grande salle ${token}` })]);
  const at = (day: string, time: string) => `2031-03-0${day}T${time}:00+01:00`;
  // A chamber concert every evening in the small hall, and a recital on the big hall's stage (its column).
  const series = await createEvent(client, {
    editionId: edition.id,
    venueId: small.id,
    startsAt: at('5', '19:00'),
    endsAt: at('5', '20:00'),
    timeZone: 'Europe/Paris',
    recurrence: { rule: 'FREQ=DAILY;COUNT=3', dates: [], exdates: [], changes: [] },
    translations: { en: { title: `Chamber evening ${token}` }, fr: { title: `Soirée de chambre ${token}` } },
  });
  await createEvent(client, { editionId: edition.id, venueId: big.id, room: 'Scène', startsAt: at('5', '15:00'), endsAt: at('5', '16:00') });
  // An online talk makes "no venue" a column of this edition.
  await createEvent(client, { editionId: edition.id, onlineUrl: 'https://example.org/live', startsAt: at('5', '12:00'), endsAt: at('5', '13:00') });
  const title = `Soirée de chambre ${token}`;
  const stage = `Grande salle ${token} — Scène`;
  const format = calendarFormat('fr', 'Europe/Paris');

  await page.goto(`/fr/admin/programme?edition=${edition.id}`);
  await waitForIslands(page);
  await tabTo(page, fr('admin.programme.day.next'));
  await page.keyboard.press('Enter');
  const moveDate = fr('admin.programme.card.moveDateLabel', { title, day: format.day('2031-03-06') });
  await tabTo(page, moveDate);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: fr('admin.programme.move.title', { title }) });
  await expect(dialog.getByTestId('programme-move-occurrence')).toContainText(fr('admin.programme.move.occurrence'));
  const place = dialog.getByLabel(fr('admin.programme.move.venue'));
  await tabUntil(page, place, 8);
  // A date keeps a venue while its series has one: "no venue" is not offered.
  await expect(place.locator('option', { hasText: fr('admin.programme.venue.none') })).toHaveCount(0);
  await expect(place.locator('option', { hasText: stage })).toHaveCount(1);
  await place.selectOption({ label: stage });
  await expectAccessible(page, 'move dialog of one date to another place at 360 px');
  await tabUntil(page, dialog.getByRole('button', { name: fr('admin.programme.move.submit') }), 8);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // The date is now in the stage's column, at its own time, still scheduled; the series stays in the small hall.
  const grid = page.getByRole('region', { name: fr('admin.programme.grid.day', { day: format.day('2031-03-06') }) });
  await expect(grid).toContainText(stage);
  const card = page.locator(`[data-series-id="${series.id}"]`);
  await expect(card).toContainText('19:00–20:00');
  await expect(card).not.toContainText(fr('eventStatus.value.rescheduled'));
  await expect(page.getByRole('button', { name: moveDate })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

  // Published, the series' page lists the dates and says where this one is held.
  const current = await client.call('GET', `/api/admin/events/${series.id}`);
  expect((await client.call('PATCH', `/api/admin/events/${series.id}`, { version: current.body.version, status: 'published' })).status).toBe(200);
  await page.goto(`/fr/hub/event/${series.slug}`);
  const dates = page.locator('#dates li');
  await expect(dates).toHaveCount(3);
  await expect(dates.nth(1)).toContainText(fr('hub.event.dateElsewhere', { place: `Grande salle ${token}, Scène` }));
  await expect(dates.nth(0)).not.toContainText(fr('hub.event.dateElsewhere', { place: '' }).trim());
});
