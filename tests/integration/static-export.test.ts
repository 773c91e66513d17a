/**
 * `npm run export` on the demo site (the built server, its real database file): the whole hub,
 * and one edition, written as folders a static host serves. Every sitemap URL of every locale is
 * a file, no internal link or image source points at a missing file, feeds, calendars, schedule
 * exports, embeds and media variants are there, and Pagefind indexed each language.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../src/i18n/config.ts';
import { exportSite, type ExportReport } from '../../src/server/static-export/export-site.ts';
import { findBrokenArchiveLinks } from '../helpers/archive-links.ts';
import { makeTempDir } from '../helpers/db.ts';
import { copySeededTemplate } from '../helpers/template.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const baseUrl = 'https://archive.example.org/2026/';
const edition = 'common-ground-autumn-2026';
const otherEdition = 'borrowed-light-spring-2027';

let whole: { out: string; report: ExportReport };
let oneEdition: { out: string; report: ExportReport };

/** The archive file a `<loc>` of the archive's sitemap names. */
const fileOfLoc = (loc: string) => {
  const path = loc.slice(baseUrl.length);
  return path === '' || path.endsWith('/') ? `${path}index.html` : path;
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' });
}

beforeAll(async () => {
  const dir = makeTempDir('hub-export-');
  if (!copySeededTemplate(dir)) throw new Error('the integration setup prepares a demo database');
  const env = { ...process.env, DATABASE_URL: `file:${join(dir, 'hub.db')}`, UPLOADS_DIR: join(dir, 'uploads'), MAIL_DIR: join(dir, 'mail') };
  // Each export has a server of its own: run side by side, they use both cores.
  const [a, b] = await Promise.all([
    exportSite(root, { out: join(dir, 'whole'), baseUrl }, env),
    exportSite(root, { out: join(dir, 'edition'), edition }, env),
  ]);
  whole = { out: join(dir, 'whole'), report: a };
  oneEdition = { out: join(dir, 'edition'), report: b };
}, 180_000);

describe('the archive of the whole hub', () => {
  it('has a file for every sitemap URL, in every locale', () => {
    const sitemap = readFileSync(join(whole.out, 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    expect(locs.length).toBeGreaterThan(300);
    for (const locale of locales) expect(locs.some((loc) => loc.startsWith(`${baseUrl}${locale}/hub/event/`))).toBe(true);
    const missing = locs.filter((loc) => !loc.startsWith(baseUrl) || !existsSync(join(whole.out, fileOfLoc(loc))));
    expect(missing).toEqual([]);
    expect(whole.report.stats.failed).toEqual([]);
  });

  it('has no internal link, image or script that misses its file', () => {
    expect(findBrokenArchiveLinks(whole.out, { origins: [baseUrl.replace(/\/$/, '')] })).toEqual([]);
  });

  it('has the feeds, calendars, schedule exports, embeds, paginated lists and media variants the pages offer', () => {
    for (const locale of locales) {
      for (const file of [
        'hub/feed.xml',
        'hub/calendar.ics',
        `hub/edition/${edition}/calendar.ics`,
        `hub/edition/${edition}/schedule.xml`,
        `hub/edition/${edition}/schedule.json`,
        'embed/events/index.html',
        'hub/page/2/index.html',
      ])
        expect(existsSync(join(whole.out, locale, file)), `${locale}/${file}`).toBe(true);
      const events = readdirSync(join(whole.out, locale, 'hub/event'));
      for (const slug of events) expect(existsSync(join(whole.out, locale, 'embed/event', slug, 'index.html')), slug).toBe(true);
    }
    expect(readFileSync(join(whole.out, 'en/hub/calendar.ics'), 'utf8')).toMatch(/^BEGIN:VCALENDAR/);
    const webp = filesUnder(join(whole.out, 'media')).filter((file) => /\.\d+w\.webp$/.test(file));
    expect(webp.length).toBeGreaterThan(20);
    const bytes = readFileSync(join(whole.out, 'media', webp[0]!));
    expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('hides the contact form behind a note and says what the archive is', () => {
    const contact = readFileSync(join(whole.out, 'de/hub/contact/index.html'), 'utf8');
    expect(contact).toMatch(/<p class="notice" role="note">[^<]+<\/p><form hidden/);
    expect(contact).toContain('id="archive-note"');
    expect(existsSync(join(whole.out, 'sw.js'))).toBe(false);
  });

  it('is searchable in each language, with the hub search facets on its entity pages', () => {
    const entry = JSON.parse(readFileSync(join(whole.out, 'pagefind/pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    expect(Object.keys(entry.languages).sort()).toEqual([...locales].sort());
    for (const locale of locales) expect(entry.languages[locale]!.page_count).toBeGreaterThan(50);
    const event = readFileSync(join(whole.out, 'de/hub/event', readdirSync(join(whole.out, 'de/hub/event'))[0]!, 'index.html'), 'utf8');
    expect(event).toContain('data-pagefind-body');
    expect(event).toMatch(/data-pagefind-filter="Art:Veranstaltung"/);
    expect(readFileSync(join(whole.out, 'en/hub/search/index.html'), 'utf8')).toContain('id="archive-search"');
  });
});

describe('the archive of one edition', () => {
  it('holds the edition, its events and their pages, and not another edition', () => {
    for (const locale of locales) expect(existsSync(join(oneEdition.out, locale, 'hub/edition', edition, 'index.html'))).toBe(true);
    expect(existsSync(join(oneEdition.out, 'en/hub/edition', otherEdition))).toBe(false);
    const events = readdirSync(join(oneEdition.out, 'en/hub/event'));
    expect(events.length).toBeGreaterThan(5);
    expect(events.length).toBeLessThan(readdirSync(join(whole.out, 'en/hub/event')).length);
    const sitemap = readFileSync(join(oneEdition.out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`hub/edition/${edition}/`);
    expect(sitemap).not.toContain(otherEdition);
  });

  it('points the shared pages\u2019 links to what it does not hold at its note', () => {
    expect(findBrokenArchiveLinks(oneEdition.out)).toEqual([]);
    expect(readFileSync(join(oneEdition.out, 'en/hub/index.html'), 'utf8')).toContain('href="#archive-note"');
  });
});
