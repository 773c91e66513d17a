/**
 * The admin screens' harder parts, in Chromium, as an editor on the shared e2e server: list state
 * in the URL and bulk actions from the keyboard, reordering a gallery with the arrow keys, the
 * 409 conflict dialog (focus trap, Escape, keeping both sides' work), the unsaved-changes guard,
 * fields disabled until hydration, the sanitised Markdown preview, upload refusals, a 360 px wide
 * screen, and the JS budget.
 */
import { axeOn } from './axe.ts';
import { expect, type Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { getTranslator, type UiKey } from '../../src/i18n/index.ts';
import { expectAccessible, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';
import { E2E_LIST_COUNT_CAP } from './global-setup.ts';

const t = getTranslator('en');
const de = getTranslator('de');
/** Plural strings: i18next picks `<key>_one` / `<key>_other`, so the bare key is not a `UiKey`. */
const plural = (key: string, count: number) => t(key as UiKey, { count });

/** Same-origin API writes, as the admin's own pages make them (the server checks `Origin`). */
function originOf(page: Page): string {
  return new URL(page.url()).origin;
}

interface Created {
  id: number;
  [field: string]: unknown;
}

async function createViaApi(page: Page, collection: string, body: unknown): Promise<Created> {
  const response = await page.request.post(`/api/admin/${collection}`, { data: body, headers: { origin: originOf(page) } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Created;
}

async function newEvent(page: Page, title: string, extra: Record<string, unknown> = {}): Promise<Created> {
  return createViaApi(page, 'events', {
    startsAt: '2032-03-01T18:00:00Z',
    endsAt: '2032-03-01T20:00:00Z',
    timeZone: 'UTC',
    venueAddress: 'Hall 2',
    translations: { en: { title } },
    ...extra,
  });
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIslands(page);
}

test.describe('admin screens', () => {
  // Each test signs in and makes its own content: they spread over the workers.
  test.describe.configure({ mode: 'parallel' });
  test.beforeEach(async ({ page }) => {
    await signInAsEditor(page);
  });

  test('a search with more events than the server counts says "more than" and pages on until a page is not full', async ({ page }) => {
    const token = uniqueToken();
    const made = E2E_LIST_COUNT_CAP + 3;
    for (let i = 0; i < made; i++) await newEvent(page, `Capped ${token} ${i}`);
    const more = t('admin.list.totalMore.events', { count: E2E_LIST_COUNT_CAP, formatted: String(E2E_LIST_COUNT_CAP) });
    const status = page.locator('.admin-list__status');
    const pagination = page.locator('.admin-pagination p');
    const next = page.getByRole('button', { name: t('admin.list.next') });

    await page.setViewportSize({ width: 320, height: 640 });
    await open(page, `/en/admin/events?q=${token}&limit=10`);
    await expect(status).toHaveText(more);
    await expect(pagination).toHaveText(`${t('admin.list.pageOpen', { page: 1 })} · ${more}`);
    await expect(page.locator('table.admin-list tbody tr')).toHaveCount(10);
    await expectAccessible(page, 'capped list at 320 px');

    // No last page is known: the next one exists while this one is full, and the last is not.
    await next.click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pagination).toHaveText(`${t('admin.list.pageOpen', { page: 2 })} · ${more}`);
    await expect(page.locator('table.admin-list tbody tr')).toHaveCount(made - 10);
    await expect(next).toBeDisabled();
  });

  test("a long list jumps to any page from the keyboard, and the events list names each event's edition", async ({ page }) => {
    // A list of its own (an edition's 22 events, 10 a page): other tests add events to the same server.
    const token = uniqueToken();
    const edition = await createViaApi(page, 'editions', {
      startsAt: '2032-03-01T00:00:00Z',
      endsAt: '2032-03-31T00:00:00Z',
      timeZone: 'UTC',
      translations: { en: { title: `Column ${token}` } },
    });
    for (let i = 0; i < 22; i++) await newEvent(page, `In column ${token} ${i}`, { editionId: edition.id });
    await open(page, `/en/admin/events?edition=${edition.id}&limit=10`);
    const pagination = page.locator('.admin-pagination p');
    await expect(pagination).toContainText(t('admin.list.pageOf', { page: 1, pages: 3 }));
    const jump = page.getByLabel(t('admin.list.jumpLabel'));
    await jump.fill('4');
    await jump.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: t('admin.list.jumpInvalid', { pages: 3 }) })).toBeVisible();
    await expect(jump).toHaveAttribute('aria-invalid', 'true');
    await jump.fill('3');
    await jump.press('Enter');
    await expect(page).toHaveURL(/[?&]page=3/);
    await expect(pagination).toContainText(t('admin.list.pageOf', { page: 3, pages: 3 }));
    await expect(jump).not.toHaveAttribute('aria-invalid');

    // Each row names the edition, linked to it.
    await expect(page.getByRole('columnheader', { name: t('admin.column.editionTitle') })).toBeVisible();
    const editionLinks = page.locator('td[data-column="editionTitle"] a');
    await expect(editionLinks).toHaveCount(2);
    await expect(editionLinks.first()).toHaveText(`Column ${token}`);
    await expect(editionLinks.first()).toHaveAttribute('href', `/en/admin/editions/${edition.id}`);
    await expectAccessible(page, 'events list with its Edition column and page jump');
  });

  test('a list keeps search and filters in its URL, selects with Space and deletes in bulk', async ({ page }) => {
    const token = uniqueToken();
    for (const label of ['alpha', 'beta']) await createViaApi(page, 'tags', { translations: { en: { label: `Bulk ${label} ${token}` } } });

    await open(page, '/en/admin/tags');
    await page.getByLabel(t('admin.list.search'), { exact: true }).fill(token);
    await expect(page).toHaveURL(new RegExp(`\\?q=${token}$`));
    await expect(page.locator('table.admin-list tbody tr')).toHaveCount(2);
    await page.getByLabel(t('admin.list.sort')).selectOption('-label');
    await expect(page).toHaveURL(new RegExp(`\\?q=${token}&sort=-label$`));
    await expect(page.locator('table.admin-list tbody tr').first()).toContainText(`Bulk beta ${token}`);

    // A reload (or a shared link) shows the same list.
    await page.reload();
    await waitForIslands(page);
    await expect(page.getByLabel(t('admin.list.search'), { exact: true })).toHaveValue(token);
    await expect(page.locator('table.admin-list tbody tr').first()).toContainText(`Bulk beta ${token}`);

    // Keyboard: focus a row's checkbox, Space selects it; the select-all box takes the rest.
    const firstBox = page.getByRole('checkbox', { name: t('admin.list.select', { label: `Bulk beta ${token}` }) });
    await firstBox.focus();
    await page.keyboard.press('Space');
    await expect(firstBox).toBeChecked();
    await expect(page.getByRole('region', { name: t('admin.bulk.label') })).toContainText(plural('admin.list.selected', 1));
    await page.getByRole('checkbox', { name: t('admin.list.selectAll') }).press('Space');
    await expect(page.getByRole('region', { name: t('admin.bulk.label') })).toContainText(plural('admin.list.selected', 2));

    await page.getByRole('button', { name: t('admin.bulk.delete') }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    // A destructive confirmation starts on Cancel: Enter must not delete.
    await expect(dialog.getByRole('button', { name: t('admin.common.cancel') })).toBeFocused();
    // The list's own reload is held back: the deleted rows must leave with the dialog, or the row
    // link left under the pointer is prefetched on hover (ClientRouter) and answers 404.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/admin\/tags\?/, async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: t('admin.delete.confirm') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('table.admin-list tbody tr')).toHaveCount(0);
    release();
    await expect(page.locator('.admin-toasts')).toContainText(plural('admin.bulk.done.delete', 2));
    await expect(page.getByTestId('empty-state')).toContainText(t('admin.list.noMatch'));
  });

  test('the list speaks the page language and fits a 360 px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/de/admin/events', '/de/admin/events/new']) {
      await open(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await open(page, '/de/admin/events');
    await expect(page.getByRole('heading', { level: 1, name: de('admin.collection.events') })).toBeVisible();
    await expect(page.getByLabel(de('admin.list.search'), { exact: true })).toBeVisible();
    await expect(page.locator('table.admin-list tbody tr').first()).toBeVisible();
  });

  test('a gallery is reordered with the arrow keys and the order is saved', async ({ page }) => {
    const medias = await (await page.request.get('/api/admin/medias?kind=image&limit=3&sort=createdAt')).json();
    const ids: number[] = medias.items.map((item: { id: number }) => item.id);
    expect(ids).toHaveLength(3);
    const event = await newEvent(page, `Gallery ${uniqueToken()}`, { mediaIds: ids });

    await open(page, `/en/admin/events/${event.id}`);
    const gallery = page.getByRole('list', { name: t('admin.field.mediaIds') });
    const order = () => gallery.locator('li').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-id'))));
    await expect.poll(order).toEqual(ids);

    const handles = gallery.getByRole('button', { name: /use the arrow keys/ });
    await handles.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(order).toEqual([ids[1], ids[0], ids[2]]);
    // Focus stayed on the moved item's handle: End sends it last.
    await page.keyboard.press('End');
    await expect.poll(order).toEqual([ids[1], ids[2], ids[0]]);
    await expect(
      gallery
        .locator('li')
        .last()
        .getByRole('button', { name: /use the arrow keys/ }),
    ).toBeFocused();

    await page.getByRole('button', { name: t('admin.form.save') }).click();
    await expect(page.locator('.admin-toasts')).toContainText(t('admin.form.saved'));
    const saved = await (await page.request.get(`/api/admin/events/${event.id}`)).json();
    expect(saved.mediaIds).toEqual([ids[1], ids[2], ids[0]]);
  });

  test('a conflicting save opens a dialog that traps focus and keeps both sides’ work', async ({ page, context }) => {
    const event = await newEvent(page, `Conflict ${uniqueToken()}`);
    await open(page, `/en/admin/events/${event.id}`);

    // Someone else renames the event meanwhile (another tab, same API).
    const other = await context.newPage();
    await open(other, `/en/admin/events/${event.id}`);
    await other.getByLabel(t('admin.field.title')).fill('Renamed by a colleague');
    await other.getByRole('button', { name: t('admin.form.save') }).click();
    await expect(other.locator('.admin-toasts')).toContainText(t('admin.form.saved'));
    await other.close();

    await page.getByLabel(t('admin.field.summary')).fill('My new summary');
    await page.getByRole('button', { name: t('admin.form.save') }).click();
    const dialog = page.getByRole('dialog', { name: t('admin.conflict.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('tr[data-path="translations.en.title"]')).toContainText('Renamed by a colleague');
    await expect(dialog).toContainText(t('admin.conflict.mineKept', { fields: `${t('admin.field.summary')} (English)` }));

    // Focus starts inside and Tab never leaves the dialog; Escape closes it.
    await expect(dialog.getByRole('button', { name: t('admin.conflict.keepMine') })).toBeFocused();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: t('admin.form.save') })).toBeFocused();

    await page.getByRole('button', { name: t('admin.form.save') }).click();
    await dialog.getByRole('button', { name: t('admin.conflict.keepMine') }).click();
    await expect(page.locator('.admin-toasts')).toContainText(t('admin.form.saved'));
    const saved = await (await page.request.get(`/api/admin/events/${event.id}`)).json();
    expect(saved.translations.en).toMatchObject({ title: 'Renamed by a colleague', summary: 'My new summary' });
  });

  test('leaving a form with unsaved changes asks first', async ({ page }) => {
    const event = await newEvent(page, `Guard ${uniqueToken()}`);
    await open(page, `/en/admin/events/${event.id}`);
    await page.getByLabel(t('admin.field.venueAddress')).fill('Somewhere else');
    await expect(page.getByTestId('unsaved')).toBeVisible();

    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    const nav = page.getByRole('navigation', { name: t('adminShell.nav.label') });
    await nav.getByRole('link', { name: t('adminShell.nav.tags') }).click();
    await expect.poll(() => questions).toEqual([t('admin.form.unsavedPrompt')]);
    await expect(page).toHaveURL(new RegExp(`/en/admin/events/${event.id}$`));
    await expect(page.getByLabel(t('admin.field.venueAddress'))).toHaveValue('Somewhere else');

    page.once('dialog', (dialog) => void dialog.accept());
    await nav.getByRole('link', { name: t('adminShell.nav.tags') }).click();
    await expect(page).toHaveURL(/\/en\/admin\/tags$/);
    await expect(page.getByRole('heading', { level: 1, name: t('admin.collection.tags') })).toBeVisible();
  });

  test('a form stays disabled until it is hydrated, so what is typed early is neither lost nor mixed with the saved value', async ({ page }) => {
    const event = await newEvent(page, `Early ${uniqueToken()}`);
    // Hold the island's scripts back so the server's HTML sits on screen before React owns it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/**/*.js', async (route) => {
      await held;
      await route.continue();
    });
    // Module scripts hold back DOMContentLoaded, so wait only for the response to start.
    await page.goto(`/en/admin/events/${event.id}`, { waitUntil: 'commit' });
    const address = page.getByLabel(t('admin.field.venueAddress'));
    await expect(address).toHaveValue('Hall 2');
    await expect(address).toBeDisabled();
    await expect(page.getByRole('button', { name: t('admin.form.save') })).toBeDisabled();

    const typed = address.fill('Typed early');
    setTimeout(release, 300);
    await typed;
    await expect(address).toBeEnabled();
    await expect(address).toHaveValue('Typed early');
    await expect(page.getByTestId('unsaved')).toBeVisible();
  });

  test('the Markdown preview renders formatting and drops scripts and javascript: links', async ({ page }) => {
    await open(page, '/en/admin/events/new');
    await page
      .getByLabel(t('admin.field.body'))
      .fill(
        'Some **bold** text.\n\n<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">\n\n[click](javascript:window.__pwned=3) and [site](https://example.org)',
      );
    await page.getByRole('button', { name: t('admin.markdown.preview'), exact: true }).click();
    const preview = page.getByTestId('markdown-preview-translations.en.body');
    await expect(preview.locator('strong')).toHaveText('bold');
    await expect(preview.locator('script, img, [onerror]')).toHaveCount(0);
    await expect(preview.getByRole('link', { name: 'site' })).toHaveAttribute('href', 'https://example.org');
    await expect(preview.locator('a', { hasText: 'click' })).not.toHaveAttribute('href', /./);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('an upload of the wrong type is refused with a message next to the picker', async ({ page }) => {
    await open(page, '/en/admin/medias/new');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await page.getByLabel(t('admin.upload.chooseMedia')).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(svg) });
    const upload = page.getByTestId('upload-medias');
    await expect(upload.getByRole('alert')).toContainText(t('admin.error.UNSUPPORTED_FILE_TYPE'));
    await expect(page).toHaveURL(/\/en\/admin\/medias\/new$/);
  });

  test('a video link is added from the keyboard on a phone-sized screen, refused with a sentence when unsupported, and edited on its page', async ({
    page,
  }) => {
    const fr = getTranslator('fr');
    await page.setViewportSize({ width: 360, height: 800 });
    await open(page, '/fr/admin/medias/new');
    // Fits a phone: neither the file picker nor the link form widens the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const address = page.getByLabel(fr('admin.field.embedUrl'));
    await address.fill('https://example.com/clip.mp4');
    await address.press('Enter');
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.admin-video-link .admin-field__errors')).toHaveText(fr('admin.error.UNSUPPORTED_VIDEO_LINK'));
    await expect(page).toHaveURL(/\/fr\/admin\/medias\/new$/);

    const title = `Bande-annonce ${uniqueToken()}`;
    await page.getByLabel(fr('admin.field.alt')).fill(title);
    await address.fill('https://youtu.be/dQw4w9WgXcQ?si=partage');
    await address.press('Enter');
    await expect(page).toHaveURL(/\/fr\/admin\/medias\/\d+$/);
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const saved = page.getByLabel(fr('admin.field.embedUrl'));
    await expect(saved).toHaveValue('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(page.getByRole('link', { name: fr('admin.medias.videoLink.watch', { provider: 'YouTube' }) })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    await expect(page.getByLabel(fr('admin.field.focalX'))).toHaveCount(0);

    await saved.fill('https://player.vimeo.com/video/76979871');
    await page.getByRole('button', { name: fr('admin.form.save') }).click();
    await expect(page.getByRole('link', { name: fr('admin.medias.videoLink.watch', { provider: 'Vimeo' }) })).toHaveAttribute(
      'href',
      'https://vimeo.com/76979871',
    );
    await expect(saved).toHaveValue('https://vimeo.com/76979871');
    const { violations } = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('a form with errors shows them next to their fields and stays accessible', async ({ page }) => {
    await open(page, '/en/admin/events/new');
    await page.getByLabel(t('admin.field.title')).fill('No dates yet');
    await page.getByRole('button', { name: t('admin.form.create') }).click();
    const startsAt = page.getByLabel(t('admin.field.startsAt'));
    await expect(startsAt).toHaveAttribute('aria-invalid', 'true');
    await expect(startsAt).toBeFocused();
    await expect(page.locator('.admin-form__summary')).toContainText(`${t('admin.field.startsAt')}: ${t('admin.error.REQUIRED')}`);
    const { violations } = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('the first load of an admin screen stays within 150 KB of gzipped JavaScript', async ({ page, browser, baseURL }) => {
    // The edit screen of an existing event is the heaviest: the form plus its Notes panel.
    const event = await newEvent(page, `Budget ${uniqueToken()}`);
    const storageState = await page.context().storageState();
    for (const path of ['/en/admin/events/new', `/en/admin/events/${event.id}`, '/en/admin/events', '/en/admin/programme', '/en/admin/review']) {
      // A fresh context each time: an empty HTTP cache, as on a first visit, with the same session.
      const context = await browser.newContext({ storageState, ...(baseURL ? { baseURL } : {}) });
      const fresh = await context.newPage();
      const sizes: Promise<[string, number]>[] = [];
      fresh.on('response', (response) => {
        if (response.request().resourceType() === 'script') sizes.push(response.body().then((body) => [response.url(), gzipSync(body, { level: 6 }).length]));
      });
      await open(fresh, path);
      await fresh.waitForLoadState('networkidle');
      const measured = await Promise.all(sizes);
      await context.close();
      const total = measured.reduce((sum, [, size]) => sum + size, 0);
      expect(measured.length).toBeGreaterThan(0);
      expect(total, `${path}: ${measured.map(([url, size]) => `${url} ${size}`).join(', ')}`).toBeLessThanOrEqual(150 * 1024);
    }
  });
});
