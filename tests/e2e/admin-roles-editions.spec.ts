/**
 * Contributors limited to an edition (docs/decisions/059), at 360 and 1280 px, by keyboard: an
 * administrator makes a new account a contributor for one edition on the team screen; the
 * contributor edits an event of that edition and is offered no Publish control, and another
 * edition's event does not open for editing. An editor limited to one edition (360 px in French,
 * 1280 px in German) sees the other edition's events read only, without a checkbox, is offered
 * "Select all N you may change" with N the events of their edition matching the search, and the
 * confirmation names N. Each run makes its own editions, events and accounts.
 */
import { expect } from '@playwright/test';
import { getTranslator, type UiKey } from '../../src/i18n/index.ts';
import { grantRole } from '../helpers/auth.ts';
import { createEdition, createEvent } from '../helpers/factories.ts';
import { expectAccessible, signInAsAdmin, signUp, test, uniqueToken, waitForIslands } from './admin-support.ts';
import { pageClient } from './content-support.ts';
import { E2E_LIST_COUNT_CAP } from './global-setup.ts';
import { tabTo } from './keyboard-support.ts';

const t = getTranslator('en');

for (const width of [360, 1280]) {
  test(`an admin makes a guest a contributor for one edition, who edits its event and cannot publish (${width} px)`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await signInAsAdmin(page);
    const admin = await pageClient(page);
    const token = uniqueToken();
    const own = await createEdition(admin, { translations: { en: { title: `Guest edition ${token}` } } });
    const other = await createEdition(admin, { translations: { en: { title: `Other edition ${token}` } } });
    const ownEvent = await createEvent(admin, { editionId: own.id, translations: { en: { title: `Guest talk ${token}` } } });
    const otherEvent = await createEvent(admin, { editionId: other.id, translations: { en: { title: `Other talk ${token}` } } });

    const guestContext = await browser.newContext({ baseURL: process.env['E2E_BASE_URL'] ?? '', viewport: { width, height: 800 } });
    const guest = await guestContext.newPage();
    const email = `guest-${token}@e2e.example`;
    await signUp(guest, email);

    // The administrator, by keyboard on the team screen.
    await page.goto('/en/admin/team');
    const card = page.locator(`[data-testid="team-account"][data-email="${email}"]`);
    await expect(card).toBeVisible();
    // A sign-up waiting for a role is approved first, then given its role and editions.
    await card.getByRole('button', { name: t('admin.team.approveEditor') }).press('Enter');
    await expect(page.locator('.team-flash')).toBeVisible();
    const role = card.getByLabel(t('admin.team.grantedRole'));
    await role.focus();
    await role.selectOption('contributor');
    const scope = card.getByTestId('edition-scope');
    await scope.getByRole('radio', { name: t('admin.team.editions.some') }).focus();
    await page.keyboard.press('Space');
    await expect(scope.getByRole('radio', { name: t('admin.team.editions.some') })).toBeChecked();
    const chosen = scope.getByRole('listbox', { name: t('admin.team.editions.some') });
    await chosen.focus();
    await chosen.selectOption({ label: `Guest edition ${token}` });
    await expect(chosen).toHaveValues([String(own.id)]);
    await page.keyboard.press('Tab');
    await expectAccessible(page, `team screen at ${width} px`);
    await card.getByRole('button', { name: t('admin.team.changeRole') }).press('Enter');
    await expect(page.locator('.team-flash')).toHaveText(t('admin.team.done.role', { name: `Editor guest-${token}` }));
    await expect(card.getByTestId('edition-scope').getByRole('listbox', { name: t('admin.team.editions.some') })).toHaveValues([String(own.id)]);
    await expect(card.getByLabel(t('admin.team.grantedRole'))).toHaveValue('contributor');

    // The contributor edits the event of their edition: no Publish control anywhere on the form.
    await guest.goto(`/en/admin/events/${ownEvent.id}`);
    await waitForIslands(guest);
    await expect(guest.getByTestId('admin-user')).toContainText(t('auth.role.contributor'));
    const address = guest.getByLabel(t('admin.field.venueAddress'));
    await address.fill(`Studio ${token}`);
    await guest.getByRole('button', { name: t('admin.form.save'), exact: true }).press('Enter');
    await expect.poll(async () => (await admin.call('GET', `/api/admin/events/${ownEvent.id}`)).body['venueAddress']).toBe(`Studio ${token}`);
    // The publication buttons (Publish, and a working copy's "Publish changes") are not offered.
    await expect(guest.getByRole('button', { name: t('admin.publish.publish'), exact: true })).toHaveCount(0);
    await expect(guest.getByRole('button', { name: t('workingCopy.publish'), exact: true })).toHaveCount(0);
    await expect(guest.locator('.admin-publish')).toHaveCount(0);
    await expectAccessible(guest, `contributor's edit form at ${width} px`);

    // Their events list marks the other edition's event "Read only", with nothing to select.
    await guest.goto(`/en/admin/events?q=${token}`);
    await waitForIslands(guest);
    const otherRow = guest.locator(`tr[data-id="${otherEvent.id}"]`);
    const ownRow = guest.locator(`tr[data-id="${ownEvent.id}"]`);
    await expect(otherRow.getByTestId('read-only')).toHaveText(t('admin.list.readOnly'));
    await expect(otherRow.getByRole('checkbox')).toHaveCount(0);
    await expect(ownRow.getByTestId('read-only')).toHaveCount(0);
    await expect(ownRow.getByRole('checkbox')).toHaveCount(1);
    await expectAccessible(guest, `contributor's events list at ${width} px`);

    // Another edition's event does not open for editing: a read-only notice, no form.
    const refused = await guest.goto(`/en/admin/events/${otherEvent.id}`);
    expect(refused?.status()).toBe(403);
    await expect(guest.getByTestId('out-of-scope')).toContainText(t('admin.scope.readOnly'));
    await expect(guest.getByLabel(t('admin.field.venueAddress'))).toHaveCount(0);
    await expectAccessible(guest, `out-of-scope event at ${width} px`);
    await guestContext.close();
  });
}

/**
 * Events of another edition and of the editor's, all matching the run's search term: as many as a
 * search counts exactly (more would read "more than N", and select-all is not offered then). The
 * other edition's events are the newest, so the first page (the smallest, 10) holds all of them.
 */
const OTHER_EVENTS = 4;
const OWN_EVENTS = E2E_LIST_COUNT_CAP - OTHER_EVENTS;
const LIMIT = 10;

for (const { width, locale } of [
  { width: 360, locale: 'fr' },
  { width: 1280, locale: 'de' },
] as const) {
  test(`an editor limited to one edition selects all the events they may change, and only those (${width} px, ${locale})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const tl = getTranslator(locale);
    const tr = (key: string, vars: Record<string, unknown>) => tl(key as UiKey, vars);
    await signInAsAdmin(page);
    const admin = await pageClient(page);
    const token = uniqueToken();
    const own = await createEdition(admin, { translations: { en: { title: `Scoped edition ${token}` } } });
    const other = await createEdition(admin, { translations: { en: { title: `Unscoped edition ${token}` } } });
    const titled = (title: string) => ({ en: { title }, fr: { title }, de: { title } });
    const ownIds: number[] = [];
    const otherIds: number[] = [];
    // The other edition's events last: newest, so they come first in the list (newest changes first).
    for (let i = 0; i < OWN_EVENTS; i++) ownIds.push((await createEvent(admin, { editionId: own.id, translations: titled(`Scoped ${token} ${i}`) })).id);
    for (let i = 0; i < OTHER_EVENTS; i++)
      otherIds.push((await createEvent(admin, { editionId: other.id, translations: titled(`Unscoped ${token} ${i}`) })).id);

    const editorContext = await browser.newContext({ baseURL: process.env['E2E_BASE_URL'] ?? '', viewport: { width, height: 800 } });
    const editor = await editorContext.newPage();
    const email = `scoped-editor-${token}@e2e.example`;
    await signUp(editor, email);
    expect(await grantRole(process.env['E2E_DATABASE_URL']!, email, 'editor', [own.id])).toEqual({ ok: true });

    await editor.goto(`/${locale}/admin/events?q=${token}&limit=${LIMIT}`);
    await waitForIslands(editor);
    const rows = editor.locator('table.admin-list tbody tr');
    await expect(rows).toHaveCount(LIMIT);
    // The other edition's events: read only, nothing to select.
    for (const id of otherIds) {
      const row = editor.locator(`tr[data-id="${id}"]`);
      await expect(row.getByTestId('read-only')).toHaveText(tl('admin.list.readOnly'));
      await expect(row.getByRole('checkbox')).toHaveCount(0);
    }
    const pageBox = editor.getByRole('checkbox', { name: tl('admin.list.selectAll') });
    await tabTo(editor, pageBox);
    await editor.keyboard.press('Space');
    await expect(pageBox).toBeChecked();

    const bar = editor.getByRole('region', { name: tl('admin.bulk.label') });
    const offer = bar.getByRole('button', { name: tr('admin.bulk.selectAllChangeable', { formatted: String(OWN_EVENTS) }) });
    await expect(offer).toBeVisible();
    await expect(bar.getByRole('button', { name: tr('admin.bulk.selectAllMatching', { formatted: String(OWN_EVENTS + OTHER_EVENTS) }) })).toHaveCount(0);
    await tabTo(editor, offer, 'Shift+Tab');
    await expectAccessible(editor, `a limited editor's select-all offer at ${width} px`);
    await editor.keyboard.press('Enter');
    const what = tr('admin.bulk.matching.events', { count: OWN_EVENTS, formatted: String(OWN_EVENTS) });
    await expect(bar.locator('[aria-live="polite"]')).toHaveText(tr('admin.bulk.allChangeableSelected', { what }));
    await expect(bar.getByRole('button', { name: tl('admin.bulk.clear') })).toBeFocused();
    expect(await editor.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    await tabTo(editor, bar.getByRole('button', { name: tl('admin.bulk.publish'), exact: true }), 'Shift+Tab');
    await editor.keyboard.press('Enter');
    const dialog = editor.getByRole('alertdialog', { name: tr('admin.bulk.confirmAll.publish', { what }) });
    await expect(dialog).toBeVisible();
    await expectAccessible(editor, `a limited editor's confirmation at ${width} px`);
    await dialog.getByRole('button', { name: tl('admin.bulk.publish'), exact: true }).press('Enter');
    await expect(editor.getByText(tr('admin.bulk.done.publish', { count: OWN_EVENTS }))).toBeVisible();

    // Their edition's events are published; the other edition's stay drafts.
    const statusOf = async (id: number) => (await admin.call('GET', `/api/admin/events/${id}`)).body['status'];
    for (const id of ownIds) expect(await statusOf(id)).toBe('published');
    for (const id of otherIds) expect(await statusOf(id)).toBe('draft');
    await editorContext.close();
  });
}
