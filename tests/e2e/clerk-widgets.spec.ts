/**
 * Clerk's hosted widgets speak the page's language, in Chromium, against the build that includes
 * Clerk. Clerk's scripts come from its Frontend API, which this machine cannot reach: the two
 * script URLs are answered here with small stand-ins that record what `@clerk/astro` asks of
 * them (load options, option updates, mounts). Everything between — the integration's loader,
 * its stores and our localization script — is the real code of the build.
 */
import { expect, test, type Page } from '@playwright/test';
import { CLERK_DIST, CLERK_FRONTEND_API, CLERK_PUBLISHABLE_KEY, CLERK_SECRET_KEY, ensureClerkBuild } from '../helpers/clerk-build.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** Stands in for clerk-js: records calls in `window.__clerkCalls`, in order. */
const clerkJsStandIn = `
  window.__clerkCalls = [];
  const record = (call) => window.__clerkCalls.push(call);
  const mount = (name) => (element, props) => {
    record({ call: name, locale: window.Clerk.localization?.locale ?? null });
    element.textContent = name;
  };
  window.Clerk = {
    loaded: false,
    localization: undefined,
    async load(options) {
      this.localization = options.localization;
      record({ call: 'load', locale: options.localization?.locale ?? null });
      this.loaded = true;
    },
    __internal_updateProps({ options }) {
      this.localization = options.localization;
      record({ call: 'update', locale: options.localization?.locale ?? null, title: options.localization?.signIn?.start?.title ?? null });
    },
    addListener() { return () => {}; },
    mountSignIn: mount('mountSignIn'),
    mountSignUp: mount('mountSignUp'),
  };
`;

let server: TestServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(300_000);
  ensureClerkBuild();
  server = await startTestServer({
    HUB_DIST_DIR: CLERK_DIST,
    HUB_DEMO: '0',
    PUBLIC_CLERK_PUBLISHABLE_KEY: CLERK_PUBLISHABLE_KEY,
    CLERK_SECRET_KEY: CLERK_SECRET_KEY,
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function standInForClerk(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(`https://${CLERK_FRONTEND_API}/**`, (route) => {
    const url = route.request().url();
    requested.push(url);
    if (url.includes('/npm/@clerk/clerk-js@')) return route.fulfill({ contentType: 'text/javascript', body: clerkJsStandIn });
    if (url.includes('/npm/@clerk/ui@')) return route.fulfill({ contentType: 'text/javascript', body: 'window.__internal_ClerkUICtor = class ClerkUI {};' });
    return route.fulfill({ status: 404, body: '' });
  });
  return requested;
}

type Call = { call: string; locale: string | null; title?: string | null };
const callsOf = (page: Page) => page.evaluate(() => (window as unknown as { __clerkCalls?: Call[] }).__clerkCalls ?? []);

for (const [locale, clerkLocale, widget, path] of [
  ['fr', 'fr-FR', 'mountSignIn', 'sign-in'],
  ['de', 'de-DE', 'mountSignUp', 'sign-up'],
] as const) {
  test(`the ${path} widget is mounted in ${clerkLocale} on a ${locale} page`, async ({ page }) => {
    const requested = await standInForClerk(page);
    await page.goto(`${server.origin}/${locale}/admin/${path}`);
    await expect.poll(async () => (await callsOf(page)).map((call) => call.call)).toContain(widget);
    await expect.poll(async () => (await callsOf(page)).filter((call) => call.call === 'update').map((call) => call.locale)).toEqual([clerkLocale]);
    const calls = await callsOf(page);
    // Loaded once, mounted once, translated once: before the mount or, when Clerk was quicker
    // than this page's own script (as the instant stand-in can be), right after it.
    expect(calls.map((call) => call.call).sort()).toEqual(['load', 'update', widget].sort());
    const update = calls.find((call) => call.call === 'update')!;
    expect(update.title).toBeTruthy();
    expect(update.title).not.toBe('Sign in to {{applicationName}}');
    expect(await page.evaluate(() => (window as unknown as { Clerk: { localization?: { locale?: string } } }).Clerk.localization?.locale)).toBe(clerkLocale);
    expect(requested.some((url) => url.includes('/npm/@clerk/clerk-js@'))).toBe(true);
  });
}

test('an English page keeps Clerk’s own English', async ({ page }) => {
  await standInForClerk(page);
  await page.goto(`${server.origin}/en/admin/sign-in`);
  await expect.poll(async () => (await callsOf(page)).map((call) => call.call)).toContain('mountSignIn');
  expect((await callsOf(page)).map((call) => [call.call, call.locale])).toEqual([
    ['load', null],
    ['mountSignIn', null],
  ]);
});
