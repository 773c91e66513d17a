/**
 * `npm test`: every tier CI runs — Vitest (unit + integration), then Playwright e2e in Chromium
 * against the built server — and one closing summary line over all of them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

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
/** Every failed test, named again at the end, so a long log's tail still says what failed. */
const failures: string[] = [];
const firstLine = (message: unknown) =>
  String(message ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';

if (existsSync('test-reports/vitest.json')) {
  const report = JSON.parse(readFileSync('test-reports/vitest.json', 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test: { status: string }) => test.status === 'failed');
    for (const test of failedTests) failures.push(`vitest ${relative('.', file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`vitest ${relative('.', file.name)}: ${firstLine(file.message)}`);
  }
}

interface PlaywrightSuite {
  file: string;
  specs?: { title: string; line: number; ok: boolean; tests: { results: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}
function playwrightFailures(suite: PlaywrightSuite) {
  for (const spec of suite.specs ?? []) {
    if (spec.ok) continue;
    const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error?.message;
    failures.push(`playwright ${suite.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
  }
  for (const child of suite.suites ?? []) playwrightFailures(child);
}
if (existsSync('test-reports/playwright.json')) {
  const { stats, suites } = JSON.parse(readFileSync('test-reports/playwright.json', 'utf8'));
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
  skipped += stats.skipped;
  for (const suite of suites ?? []) playwrightFailures(suite);
}
if (failures.length) console.log(`\nFailed:\n${failures.map((failure) => `  ${failure.slice(0, 400)}`).join('\n')}`);
const status = vitestStatus || playwrightStatus || (failed > 0 ? 1 : 0);
if (passed === 0) console.error('No test ran.');
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(passed === 0 ? 1 : status);
