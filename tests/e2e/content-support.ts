/**
 * Content the hub journeys state for themselves (decision 015), made with the factories of
 * `tests/helpers/factories.ts` through the admin API of the shared e2e server, as a fresh editor
 * signed in in a browser context of its own: the visitor's page stays signed out.
 */
import type { Browser } from '@playwright/test';
import { adminClient, type AdminClient } from '../helpers/admin-client.ts';
import { signInAsEditor } from './admin-support.ts';

/** An admin API client of a fresh editor on the e2e server, for the factories. */
export async function editorClient(browser: Browser): Promise<AdminClient> {
  const origin = process.env['E2E_BASE_URL'];
  if (!origin) throw new Error('E2E_BASE_URL is not set: run through the Playwright global setup');
  const context = await browser.newContext({ baseURL: origin });
  try {
    await signInAsEditor(await context.newPage());
    const cookies = await context.cookies(origin);
    return adminClient(origin, cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '));
  } finally {
    await context.close();
  }
}
