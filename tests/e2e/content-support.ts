/**
 * Content the e2e journeys state for themselves (decision 015), made with the factories of
 * `tests/helpers/factories.ts` through the admin API of the shared e2e server: as a fresh editor
 * signed in in a browser context of its own (the visitor's page stays signed out), or as the user
 * a page is signed in as.
 */
import type { Browser, Page } from '@playwright/test';
import { adminClient, type AdminClient } from '../helpers/admin-client.ts';
import { signInAsEditor } from './admin-support.ts';

/** The shared e2e server's origin (set by the Playwright global setup). */
function e2eOrigin(): string {
  const origin = process.env['E2E_BASE_URL'];
  if (!origin) throw new Error('E2E_BASE_URL is not set: run through the Playwright global setup');
  return origin;
}

/** An admin API client with the session of `page`'s browser context, for the factories. */
export async function pageClient(page: Page): Promise<AdminClient> {
  const origin = e2eOrigin();
  const cookies = await page.context().cookies(origin);
  return adminClient(origin, cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '));
}

/** An admin API client of a fresh editor on the e2e server, for the factories. */
export async function editorClient(browser: Browser): Promise<AdminClient> {
  const context = await browser.newContext({ baseURL: e2eOrigin() });
  try {
    const page = await context.newPage();
    await signInAsEditor(page);
    return await pageClient(page);
  } finally {
    await context.close();
  }
}
