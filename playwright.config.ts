import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * E2E tests drive Debian's Chromium against the built production server, started on 127.0.0.1
 * with a fresh database of demo content (see tests/e2e/global-setup.ts). Each worker has a server
 * and a database of its own, so specs that change the site (its name, its colours) or count what
 * they made never see another worker's work. Files run in parallel; a file's tests stay in order
 * unless the file says otherwise.
 */
const workers = Number(process.env['E2E_WORKERS'] ?? 2);

/**
 * Debian's headless shell when it is installed (`.ci/run` installs it): the same Blink and V8 as
 * the full browser without its windowing and UI layers, so each test costs less CPU on a machine
 * where the browsers, the servers and the test runner share two cores. `CHROMIUM_PATH` picks another.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

// In a worker: the global setup started one server per worker slot (E2E_BASE_URL_0, _1, …); the
// specs and helpers read E2E_BASE_URL, E2E_DATABASE_URL and E2E_SERVER_DIR, so point them at this
// worker's own.
const slot = process.env['TEST_PARALLEL_INDEX'];
if (slot !== undefined) {
  for (const name of ['E2E_BASE_URL', 'E2E_DATABASE_URL', 'E2E_SERVER_DIR']) {
    const value = process.env[`${name}_${slot}`];
    if (value) process.env[name] = value;
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Two workers share two cores with their servers: a screen checked by axe at three widths can
  // take a minute on a loaded machine.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: 'test-reports/playwright.json' }]],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
