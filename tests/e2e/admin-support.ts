/**
 * Helpers of the admin e2e specs: a `test` that fails on any browser console error, a signed-in
 * editor on the worker's e2e server (signed up through the API, role granted as `npm run users`
 * grants it, on the e2e database), and test images made with sharp.
 */
import { randomUUID } from 'node:crypto';
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';
import sharp from 'sharp';
import { axeOn } from './axe.ts';
import { openDatabase } from '../../db/client.ts';
import { grantRole } from '../helpers/auth.ts';

/**
 * A 4xx answer of the admin API that the test provoked (a 409 conflict, a 422): Chromium logs
 * every failed fetch as a console error, though the screen handles it as designed.
 */
function isExpectedApiRefusal(message: ConsoleMessage): boolean {
  return /status of 4\d\d/.test(message.text()) && new URL(message.location().url || 'about:blank', 'http://x').pathname.startsWith('/api/admin/');
}

/**
 * `test` of the admin specs: every page of the test's browser context is watched, and the test
 * fails on any console error or uncaught exception (a React hydration mismatch, a failed
 * island), naming the page it came from.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      context.on('console', (message) => {
        // A failed load names its resource only in the message's location.
        const resource = message.text().startsWith('Failed to load resource') ? ` (${message.location().url})` : '';
        if (message.type() === 'error' && !isExpectedApiRefusal(message)) errors.push(`${message.page()?.url() ?? '?'}: ${message.text()}${resource}`);
      });
      context.on('weberror', (error) => errors.push(`${error.page()?.url() ?? '?'}: ${error.error().message}`));
      await use(errors);
      expect(errors, 'console errors on admin screens').toEqual([]);
    },
    { auto: true },
  ],
});
/** The password of the accounts these helpers create. */
export const PASSWORD = 'a long enough e2e password';

/** A short unique token for names that must not collide with demo content or other runs. */
export function uniqueToken(): string {
  return randomUUID().replace(/-/g, '').slice(0, 8);
}

/** Grants a role on the e2e database, as `npm run users -- grant` does (tests/helpers/auth.ts). */
async function grantE2eRole(email: string, role: 'admin' | 'editor'): Promise<{ ok: boolean; output: string }> {
  const databaseUrl = process.env['E2E_DATABASE_URL'];
  if (!databaseUrl) throw new Error('E2E_DATABASE_URL is not set: run through the Playwright global setup');
  const granted = await grantRole(databaseUrl, email, role);
  return granted.ok ? { ok: true, output: '' } : { ok: false, output: granted.code };
}

/** Signs the page's browser context up and in as a new account with no role (the first one of a server is its admin). */
export async function signUp(page: Page, email: string): Promise<void> {
  const origin = new URL(page.url() === 'about:blank' ? (process.env['E2E_BASE_URL'] ?? '') : page.url()).origin;
  const response = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: { name: `Editor ${email.split('@')[0]}`, email, password: PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  // Sign-up signs no one in (it answers the same for a taken address): sign in next.
  const signedIn = await page.request.post('/api/auth/sign-in/email', { headers: { origin }, data: { email, password: PASSWORD } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
}

/**
 * Signs the page's browser context in as a fresh editor. On a server with no account yet, the
 * first sign-up becomes the administrator (and cannot be demoted, being the last one): then a
 * second account is made the editor, so the outcome is the same whichever spec runs first.
 */
export async function signInAsEditor(page: Page): Promise<string> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const email = `editor-${uniqueToken()}@e2e.example`;
    await page.context().clearCookies();
    await signUp(page, email);
    const grant = await grantE2eRole(email, 'editor');
    if (grant.ok) {
      await page.goto('/en/admin');
      await expect(page.getByTestId('admin-user')).toContainText('Editor');
      return email;
    }
    if (grant.output !== 'LAST_ADMIN') throw new Error(`granting editor failed: ${grant.output}`);
  }
  throw new Error('could not get an editor account');
}

/** Stores a message as the contact form would, with long words that must wrap on a phone. */
export async function storeContactMessage(subject: string): Promise<number> {
  const url = process.env['E2E_DATABASE_URL'];
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run through the Playwright global setup');
  const db = await openDatabase({ url });
  try {
    const now = Date.now();
    const { rows } = await db.$client.execute({
      sql: `INSERT INTO contact_messages (locale, name, email, subject, message, consent_at, created_at)
            VALUES ('fr', 'Marie-Thérèse Vandenberghe-Delacroix', ?, ?, ?, ?, ?) RETURNING id`,
      args: [
        `marie-therese.vandenberghe-delacroix.${uniqueToken()}@une-tres-longue-adresse.example`,
        subject,
        'Bonjour,\n\nnous aimerions savoir si les ateliers https://www.example.org/programme/ateliers-de-printemps-2031-inscriptions sont accessibles.',
        now,
        now,
      ],
    });
    return Number(rows[0]!['id']);
  } finally {
    db.$client.close();
  }
}

/** Signs the page's browser context in as a fresh administrator (granted as `npm run users` grants it). */
export async function signInAsAdmin(page: Page): Promise<string> {
  const email = `admin-${uniqueToken()}@e2e.example`;
  await page.context().clearCookies();
  await signUp(page, email);
  const grant = await grantE2eRole(email, 'admin');
  if (!grant.ok) throw new Error(`granting admin failed: ${grant.output}`);
  await page.goto('/en/admin');
  await expect(page.getByTestId('admin-user')).toContainText('Administrator');
  return email;
}

/**
 * The page as it is now: no WCAG 2.1 AA violation axe can find, and no sideways scrolling.
 * `skipFrames`: frames axe cannot enter (a sandboxed frame refuses its script).
 */
export async function expectAccessible(page: Page, label: string, skipFrames: readonly string[] = []): Promise<void> {
  let builder = axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of skipFrames) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label}: horizontal scroll`).toBeLessThanOrEqual(0);
}

/**
 * Waits until every island of the page is hydrated: Astro drops the `ssr` attribute when it starts
 * hydrating an island, and an admin form enables its fields only once React has taken them over
 * (use-hydrated.ts). Astro's mark alone is not enough: on a busy machine the form was still
 * disabled after it, and a key pressed on its Save button was lost.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.locator('fieldset.admin-form__fields:disabled')).toHaveCount(0);
}

/** A real PNG of the given size, with a gradient so it is not trivially compressible. */
export async function makePng(width = 1200, height = 800): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
