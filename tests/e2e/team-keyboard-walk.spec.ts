/**
 * Every screen of the team's own administration (sign-in, sign-up, password reset, team,
 * invitations, inbox, activity, account, sent mail), walked with the Tab key alone at 360 and
 * 1280 px in Chromium: each control that takes focus is on screen and not hidden under a sticky
 * bar (the point at its centre belongs to it), and the page never scrolls sideways.
 */
import { expect, type Page } from '@playwright/test';
import { signInAsAdmin, test } from './admin-support.ts';

interface Finding {
  step: number;
  what: string;
  problem: string;
}

/** Tabs through the page (until focus comes back round or `limit` presses) and lists what is wrong. */
async function walk(page: Page, limit = 80): Promise<Finding[]> {
  const findings: Finding[] = [];
  let first: string | null = null;
  for (let step = 1; step <= limit; step++) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const rect = element.getBoundingClientRect();
      const what = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} «${(element.textContent || element.getAttribute('aria-label') || element.getAttribute('name') || '').trim().slice(0, 40)}»`;
      const key = `${what}@${Math.round(rect.left + scrollX)},${Math.round(rect.top + scrollY)}`;
      const sideways = document.documentElement.scrollWidth > document.documentElement.clientWidth;
      if (rect.width === 0 && rect.height === 0) return { key, what, problem: null, sideways };
      const inView = rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth;
      if (!inView) return { key, what, problem: 'outside the viewport', sideways };
      // The visible part's centre: what sits on top there must be the control (or inside it).
      const x = (Math.max(rect.left, 0) + Math.min(rect.right, innerWidth)) / 2;
      const y = (Math.max(rect.top, 0) + Math.min(rect.bottom, innerHeight)) / 2;
      const top = document.elementFromPoint(x, y);
      const covered = top && top !== element && !element.contains(top) && !top.contains(element);
      const label = covered ? top.closest('label') : null;
      const coveredBy = covered && !(label && label.contains(element)) ? `${top.tagName.toLowerCase()}.${[...top.classList].join('.')}` : null;
      return { key, what, problem: coveredBy ? `covered by ${coveredBy}` : null, sideways };
    });
    if (!seen) continue;
    if (seen.key === first) break;
    first ??= seen.key;
    if (seen.problem) findings.push({ step, what: seen.what, problem: seen.problem });
    if (seen.sideways) findings.push({ step, what: seen.what, problem: 'the page scrolls sideways' });
  }
  return findings;
}

async function walkAtBothWidths(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 740 });
    const response = await page.goto(path);
    // An unknown reset link answers 410 with its page: still a screen to walk.
    expect(response?.status(), path).toBeLessThan(500);
    for (const finding of await walk(page)) problems.push(`${path} at ${width} px, Tab ${finding.step}: ${finding.what} ${finding.problem}`);
  }
  return problems;
}

test('the team’s screens can be used with the keyboard alone at 360 and 1280 px', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  // Signed out, in a context of its own.
  const visitor = await browser.newPage();
  for (const path of ['/en/admin/sign-in', '/fr/admin/sign-up', '/de/admin/sign-in/forgot-password', '/en/admin/sign-in/reset-password?token=unknown']) {
    problems.push(...(await walkAtBothWidths(visitor, path)));
  }
  await visitor.close();

  await page.goto('/en/admin/sign-in');
  await signInAsAdmin(page);
  for (const path of ['/en/admin/team', '/fr/admin/team/invitations', '/en/admin/inbox', '/de/admin/activity', '/en/admin/account', '/fr/admin/mail']) {
    problems.push(...(await walkAtBothWidths(page, path)));
  }
  expect(problems).toEqual([]);
});
