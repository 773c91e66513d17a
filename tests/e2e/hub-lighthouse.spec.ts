/**
 * Lighthouse's accessibility, best-practices and SEO categories on the English home, the edition
 * it features and an event it lists: each at least 0.95 (decision 040). Performance is a speed
 * figure of the machine as much as of the page: it is measured by `npm run bench:lighthouse`,
 * never asserted. About 15 s a page on a loaded two-core machine, most of it axe and
 * Lighthouse's waits for a quiet page.
 */
import { expect, test } from '@playwright/test';
import { killAll } from 'chrome-launcher';
import { auditPages, findHubPages } from '../helpers/lighthouse.ts';

// A test stopped at its timeout leaves Lighthouse's browser running: close it all the same.
test.afterAll(() => {
  killAll();
});

test('home, edition and event pages score at least 95 in accessibility, best practices and SEO', async ({ baseURL }) => {
  test.setTimeout(90_000);
  const pages = await findHubPages(baseURL!);
  const reports = await auditPages(baseURL!, pages, ['accessibility', 'best-practices', 'seo']);
  for (const report of reports) {
    // The audits that lost points name what to fix when a score drops.
    const lost = report.failing.map((audit) => `${audit.category}: ${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
      expect.soft(report.scores[category], `${report.name} ${report.path} ${category}; lost points: ${lost.join(', ') || 'none'}`).toBeGreaterThanOrEqual(95);
    }
  }
});
