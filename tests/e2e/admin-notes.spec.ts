/**
 * Notes on an item, by keyboard alone, in Chromium at 360 px (French) and 1280 px (English)
 * (docs/decisions/061): an editor reaches the Notes section with Tab, writes a note mentioning a
 * colleague picked from the suggestions with the arrow keys and Enter, adds it, edits it and
 * deletes it; every control that takes focus stays on screen and clear of the sticky bars, axe
 * finds nothing with the suggestions open or the note listed, and the colleague's mail is queued.
 */
import { expect, type Browser } from '@playwright/test';
import { openDatabase } from '../../db/client.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { createEvent } from '../helpers/factories.ts';
import { expectAccessible, signInAsEditor, test, waitForIslands } from './admin-support.ts';
import { pageClient } from './content-support.ts';
import { focusProblem, tabTo } from './keyboard-support.ts';

/** An accessible name that starts with `text` (a button's label begins with its visible text, WCAG 2.5.3). */
const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);

/** The account name admin-support's sign-up gives `email`. */
const nameOf = (email: string) => `Editor ${email.split('@')[0]}`;

/** A colleague who can be mentioned: a second editor, signed up in a context of their own. */
async function colleague(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  try {
    return await signInAsEditor(await context.newPage());
  } finally {
    await context.close();
  }
}

const journeys = [
  { width: 360, locale: 'fr' },
  { width: 1280, locale: 'en' },
] as const;

for (const { width, locale } of journeys) {
  test.describe(`at ${width} px, in ${locale}`, () => {
    test.use({ viewport: { width, height: 740 } });

    test('a note with a mention is added, edited and deleted by keyboard alone', async ({ page, browser }) => {
      const t = getTranslator(locale);
      const mentioned = await colleague(browser);
      await signInAsEditor(page);
      const eventId = (await createEvent(await pageClient(page))).id;
      await page.goto(`/${locale}/admin/events/${eventId}`);
      await waitForIslands(page);
      const notes = page.getByTestId('item-notes');
      await expect(notes.getByRole('heading', { name: t('admin.notes.heading') })).toBeVisible();
      await expect(notes.getByTestId('notes-empty')).toHaveText(t('admin.notes.empty'));

      // Tab from the top of the page to the new note's box.
      const box = notes.getByLabel(t('admin.notes.new'), { exact: true });
      await tabTo(page, box);
      await page.keyboard.type('Please check the lights, @');
      const suggestions = notes.getByRole('listbox', { name: t('admin.notes.mentionList') });
      await expect(suggestions).toBeVisible();
      // Narrow the list to the colleague by name; the first match is active.
      await page.keyboard.type(nameOf(mentioned).slice(0, 20));
      const option = suggestions.getByRole('option', { name: nameOf(mentioned) });
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
      await expectAccessible(page, `notes with suggestions at ${width} px`);
      await page.keyboard.press('Enter');
      await expect(suggestions).toBeHidden();
      await expect(box).toHaveValue(`Please check the lights, @${nameOf(mentioned)} `);
      await page.keyboard.type('before Friday.');

      const add = notes.getByRole('button', { name: t('admin.notes.add') });
      await tabTo(page, add);
      await page.keyboard.press('Enter');
      const note = notes.getByTestId('note');
      await expect(note).toHaveCount(1);
      await expect(note).toContainText(`Please check the lights, @${nameOf(mentioned)} before Friday.`);
      await expect(notes.getByTestId('notes-status')).toHaveText(t('admin.notes.added'));
      await expect(box).toHaveValue('');
      await expectAccessible(page, `notes with a note at ${width} px`);

      // The colleague is told by mail, once.
      const db = await openDatabase({ url: process.env['E2E_DATABASE_URL']! });
      try {
        const { rows } = await db.$client.execute({ sql: "SELECT text FROM mail_outbox WHERE kind = 'note-mention' AND recipient = ?", args: [mentioned] });
        expect(rows).toHaveLength(1);
        expect(String(rows[0]!['text'])).toContain(`/admin/events/${eventId}#notes`);
      } finally {
        db.$client.close();
      }

      // Edit: back to the note's Edit button, the text box takes focus with the text as written.
      const edit = note.getByRole('button', { name: startingWith(t('admin.notes.edit')) });
      await tabTo(page, edit, 'Shift+Tab');
      await page.keyboard.press('Enter');
      const editBox = note.getByLabel(t('admin.notes.editField'));
      await expect(editBox).toBeFocused();
      await expect(editBox).toHaveValue(`Please check the lights, @${nameOf(mentioned)} before Friday.`);
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' Thanks!');
      await tabTo(page, note.getByRole('button', { name: t('admin.notes.save') }));
      await page.keyboard.press('Enter');
      await expect(note).toContainText('before Friday. Thanks!');
      await expect(note).toContainText(t('admin.notes.edited', { time: '' }).trim());
      await expect(edit).toBeFocused();
      expect(await focusProblem(page)).toBeNull();

      // Delete: asked once, "Keep it" focused first; the panel's heading takes focus after.
      await tabTo(page, note.getByRole('button', { name: startingWith(t('admin.notes.delete')) }));
      await page.keyboard.press('Enter');
      await expect(note.getByRole('button', { name: t('admin.notes.confirmNo') })).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(note.getByRole('button', { name: t('admin.notes.confirmYes') })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(notes.getByTestId('note')).toHaveCount(0);
      await expect(notes.getByTestId('notes-status')).toHaveText(t('admin.notes.deleted'));
      await expect(notes.getByRole('heading', { name: t('admin.notes.heading') })).toBeFocused();
      await expectAccessible(page, `notes emptied at ${width} px`);
    });
  });
}
