/**
 * Stemming and German spellings through the built server: the issue's examples in each locale
 * (content written through the admin API, searched on the public page), highlights on the words
 * as written, prefixes still matching, an admin edit re-indexing the new words, the start-up
 * rebuild of an index written by older code, and a results page past the last one answering 404.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../db/migrate.ts';
import { SEARCH_INDEX_VERSION } from '../../db/search-index.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEvent, type Created } from '../helpers/factories.ts';

const shared = useAdminServer({ HUB_DEMO: '0' });
/** A word found nowhere else, so each search lists only this file's events. */
const MARKER = 'quorvane';

type Translations = Partial<Record<'en' | 'fr' | 'de', { title: string; body?: string }>>;
const events: Record<string, Created> = {};

async function publish(name: string, translations: Translations): Promise<void> {
  const withMarker = Object.fromEntries(Object.entries(translations).map(([locale, text]) => [locale, { ...text, title: `${MARKER} ${text.title}` }]));
  events[name] = await createEvent(shared.app.admin, { status: 'published', translations: withMarker });
}

/** The slugs of the events a search page lists, in order, and the page itself. */
async function searchPage(locale: string, q: string, extra = '') {
  const page = await shared.app.server.html(`/${locale}/hub/search?q=${encodeURIComponent(`${MARKER} ${q}`)}${extra}`);
  const slugs = [...page.body.matchAll(new RegExp(`href="/${locale}/hub/event/([a-z0-9-]+)"`, 'g'))].map((match) => match[1]!);
  return { ...page, slugs };
}

const found = async (locale: string, q: string) => (await searchPage(locale, q)).slugs;
const slugsOf = (...names: string[]) => names.map((name) => events[name]!.slug);

beforeAll(async () => {
  await publish('concert', {
    en: { title: 'Harbour concert' },
    fr: { title: 'Concert du port' },
    de: { title: 'Hafenkonzert', body: 'Ein Konzert am Hafen.' },
  });
  await publish('concerts', { en: { title: 'Three concerts' }, fr: { title: 'Trois concerts' }, de: { title: 'Drei Konzerte' } });
  await publish('dance', { en: { title: 'Evening', body: 'Come and dance with us.' }, fr: { title: 'Soirée', body: 'On danse ensemble.' } });
  await publish('listening', { en: { title: 'Listening' }, de: { title: 'Zuhören lernen', body: 'Vorträge über die Straße.' } });
  await publish('spelled', { en: { title: 'Spelled' }, de: { title: 'Richtig zuhoeren', body: 'Ein Vortrag in der Strasse.' } });
}, 180_000);

describe('stems in each locale', () => {
  it('en: "concerts" finds every concert, "dancing" finds dance', async () => {
    expect(await found('en', 'concerts')).toEqual(expect.arrayContaining(slugsOf('concert', 'concerts')));
    expect(await found('en', 'concert')).toEqual(expect.arrayContaining(slugsOf('concert', 'concerts')));
    expect(await found('en', 'dancing')).toEqual(slugsOf('dance'));
  });

  it('fr: plurals and verb forms meet', async () => {
    expect(await found('fr', 'concerts')).toEqual(expect.arrayContaining(slugsOf('concert', 'concerts')));
    expect(await found('fr', 'danser')).toEqual(slugsOf('dance'));
    expect(await found('fr', 'danses')).toEqual(slugsOf('dance'));
  });

  it('de: inflections meet, and ae/oe/ue/ss equal ä/ö/ü/ß both ways', async () => {
    expect(await found('de', 'Konzert')).toEqual(expect.arrayContaining(slugsOf('concert', 'concerts')));
    expect((await found('de', 'Konzerte')).sort()).toEqual(slugsOf('concert', 'concerts').sort());
    expect((await found('de', 'Zuhoeren')).sort()).toEqual(slugsOf('listening', 'spelled').sort());
    expect((await found('de', 'Zuhören')).sort()).toEqual(slugsOf('listening', 'spelled').sort());
    expect((await found('de', 'Vortrag')).sort()).toEqual(slugsOf('listening', 'spelled').sort());
    expect((await found('de', 'Vortraege')).sort()).toEqual(slugsOf('listening', 'spelled').sort());
    expect((await found('de', 'Straße')).sort()).toEqual(slugsOf('listening', 'spelled').sort());
    expect((await found('de', 'Strasse')).sort()).toEqual(slugsOf('listening', 'spelled').sort());
  });

  it('each translation is stemmed in its own language: English words do not meet under German rules', async () => {
    // "zuhoeren" is German spelling; the English pages hold no such word.
    expect(await found('en', 'zuhoeren')).toEqual([]);
  });

  it('keeps prefix matching on half-typed words', async () => {
    expect((await found('de', 'zuhoe')).sort()).toEqual(slugsOf('listening', 'spelled').sort());
    expect(await found('en', 'danc')).toEqual(slugsOf('dance'));
  });

  it('marks the words as written, never their stems', async () => {
    const page = await searchPage('de', 'Zuhoeren');
    expect(page.body).toContain('<mark>Zuhören</mark>');
    expect(page.body).toContain('<mark>zuhoeren</mark>');
    const english = await searchPage('en', 'dancing');
    expect(english.body).toContain('<mark>dance</mark>');
  });
});

describe('writes keep the stemmed index current', () => {
  it('an admin edit re-indexes the new words with their stems', async () => {
    const { id, version } = events['concert']!;
    expect(await found('en', 'gatherings')).toEqual([]);
    const edited = await shared.app.admin.call('PATCH', `/api/admin/events/${id}`, {
      version,
      translations: { en: { title: `${MARKER} Harbour gathering` } },
    });
    expect(edited.status).toBe(200);
    expect(await found('en', 'gatherings')).toEqual(slugsOf('concert'));
    expect(await found('en', 'concerts')).toEqual(slugsOf('concerts'));
  });

  it('start-up rebuilds an index whose word forms are older than the code', async () => {
    const { db } = shared;
    // As an older index would be: rows without forms, and no version recorded.
    await db.run(sql`UPDATE search_fts SET title_forms = '', body_forms = ''`);
    await db.run(sql`DELETE FROM search_index_state`);
    const formsOf = async () =>
      (
        await db.all<{ forms: string }>(
          sql`SELECT title_forms AS forms FROM search_fts WHERE entity_type = 'event' AND entity_id = ${events['concerts']!.id} AND locale = 'de'`,
        )
      )[0]?.forms;
    expect(await formsOf()).toBe('');
    await migrateDatabase(db);
    expect(await formsOf()).toContain('konzert');
    expect(await db.all(sql`SELECT version FROM search_index_state`)).toEqual([{ version: SEARCH_INDEX_VERSION }]);
  });
});

describe('pages of results', () => {
  it('answers 404 with the normal not-found page for a page past the last one', async () => {
    const t = getTranslator('fr');
    const first = await searchPage('fr', 'concerts');
    expect(first.status).toBe(200);
    const past = await searchPage('fr', 'concerts', '&page=2');
    expect(past.status).toBe(404);
    expect(past.body.replaceAll('&#39;', "'")).toContain(t('errors.404.title'));
    // No results at all: only the first page exists.
    expect((await searchPage('en', 'zzyzxq', '&page=2')).status).toBe(404);
    expect((await searchPage('en', 'zzyzxq')).status).toBe(200);
    expect((await shared.app.server.html('/de/hub/search?page=3')).status).toBe(404);
  });
});
