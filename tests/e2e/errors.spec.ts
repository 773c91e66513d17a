/**
 * Error screens in Chromium, against a production build with Sentry switched on (browser and
 * server DSN pointing at a local stand-in), fault injection enabled (`HUB_TEST_HOOKS=1`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { clientErrorSentence, serverErrorSentence } from '../../src/components/errors/messages.ts';
import { locales } from '../../src/i18n/config.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { buildSite, isBuildStale } from '../../src/server/runtime/build-state.ts';
import { startSentryStandIn, type SentryStandIn } from '../helpers/sentry-stand-in.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DIST = 'dist-sentry';
// The browser DSN is inlined at build time, so the stand-in needs a port known before the build.
// It lies below Linux's ephemeral range (32768–60999): every other socket of the run, a client's
// or a server's on port 0, is given a port from that range, so none of them can be holding it.
const SENTRY_PORT = 29342;
const DSN = `http://e2epublickey@127.0.0.1:${SENTRY_PORT}/42`;

/** Builds the Sentry-enabled variant into dist-sentry/, unless it is fresh and built for this DSN. */
function buildSentryVariant(): void {
  const stamp = join(root, DIST, 'sentry-dsn.txt');
  if (!isBuildStale(root, DIST) && existsSync(stamp) && readFileSync(stamp, 'utf8') === DSN) return;
  const env = { ...process.env, SENTRY_DSN: DSN, PUBLIC_SENTRY_DSN: DSN };
  // A concurrent build of another variant can make one attempt fail on a missing file: retry once.
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    if (buildSite(root, { distDir: DIST, env })) {
      writeFileSync(stamp, DSN);
      return;
    }
  }
  throw new Error('the Sentry-enabled build failed');
}

let sentry: SentryStandIn;
let server: TestServer;
let host: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(300_000);
  const [ephemeralLow, ephemeralHigh] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  expect(SENTRY_PORT < ephemeralLow! || SENTRY_PORT > ephemeralHigh!, `port ${SENTRY_PORT} is inside the ephemeral range`).toBe(true);
  sentry = await startSentryStandIn(SENTRY_PORT);
  buildSentryVariant();
  server = await startTestServer({
    HUB_DIST_DIR: DIST,
    HUB_DEMO: '0',
    HUB_TEST_HOOKS: '1',
    SENTRY_DSN: DSN,
    PUBLIC_SENTRY_DSN: DSN,
  });
  host = new URL(server.origin).host;
});

test.afterAll(async () => {
  await server?.stop();
  await sentry?.close();
});

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('an island that throws while rendering shows the client-side screen, and its report reaches Sentry through /monitoring', async ({ page }) => {
  const consoleErrors = collectConsoleErrors(page);
  const tunnelled = page.waitForRequest(
    (request) => request.url() === `${server.origin}/monitoring` && (request.postData() ?? '').includes('Deliberate client-side failure'),
  );
  await page.goto(`${server.origin}/en/test-hooks/client-crash`);

  const screen = page.locator('[data-error-boundary="app"]');
  await expect(screen.locator('.app-error__sentence')).toHaveText(clientErrorSentence(host));
  await expect(screen).not.toContainText('Digest');
  await expect(screen.getByRole('button', { name: getTranslator('en')('errors.app.reload') })).toBeVisible();
  await expect(page.locator('#outside-island')).toBeVisible();
  expect(consoleErrors.some((text) => text.includes('Deliberate client-side failure'))).toBe(true);

  // The browser SDK posts the envelope to our tunnel, which relays the same bytes to "Sentry".
  const request = await tunnelled;
  expect((await request.response())?.status()).toBe(200);
  const sent = request.postDataBuffer()!;
  expect(sent.toString()).toContain(`"dsn":"${DSN}"`);
  const forwarded = await sentry.waitFor((r) => r.url === '/api/42/envelope/' && r.body.includes('Deliberate client-side failure'));
  expect(forwarded.body.equals(sent)).toBe(true);
});

test('a server failure behind an island shows the server-side screen with the digest of the server log line', async ({ page }) => {
  await page.goto(`${server.origin}/fr/test-hooks/digest-crash`);
  const screen = page.locator('[data-error-boundary="app"]');
  await expect(screen.locator('.app-error__sentence')).toHaveText(serverErrorSentence(host));
  await expect(screen.getByRole('button', { name: getTranslator('fr')('errors.app.reload') })).toBeVisible();
  const digest = /^Digest: ([0-9a-f]{12})$/.exec((await screen.locator('.app-error__digest').textContent()) ?? '')?.[1];
  expect(digest).toBeDefined();

  await expect.poll(() => server.logs()).toContain(`"digest":"${digest}"`);
  const line = server
    .logs()
    .split('\n')
    .find((l) => l.includes(`"digest":"${digest}"`))!;
  expect(JSON.parse(line)).toMatchObject({ level: 'error', path: '/api/test-hooks/throw', status: 500 });

  // The server SDK reports the exception itself, tagged with the same digest.
  const serverEvent = await sentry.waitFor(
    (r) => r.url.startsWith('/api/42/envelope/?') && r.body.includes(`"digest":"${digest}"`) && r.body.includes('InjectedFault'),
  );
  const event = JSON.parse(serverEvent.body.toString().split('\n')[2]!) as { tags?: Record<string, string>; platform?: string };
  expect(event.platform).toBe('node');
  expect(event.tags?.digest).toBe(digest);
});

test('"Try again" restores a section after a transient failure while the rest of the page keeps working', async ({ page }) => {
  const t = getTranslator('de');
  await page.goto(`${server.origin}/de/test-hooks/flaky-section`);
  const flaky = page.getByRole('region', { name: 'Flaky section' });
  const healthy = page.getByRole('region', { name: 'Healthy section' });

  await expect(flaky.getByRole('alert')).toContainText(t('errors.section.title'));
  await expect(flaky.getByRole('alert')).toContainText(/Digest: [0-9a-f]{12}/);
  await healthy.getByRole('button').click();
  await healthy.getByRole('button').click();
  await expect(healthy.getByRole('button')).toHaveText('Clicked 2 times');

  await flaky.getByRole('button', { name: t('errors.section.retry') }).click();
  await expect(flaky.getByTestId('flaky-data')).toHaveText('Loaded on attempt 2');
  await expect(flaky.getByRole('alert')).toHaveCount(0);
  // The healthy section was not remounted: its state survived the other section's reset.
  await expect(healthy.getByRole('button')).toHaveText('Clicked 2 times');
  await expect(page.locator('#outside-island')).toBeVisible();
});

for (const locale of locales) {
  test(`404, 401 and 403 screens in ${locale}`, async ({ page }) => {
    const t = getTranslator(locale);
    // The browser SDK reports errors only: browsing pages that work sends nothing to the tunnel.
    const tunnelPosts: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/monitoring') tunnelPosts.push(request.url());
    });

    const notFound = await page.goto(`${server.origin}/${locale}/no-such-page`);
    expect(notFound?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('errors.404.title'));
    await page.getByRole('link', { name: t('errors.backToHub') }).click();
    await expect(page).toHaveURL(`${server.origin}/${locale}/hub`);

    const unauthorized = await page.goto(`${server.origin}/${locale}/test-hooks/unauthorized`);
    expect(unauthorized?.status()).toBe(401);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('errors.401.title'));
    await expect(page.getByRole('link', { name: t('errors.signIn') })).toHaveAttribute(
      'href',
      `/${locale}/admin/sign-in?redirect_url=${encodeURIComponent(`/${locale}/test-hooks/unauthorized`)}`,
    );

    const forbidden = await page.goto(`${server.origin}/${locale}/test-hooks/forbidden`);
    expect(forbidden?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('errors.403.title'));
    await expect(page.getByRole('button', { name: t('errors.signOut') })).toBeVisible();
    await expect(page.getByRole('link', { name: t('errors.backToHub') })).toHaveAttribute('href', `/${locale}/hub`);
    await page.goto('about:blank');
    expect(tunnelPosts).toEqual([]);
  });
}
