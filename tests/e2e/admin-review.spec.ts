/**
 * Submit for review, by keyboard alone, in Chromium at 360 px (French) and 1280 px (English)
 * (docs/decisions/064): a contributor submits a draft with a message; an administrator follows
 * the "Review" badge to the queue and the item, requests changes (the comment is required), the
 * contributor sees the comment and submits again, and the administrator approves, which publishes
 * it; the item's history then shows each step between its saves. Every control that takes focus stays on screen and clear of the sticky bars, the pages never
 * scroll sideways, and axe finds nothing. Each run makes its own accounts and event.
 */
import { expect, type Page } from '@playwright/test';
import { openDatabase } from '../../db/client.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { formatAdminDate } from '../../src/lib/dates.ts';
import { grantRole } from '../helpers/auth.ts';
import { createEvent } from '../helpers/factories.ts';
import { expectAccessible, signInAsAdmin, signUp, test, uniqueToken, waitForIslands } from './admin-support.ts';
import { pageClient } from './content-support.ts';
import { tabTo } from './keyboard-support.ts';

/** Mails of `kind` queued to `recipient`. */
async function mailsOf(kind: string, recipient: string): Promise<string[]> {
  const db = await openDatabase({ url: process.env['E2E_DATABASE_URL']! });
  try {
    const { rows } = await db.$client.execute({ sql: 'SELECT text FROM mail_outbox WHERE kind = ? AND recipient = ? ORDER BY id', args: [kind, recipient] });
    return rows.map((row) => String(row['text']));
  } finally {
    db.$client.close();
  }
}

/** Opens the page and waits for its islands; the panel is the review section of the form. */
async function openItem(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page);
  return page.getByTestId('review-panel');
}

const journeys = [
  { width: 360, locale: 'fr' },
  { width: 1280, locale: 'en' },
] as const;

for (const { width, locale } of journeys) {
  test.describe(`at ${width} px, in ${locale}`, () => {
    test.use({ viewport: { width, height: 740 } });

    test('a contributor submits, a publisher requests changes, then approves and publishes', async ({ page, browser }) => {
      test.setTimeout(240_000);
      const t = getTranslator(locale);
      const token = uniqueToken();
      const publisher = await signInAsAdmin(page);
      const admin = await pageClient(page);
      const title = `Reviewed talk ${token}`;
      const event = await createEvent(admin, { translations: { en: { title }, fr: { title } } });

      const contributorContext = await browser.newContext({ baseURL: process.env['E2E_BASE_URL'] ?? '', viewport: { width, height: 740 } });
      const guest = await contributorContext.newPage();
      const email = `contributor-${token}@e2e.example`;
      await signUp(guest, email);
      const granted = await grantRole(process.env['E2E_DATABASE_URL']!, email, 'contributor');
      expect(granted.ok).toBe(true);

      // The contributor: the panel offers "Submit for review" (no approval), with a message.
      let panel = await openItem(guest, `/${locale}/admin/events/${event.id}`);
      await expect(panel.getByRole('heading', { name: t('admin.review.heading') })).toBeVisible();
      await expect(panel.getByRole('button', { name: t('admin.review.approve') })).toHaveCount(0);
      await tabTo(guest, panel.getByLabel(t('admin.review.message')));
      await guest.keyboard.type('Ready: please check the hall.');
      await tabTo(guest, panel.getByRole('button', { name: t('admin.review.submit') }));
      await expectAccessible(guest, `contributor's review panel at ${width} px`);
      await guest.keyboard.press('Enter');
      await expect(panel.getByTestId('review-waiting')).toContainText(email);
      await expect(panel.getByTestId('review-waiting')).toContainText('Ready: please check the hall.');
      await expect(panel.getByRole('button', { name: t('admin.review.withdraw') })).toBeVisible();
      expect(await mailsOf('review-request', publisher)).toHaveLength(1);

      // The publisher: the nav badge leads to the queue, the queue to the item.
      await page.goto(`/${locale}/admin`);
      const nav = page.locator('#admin-nav');
      const reviewLink = nav.getByRole('link', { name: new RegExp(`^${t('admin.review.nav')}`) });
      if (width < 600) {
        // On a phone the sections fold behind "Menu" (decision 039).
        await tabTo(page, page.getByRole('button', { name: t('adminShell.menu') }));
        await page.keyboard.press('Enter');
      }
      await expect(reviewLink.getByTestId('nav-review-count')).toBeVisible();
      await tabTo(page, reviewLink);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${locale}/admin/review`));
      const entry = page.locator(`[data-review-item="events.${event.id}"]`);
      await expect(entry).toContainText(email);
      await expect(entry).toContainText('Ready: please check the hall.');
      await expectAccessible(page, `review queue at ${width} px`);
      await tabTo(page, entry.getByRole('link', { name: title }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${locale}/admin/events/${event.id}#review$`));
      await page.waitForLoadState('load');
      await waitForIslands(page);
      panel = page.getByTestId('review-panel');
      await expect(panel.getByTestId('review-waiting')).toContainText(email);

      // Request changes: the comment is required and says so.
      await tabTo(page, panel.getByRole('button', { name: t('admin.review.requestChanges') }));
      await page.keyboard.press('Enter');
      const comment = panel.getByLabel(t('admin.review.comment'));
      await expect(comment).toBeFocused();
      await tabTo(page, panel.getByRole('button', { name: t('admin.review.sendChanges') }));
      await page.keyboard.press('Enter');
      await expect(panel.getByRole('alert')).toHaveText(t('admin.review.commentRequired'));
      await expect(comment).toBeFocused();
      await expect(comment).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, `request changes with an empty comment at ${width} px`);
      await page.keyboard.type('Add the room, please.');
      await tabTo(page, panel.getByRole('button', { name: t('admin.review.sendChanges') }));
      await page.keyboard.press('Enter');
      await expect(panel.getByTestId('review-changes')).toContainText('Add the room, please.');
      await expect(panel.getByRole('heading', { name: t('admin.review.heading') })).toBeFocused();
      expect(await mailsOf('review-decision', email)).toHaveLength(1);

      // The contributor sees the comment and submits again.
      panel = await openItem(guest, `/${locale}/admin/events/${event.id}`);
      await expect(panel.getByTestId('review-changes')).toContainText('Add the room, please.');
      await tabTo(guest, panel.getByRole('button', { name: t('admin.review.resubmit') }));
      await expectAccessible(guest, `changes requested, seen by the contributor at ${width} px`);
      await guest.keyboard.press('Enter');
      await expect(panel.getByTestId('review-waiting')).toBeVisible();

      // The publisher approves: the event is published, on the phone at a time set for it (scheduled).
      panel = await openItem(page, `/${locale}/admin/events/${event.id}`);
      const schedules = width === 360;
      const publishAt = `${new Date().getUTCFullYear() + 1}-06-01T10:30`;
      if (schedules) {
        const at = panel.getByLabel(t('admin.review.publishAt'));
        await tabTo(page, at);
        await at.fill(publishAt);
      }
      await tabTo(page, panel.getByRole('button', { name: t(schedules ? 'admin.review.approveSchedule' : 'admin.review.approve') }));
      await expectAccessible(page, `waiting item, seen by its publisher at ${width} px`);
      await page.keyboard.press('Enter');
      await expect(panel.getByTestId('review-approved')).toBeVisible();
      await expect.poll(async () => (await admin.call('GET', `/api/admin/events/${event.id}`)).body['status']).toBe('published');
      const publishedAt = (await admin.call('GET', `/api/admin/events/${event.id}`)).body['publishAt'];
      if (schedules) expect(publishedAt).toMatch(new RegExp(`^${publishAt.slice(0, 10)}T`));
      else expect(publishedAt).toBeNull();
      expect(await mailsOf('review-decision', email)).toHaveLength(2);

      // The item's history tells the exchange between its saves, newest first, with what was said;
      // the steps restore nothing, so only the saves offer "compare".
      // The panel closes the page: Shift+Tab from its top reaches it in a few steps.
      await openItem(page, `/${locale}/admin/events/${event.id}`);
      const history = page.getByTestId('item-history');
      await tabTo(page, history.locator('summary'), 'Shift+Tab');
      await page.keyboard.press('Enter');
      const entries = history.locator('li.activity-entry');
      await expect(entries.first()).toHaveAttribute('data-action', 'review-approve');
      await expect(entries.last()).toHaveAttribute('data-action', 'create');
      const steps = history.locator('li.activity-entry[data-action^="review-"]');
      await expect(steps).toHaveCount(4);
      const by = (name: string) => t('admin.activity.by', { name });
      const approval = schedules
        ? t('admin.activity.review.approvedScheduled', { time: formatAdminDate(locale, 'UTC', String(publishedAt)) })
        : t('admin.activity.review.approvedPublished');
      await expect(steps.nth(0).locator('.activity-entry__meta')).toContainText(`${approval} ${by(publisher)}`);
      await expect(steps.nth(1).locator('.activity-entry__meta')).toContainText(`${t('admin.activity.action.review-submit')} ${by(email)}`);
      await expect(steps.nth(2).locator('.activity-entry__meta')).toContainText(`${t('admin.activity.action.review-request-changes')} ${by(publisher)}`);
      await expect(steps.nth(2).locator('.activity-entry__said')).toHaveText('Add the room, please.');
      await expect(steps.nth(3).locator('.activity-entry__meta')).toContainText(`${t('admin.activity.action.review-submit')} ${by(email)}`);
      await expect(steps.nth(3).locator('.activity-entry__said')).toHaveText('Ready: please check the hall.');
      await expect(steps.locator('.activity-entry__link')).toHaveCount(0);
      await expect(history.locator('li.activity-entry[data-action="create"] .activity-entry__link')).toHaveText(t('revisions.compare', { number: '1' }));
      await expectAccessible(page, `the item's history with its review steps at ${width} px`);
      await contributorContext.close();
    });
  });
}
