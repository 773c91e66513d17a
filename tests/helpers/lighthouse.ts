/**
 * Lighthouse on the hub's public face, shared by the benchmark (bench/lighthouse.ts, all four
 * categories at Lighthouse's mobile preset) and the e2e test of the categories that do not
 * measure speed. Debian's Chromium, launched headless by chrome-launcher.
 */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
/** A page's category scores, 0–100 (null when Lighthouse could not score one). */
export type Scores = Partial<Record<Category, number | null>>;

export interface AuditedPage {
  name: string;
  path: string;
}

/** Audits whose score is below 1 in a category, for reading why it lost points. */
export interface Failing {
  category: Category;
  id: string;
  title: string;
  score: number | null;
  /** What the audit reports (e.g. "LCP 3.1 s", "2 elements"), when it says anything. */
  displayValue?: string;
}

/** The performance category's metrics, in milliseconds (CLS unitless), when it was measured. */
export const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;
export type Metrics = Partial<Record<(typeof METRICS)[number], number>>;

export interface PageReport extends AuditedPage {
  url: string;
  scores: Scores;
  metrics: Metrics;
  failing: Failing[];
  /** Lighthouse's measure of this machine's speed at the time (a loaded machine scores low). */
  benchmarkIndex: number | undefined;
}

/**
 * The three pages the public face is judged on: the English home, the edition it features
 * (the current or next one) and the first event it lists.
 */
export async function findHubPages(origin: string): Promise<AuditedPage[]> {
  const html = await (await fetch(`${origin}/en`)).text();
  const edition = /href="(\/en\/hub\/edition\/[^"?#]+)"/.exec(html)?.[1];
  const event = /href="(\/en\/hub\/event\/[^"?#]+)"/.exec(html)?.[1];
  if (!edition || !event) throw new Error('the home page links no edition or no event: is there demo content?');
  return [
    { name: 'home', path: '/en' },
    { name: 'edition', path: edition },
    { name: 'event', path: event },
  ];
}

/** Debian's Chromium (CHROMIUM_PATH to use another), headless, as root in a container. */
export function launchChromium(): Promise<LaunchedChrome> {
  return launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
}

/**
 * Runs Lighthouse on each page in one browser (it resets storage between pages), at its default
 * settings: simulated throttling, which only computes the performance figures and leaves the
 * page's own load alone (`provided` or `devtools` throttling would make Lighthouse wait 5 s of
 * quiet at each step). No full-page screenshot: it only illustrates an HTML report.
 */
export async function auditPages(origin: string, pages: AuditedPage[], categories: readonly Category[] = CATEGORIES): Promise<PageReport[]> {
  const chrome = await launchChromium();
  try {
    const reports: PageReport[] = [];
    for (const page of pages) {
      const url = `${origin}${page.path}`;
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        disableFullPageScreenshot: true,
      };
      const result = await lighthouse(url, flags);
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const scores: Scores = {};
      const failing: Failing[] = [];
      for (const category of categories) {
        const entry = lhr.categories[category];
        scores[category] = entry?.score === null || entry?.score === undefined ? null : Math.round(entry.score * 100);
        for (const ref of entry?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
          failing.push({ category, id: ref.id, title: audit.title, score: audit.score, ...(audit.displayValue ? { displayValue: audit.displayValue } : {}) });
        }
      }
      const metrics: Metrics = {};
      for (const id of categories.includes('performance') ? METRICS : []) {
        const value = lhr.audits[id]?.numericValue;
        if (value !== undefined)
          metrics[id] = Math.round(value * (id === 'cumulative-layout-shift' ? 1000 : 1)) / (id === 'cumulative-layout-shift' ? 1000 : 1);
      }
      reports.push({ ...page, url, scores, metrics, failing, benchmarkIndex: lhr.environment.benchmarkIndex });
    }
    return reports;
  } finally {
    chrome.kill();
  }
}
