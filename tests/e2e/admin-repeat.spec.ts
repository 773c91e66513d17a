/**
 * A programme team makes an event repeat, in Chromium: a rule the form cannot read is refused next
 * to its field; then weekly on Wednesdays and Fridays until a day, one date cancelled and another
 * moved, saved with the event. The public page lists every date with the cancelled one marked in
 * words, and the admin list says the event repeats and how many dates it has. The group is
 * checked with axe and for sideways scrolling at phone and desktop widths.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { createEvent } from '../helpers/factories.ts';
import { expectAccessible, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';
import { pageClient } from './content-support.ts';

const t = getTranslator('en');

async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('.admin-toasts').getByText(text, { exact: true }).first()).toBeVisible();
}

/** One date of the form's list, by the wall time the rule gives it. */
function dateRow(page: Page, key: string): Locator {
  return page.locator(`li[data-date="${key}"]`);
}

test('an editor makes an event weekly on two days until a date, cancels one date and moves another', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const title = `Lantern walk ${uniqueToken()}`;
  await signInAsEditor(page);
  // Wednesday 5 March 2031, 18:30–21:00 in Paris.
  const event = await createEvent(await pageClient(page), { status: 'published', translations: { en: { title } } });
  const id = Number(event['id']);
  const slug = String(event['slug']);

  await page.goto(`/en/admin/events/${id}`);
  await waitForIslands(page);
  const group = page.getByRole('group', { name: t('admin.group.repeats') });
  const howOften = group.getByLabel(t('admin.repeat.frequency'));
  await expect(howOften).toHaveValue('none');

  // A rule typed by hand that the product cannot read is refused next to its field.
  await howOften.selectOption('custom');
  const ruleText = group.getByLabel(t('admin.repeat.ruleText'));
  await ruleText.fill('FREQ=HOURLY');
  // A published event is edited through a draft (decision 035): its save button saves the draft.
  const saveDraft = page.getByRole('button', { name: t('workingCopy.save'), exact: true });
  await saveDraft.click();
  await expect(ruleText).toHaveAttribute('aria-invalid', 'true');
  await expect(group.getByText(t('admin.error.RECURRENCE_RULE_INVALID'))).toBeVisible();

  // Weekly on the first date's Wednesday and on Fridays, until Friday 21 March.
  await howOften.selectOption('WEEKLY');
  await expect(ruleText).toHaveCount(0);
  const days = group.getByRole('group', { name: t('admin.repeat.weekdays') });
  await expect(days.getByRole('checkbox', { name: 'Wednesday' })).toBeChecked();
  // From the keyboard: the weekdays are ordinary checkboxes.
  await days.getByRole('checkbox', { name: 'Friday' }).focus();
  await page.keyboard.press('Space');
  await expect(days.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
  const ends = group.getByRole('group', { name: t('admin.repeat.ends') });
  await ends.getByRole('radio', { name: t('admin.repeat.end.until') }).check();
  await ends.getByLabel(t('admin.repeat.untilLabel')).fill('2031-03-21');
  await expect(group.getByRole('heading', { name: t('admin.repeat.dates', { count: 6 }) })).toBeVisible();
  await expect(group.locator('li[data-date]')).toHaveCount(6);
  await expect(dateRow(page, '2031-03-05T18:30')).toContainText(t('admin.repeat.state.first'));

  // Wednesday 12 March is called off; Friday 14 March moves to Saturday 15 at 20:00.
  const cancelled = dateRow(page, '2031-03-12T18:30');
  await cancelled.getByRole('button', { name: new RegExp(`^${t('admin.repeat.cancel')}`) }).click();
  await expect(cancelled).toContainText(t('admin.repeat.state.cancelled'));
  await expect(cancelled).toHaveAttribute('data-state', 'cancelled');
  const moved = dateRow(page, '2031-03-14T18:30');
  await moved.getByRole('button', { name: new RegExp(`^${t('admin.repeat.move')}`) }).click();
  await moved.getByLabel(t('admin.repeat.newStart')).fill('2031-03-15T20:00');
  await expect(moved).toHaveAttribute('data-state', 'moved');
  await expect(moved).toContainText('Moved (was');
  await expect(moved.getByLabel(t('admin.repeat.newEnd'))).toHaveValue('2031-03-15T22:30');
  // That night is held in the garden room: said in words, and undone with one button.
  await moved.getByLabel(t('admin.repeat.newRoom')).fill('Garden');
  await expect(moved).toContainText(t('admin.repeat.state.elsewhere', { place: 'Garden' }));
  await moved.getByRole('button', { name: new RegExp(`^${t('admin.repeat.unplace')}`) }).click();
  await expect(moved).not.toContainText(t('admin.repeat.state.elsewhere', { place: 'Garden' }));
  await expect(moved.getByLabel(t('admin.repeat.newRoom'))).toHaveValue('');
  await moved.getByLabel(t('admin.repeat.newRoom')).fill('Garden');
  // Removing a date and undoing it leaves the series as it was.
  const kept = dateRow(page, '2031-03-19T18:30');
  // From the keyboard too: focus stays on the date, on the button that undoes what was done.
  await kept.getByRole('button', { name: new RegExp(`^${t('admin.repeat.remove')}`) }).focus();
  await page.keyboard.press('Enter');
  await expect(kept).toContainText(t('admin.repeat.state.removed'));
  await expect(kept.getByRole('button', { name: new RegExp(`^${t('admin.repeat.restore')}`) })).toBeFocused();
  await expect(group.getByRole('heading', { name: t('admin.repeat.dates', { count: 5 }) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(kept).toHaveAttribute('data-state', 'planned');
  await expect(kept.getByRole('button', { name: new RegExp(`^${t('admin.repeat.remove')}`) })).toBeFocused();

  // An extra date, then taken away again: the series keeps its six dates.
  await group.getByRole('button', { name: t('admin.repeat.addExtra') }).click();
  const extra = group.getByLabel(t('admin.repeat.extraDate', { number: 1 }));
  await expect(extra).toHaveValue('2031-03-12T18:30');
  await extra.fill('2031-03-29T11:00');
  await expect(dateRow(page, '2031-03-29T11:00')).toBeVisible();
  await expect(group.getByRole('heading', { name: t('admin.repeat.dates', { count: 7 }) })).toBeVisible();

  for (const width of [320, 360, 1280]) {
    await page.setViewportSize({ width, height: 900 });

    await expectAccessible(page, `repeats at ${width}px`);
  }

  await group.getByRole('button', { name: new RegExp(`^${t('admin.repeat.removeExtra')} ${t('admin.repeat.extraDate', { number: 1 })}`) }).click();
  await expect(group.getByRole('heading', { name: t('admin.repeat.dates', { count: 6 }) })).toBeVisible();

  await saveDraft.click();
  await expectToast(page, t('workingCopy.toast.saved'));
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  // What was saved comes back: the rule in the simple controls, the exceptions in the list.
  await page.reload();
  await waitForIslands(page);
  await expect(howOften).toHaveValue('WEEKLY');
  await expect(dateRow(page, '2031-03-12T18:30')).toHaveAttribute('data-state', 'cancelled');
  await expect(dateRow(page, '2031-03-14T18:30')).toHaveAttribute('data-state', 'moved');
  await expect(dateRow(page, '2031-03-14T18:30')).toContainText(t('admin.repeat.state.elsewhere', { place: 'Garden' }));
  await page.getByRole('button', { name: t('workingCopy.publish'), exact: true }).click();
  await expectToast(page, t('workingCopy.toast.published'));

  // A visitor sees every date; the cancelled one says so in words.
  const visitor = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const hub = await visitor.newPage();
    await hub.goto(`/en/hub/event/${slug}`);
    const dates = hub.locator('#dates li[data-event-date]');
    await expect(dates).toHaveCount(6);
    await expect(dates.filter({ hasText: t('eventStatus.value.cancelled') })).toHaveCount(1);
    await expect(dates.nth(2)).toContainText(t('eventStatus.value.cancelled'));
    await expect(dates.nth(3)).toContainText(t('eventStatus.value.rescheduled'));
    await expect(dates.nth(3)).toContainText(t('hub.event.dateElsewhere', { place: 'Garden' }));
    await expect(dates.filter({ hasText: t('hub.event.dateElsewhere', { place: 'Garden' }) })).toHaveCount(1);
  } finally {
    await visitor.close();
  }

  // The admin list says the event repeats, and how many dates it has.
  await page.goto(`/en/admin/events?q=${encodeURIComponent(title)}`);
  const row = page.locator(`tr[data-id="${id}"]`);
  await expect(row.getByTestId('repeats')).toHaveText(t('admin.repeat.listSummary', { count: 6 }));
  await page.setViewportSize({ width: 320, height: 900 });
  await expectAccessible(page, 'events list at 320px');
});
