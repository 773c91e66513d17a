/**
 * Keyboard journeys of the admin specs: whether the focused control can be seen (on screen, not
 * under a sticky bar, no sideways scroll), and Tab (or Shift+Tab) to a control checking every stop.
 */
import { expect, type Page } from '@playwright/test';

/** What is wrong with the focused control: off screen, or covered where it shows (a sticky bar); null when fine. */
export function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'nothing is focused';
    const rect = element.getBoundingClientRect();
    const name = `${element.tagName.toLowerCase()} «${(element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 40)}»`;
    if (!(rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth)) return `${name} is outside the viewport`;
    const x = (Math.max(rect.left, 0) + Math.min(rect.right, innerWidth)) / 2;
    const y = (Math.max(rect.top, 0) + Math.min(rect.bottom, innerHeight)) / 2;
    const top = document.elementFromPoint(x, y);
    if (top && top !== element && !element.contains(top) && !top.contains(element))
      return `${name} is covered by ${top.tagName.toLowerCase()}.${[...top.classList].join('.')}`;
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) return 'the page scrolls sideways';
    return null;
  });
}

/** Presses `key` until `target` has focus (at most `limit` times), checking every stop on the way. */
export async function tabTo(page: Page, target: ReturnType<Page['locator']>, key = 'Tab', limit = 400): Promise<void> {
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
    expect(await focusProblem(page), `after ${key} × ${step + 1}`).toBeNull();
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}
