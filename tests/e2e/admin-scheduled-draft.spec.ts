/**
 * A scheduled draft going live, in Chromium (decision 035's "Publish changes at"): an editor saves
 * a draft of a published event, schedules it a minute or two ahead in the event's own time zone,
 * and the public event page changes once the time has come, with nobody pressing anything. The
 * test does not wait for the clock: once the schedule is checked, it moves the stored instant to
 * now (as time passing would) and waits for the public page to change; the e2e server looks for
 * due drafts every second (tests/e2e/global-setup.ts). That the round publishes at the instant,
 * not before, is the integration test's (tests/integration/scheduled-working-copies.test.ts).
 */
import { createClient } from '@libsql/client';
import { expect } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { createEvent } from '../helpers/factories.ts';
import { signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';
import { pageClient } from './content-support.ts';

const t = getTranslator('en');
/** The event's zone: not the browser's or the server's, so a time read in the wrong zone shows. */
const ZONE = 'America/Sao_Paulo';
/** How far ahead the draft is scheduled, at least: the form takes whole minutes. */
const LEAD_MS = 45_000;

/**
 * The public event page's main heading, as a signed-out visitor gets it (cached pages included:
 * decision 004). Node's fetch drops a kept-alive connection before the server's keep-alive
 * timeout closes it, so a poll never lands on a socket being closed.
 */
async function publicTitle(slug: string): Promise<string> {
  const response = await fetch(`${process.env['E2E_BASE_URL']}/en/hub/event/${slug}`);
  expect(response.status).toBe(200);
  return /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await response.text())?.[1]?.trim() ?? '';
}

/** The first whole minute at least `LEAD_MS` from now, and how the form's field writes it in `zone`. */
function nextMinuteAhead(zone: string): { at: Date; wall: string } {
  const at = new Date(Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { at, wall: `${parts['year']}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}` };
}

test('a draft scheduled a few minutes ahead goes live on the public page by itself', async ({ page }) => {
  const token = uniqueToken();
  const editor = await signInAsEditor(page);
  const editorApi = await pageClient(page);
  const event = await createEvent(editorApi, {
    status: 'published',
    startsAt: '2032-09-12T20:00:00-03:00',
    endsAt: '2032-09-12T22:00:00-03:00',
    timeZone: ZONE,
    translations: { en: { title: `Low tide ${token}` } },
  });
  expect(await publicTitle(event.slug)).toBe(`Low tide ${token}`);

  // The draft is saved; the public page keeps the published title.
  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);
  await page.getByLabel(t('admin.field.title')).fill(`High tide ${token}`);
  await page.getByRole('button', { name: t('workingCopy.save') }).click();
  await expect(page.locator('.admin-toasts').getByText(t('workingCopy.toast.saved'), { exact: true }).last()).toBeVisible();
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  expect(await publicTitle(event.slug)).toBe(`Low tide ${token}`);

  // Scheduled at a whole minute a little ahead, typed as the wall-clock time in the event's zone.
  const { at, wall } = nextMinuteAhead(ZONE);
  const schedule = page.getByTestId('working-copy-schedule');
  await expect(schedule).toContainText(ZONE);
  await schedule.getByLabel(t('workingCopy.scheduledAt')).fill(wall);
  await schedule.getByRole('button', { name: t('workingCopy.schedule') }).click();
  await expect(page.locator('.admin-toasts').getByText(t('workingCopy.toast.scheduled'), { exact: true }).last()).toBeVisible();
  await expect(page.getByTestId('working-copy-scheduled')).toContainText(editor);
  const item = await editorApi.call('GET', `/api/admin/events/${event.id}`);
  expect(item.body.draft?.scheduledAt).toBe(at.toISOString());
  // Still ahead (the schedule is at least 45 s away): the public page has not moved.
  expect(await publicTitle(event.slug)).toBe(`Low tide ${token}`);

  // The time comes: the stored instant moves to now, as the clock would move on to it.
  const db = createClient({ url: process.env['E2E_DATABASE_URL']!, intMode: 'number' });
  try {
    const moved = await db.execute({
      sql: `UPDATE working_copies SET scheduled_at = ? WHERE entity = 'event' AND entity_id = ? AND scheduled_at = ?`,
      args: [Date.now(), event.id, at.getTime()],
    });
    expect(moved.rowsAffected).toBe(1);
  } finally {
    db.close();
  }

  // Once due, the public page shows the draft's title without anyone pressing anything.
  await expect.poll(() => publicTitle(event.slug), { timeout: 30_000, intervals: [500] }).toBe(`High tide ${token}`);

  // The admin agrees: no draft, no schedule, the published title in the form.
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByLabel(t('admin.field.title'))).toHaveValue(`High tide ${token}`);
  await expect(page.getByTestId('unpublished-changes')).toHaveCount(0);
  await expect(page.getByTestId('working-copy-scheduled')).toHaveCount(0);
  await expect(page.getByTestId('working-copy-notice')).toHaveText(t('workingCopy.noticePublished'));
});
