/**
 * Screenshots of every public page type at 360 and 1280 px, in light and dark mode, for the design
 * record (docs/decisions/040): the first screen of each page, as WebP.
 *
 *   node scripts/screenshots.ts --base http://127.0.0.1:4321 [--out docs/decisions/040-public-design] [--locale en]
 *
 * Runs against a server with the demo content (`npm start`); drives Chromium at /usr/bin/chromium.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:4321' },
    out: { type: 'string', default: 'docs/decisions/040-public-design' },
    locale: { type: 'string', default: 'en' },
  },
});
const base = values.base;
const locale = values.locale;
const widths = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const schemes = ['light', 'dark'] as const;

/** The first link on `path` whose address starts with `prefix` (demo content decides the slugs). */
async function firstLink(page: Page, path: string, prefix: string): Promise<string> {
  await page.goto(new URL(path, base).href);
  const href = await page.locator(`a[href^="${prefix}"]`).first().getAttribute('href');
  if (!href) throw new Error(`no link starting with ${prefix} on ${path}`);
  return href.split('#')[0]!;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const scout = await browser.newPage();
const hub = `/${locale}/hub`;
const edition = await firstLink(scout, `/${locale}`, `${hub}/edition/`);
const event = await firstLink(scout, edition, `${hub}/event/`);
const venue = await firstLink(scout, event, `${hub}/venue/`);
const person = await firstLink(scout, event, `${hub}/curator/`).catch(() => firstLink(scout, event, `${hub}/organizer/`));
await scout.close();

const pageTypes: [string, string][] = [
  ['home', `/${locale}`],
  ['hub', hub],
  ['today', `${hub}/today`],
  ['editions', `${hub}/editions`],
  ['edition', edition],
  ['timetable', `${edition}/schedule`],
  ['event', event],
  ['venues', `${hub}/venues`],
  ['venue', venue],
  ['people', `${hub}/people`],
  ['person', person],
  ['search', `${hub}/search?q=concert`],
  ['agenda', `${hub}/agenda`],
  ['contact', `${hub}/contact`],
  ['about', `${hub}/about`],
  ['embed', `/${locale}/embed/events`],
  ['not-found', `${hub}/event/no-such-event`],
];

mkdirSync(values.out, { recursive: true });
const rows: string[] = [];
for (const [name, path] of pageTypes) {
  const cells: string[] = [];
  for (const size of widths) {
    for (const colorScheme of schemes) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, colorScheme });
      const page = await context.newPage();
      await page.goto(new URL(path, base).href, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      const file = `${name}-${size.name}-${colorScheme}.webp`;
      writeFileSync(
        join(values.out, file),
        await sharp(await page.screenshot())
          .webp({ quality: 60 })
          .toBuffer(),
      );
      cells.push(`![${name}, ${size.width} px, ${colorScheme}](${file})`);
      await context.close();
    }
  }
  rows.push(`| ${name} | ${cells.join(' | ')} |`);
}
await browser.close();
writeFileSync(
  join(values.out, 'README.md'),
  [
    `# Screenshots of the public pages (${locale}, first screen)`,
    '',
    'Made by `node scripts/screenshots.ts` against the demo content.',
    '',
    '| page | 360 px light | 360 px dark | 1280 px light | 1280 px dark |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
console.log(`${pageTypes.length * widths.length * schemes.length} screenshots in ${values.out}`);
