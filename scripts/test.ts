/**
 * `npm test`: every tier CI runs — Vitest (unit + integration), then Playwright e2e in Chromium
 * against the built server — and one closing summary line over all of them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
rmSync('test-reports', { recursive: true, force: true });
mkdirSync('test-reports', { recursive: true });

function run(args: string[]): number {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env });
  return result.status ?? 1;
}

const vitestStatus = run(['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-reports/vitest.json']);
const playwrightStatus = run(['node_modules/@playwright/test/cli.js', 'test']);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync('test-reports/vitest.json')) {
  const report = JSON.parse(readFileSync('test-reports/vitest.json', 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
if (existsSync('test-reports/playwright.json')) {
  const { stats } = JSON.parse(readFileSync('test-reports/playwright.json', 'utf8'));
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
  skipped += stats.skipped;
}
const status = vitestStatus || playwrightStatus || (failed > 0 ? 1 : 0);
if (passed === 0) console.error('No test ran.');
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(passed === 0 ? 1 : status);
