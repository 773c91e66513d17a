/**
 * Text shown in another language than the page's says so: on French and German pages and embeds,
 * content written only in English (titles, summaries, descriptions, free-text places, tag labels,
 * file and image texts, bios, and the hidden labels built from them) sits in an element whose
 * nearest `lang` is `en`, so a screen reader reads it with English rules; and no French or German
 * interface text of the page is swept into that English element.
 */
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStrings, getTranslator } from '../../src/i18n/index.ts';
import type { AdminClient } from '../helpers/admin-client.ts';
import {
  createCurator,
  createEdition,
  createEvent,
  createFile,
  createImage,
  createOrganizer,
  createTag,
  createUser,
  createVenue,
  type Created,
} from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** Every English-only text below contains this word, and nothing else on the pages does. */
const MARK = 'Quillwort';
const HOUR = 3_600_000;
const texts = {
  tag: `${MARK} tag`,
  coverAlt: `${MARK} cover photo`,
  coverCaption: `${MARK} cover caption`,
  galleryAlt: `${MARK} gallery photo`,
  galleryCaption: `${MARK} gallery caption`,
  portraitAlt: `${MARK} portrait`,
  fileTitle: `${MARK} leaflet`,
  fileDescription: `${MARK} leaflet, a map of the rooms`,
  curatorShortBio: `${MARK} curator, who listens first`,
  curatorBio: `${MARK} curator biography`,
  organizerDescription: `${MARK} organizer description`,
  venueDescription: `${MARK} venue history`,
  venueAccess: `${MARK} step-free access`,
  editionTitle: `${MARK} Season`,
  editionSummary: `${MARK} season summary`,
  editionBody: `${MARK} season notes`,
  nightTitle: `${MARK} Night`,
  nightSummary: `${MARK} night summary`,
  nightBody: `${MARK} night programme notes`,
  morningTitle: `${MARK} Morning`,
  barn: `${MARK} Barn`,
} as const;
type Text = keyof typeof texts;

let server: TestServer;
let made: Record<'edition' | 'night' | 'morning' | 'venue' | 'curator' | 'organizer', Created>;

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  const admin: AdminClient = await createUser(server, 'admin');
  const en = (values: Record<string, string>) => ({ translations: { en: values } });
  const [cover, picture, portrait, file, tag] = await Promise.all([
    createImage(admin, en({ alt: texts.coverAlt, caption: texts.coverCaption }), 'jpeg', 1600, 900),
    createImage(admin, en({ alt: texts.galleryAlt, caption: texts.galleryCaption })),
    createImage(admin, en({ alt: texts.portraitAlt }), 'jpeg', 600, 800),
    createFile(admin, 'leaflet.pdf', en({ title: texts.fileTitle, description: texts.fileDescription })),
    createTag(admin, en({ label: texts.tag })),
  ]);
  const [curator, organizer, venue] = await Promise.all([
    // Names are not translated: they are nobody's fallback and need no lang.
    createCurator(admin, { name: 'Ada Fernhill', photoMediaId: portrait.id, ...en({ shortBio: texts.curatorShortBio, bio: texts.curatorBio }) }),
    createOrganizer(admin, { name: 'Bracken Collective', ...en({ description: texts.organizerDescription }) }),
    createVenue(admin, {
      name: 'Harbour Shed',
      status: 'published',
      address: '2 Quay Road',
      ...en({ description: texts.venueDescription, accessNotes: texts.venueAccess }),
    }),
  ]);
  const now = Date.now();
  const edition = await createEdition(admin, {
    status: 'published',
    startsAt: new Date(now - 24 * HOUR).toISOString(),
    endsAt: new Date(now + 10 * 24 * HOUR).toISOString(),
    coverMediaId: cover.id,
    curatorIds: [curator.id],
    fileIds: [file.id],
    tagIds: [tag.id],
    ...en({ title: texts.editionTitle, summary: texts.editionSummary, body: texts.editionBody }),
  });
  // On now, at a venue, with everything an event page shows.
  const night = await createEvent(admin, {
    status: 'published',
    editionId: edition.id,
    startsAt: new Date(now - HOUR / 2).toISOString(),
    endsAt: new Date(now + 2 * HOUR).toISOString(),
    venueId: venue.id,
    coverMediaId: cover.id,
    mediaIds: [picture.id],
    fileIds: [file.id],
    tagIds: [tag.id],
    curatorIds: [curator.id],
    organizerIds: [organizer.id],
    ...en({ title: texts.nightTitle, summary: texts.nightSummary, body: texts.nightBody }),
  });
  // Tomorrow, at a place written on the event itself (in English only).
  const morning = await createEvent(admin, {
    status: 'published',
    editionId: edition.id,
    startsAt: new Date(now + 24 * HOUR).toISOString(),
    endsAt: new Date(now + 25 * HOUR).toISOString(),
    tagIds: [tag.id],
    ...en({ title: texts.morningTitle, venueName: texts.barn }),
  });
  made = { edition, night, morning, venue, curator, organizer };
});
afterAll(() => server?.stop());

interface Occurrence {
  text: string;
  lang: string | null;
  /** The element whose `lang` applies (`html` when none closer has one). */
  langFrom: string | undefined;
  where: string;
}

/** Where an element sits, for failure messages: its tag and classes, and its parent's. */
function describeElement(element: Element): string {
  const one = (node: Element) => `${node.tagName.toLowerCase()}${node.classList.length ? `.${[...node.classList].join('.')}` : ''}`;
  return element.parentElement ? `${one(element.parentElement)} > ${one(element)}` : one(element);
}

const langOf = (element: Element) => {
  const from = element.closest('[lang]');
  return { lang: from?.getAttribute('lang') ?? null, langFrom: from?.tagName.toLowerCase() };
};
const READ_ATTRIBUTES = ['alt', 'aria-label', 'title', 'placeholder'];

/** The body's text nodes and read attributes, each with the language it is read in (scripts and templates left out). */
function readTexts(html: string): Occurrence[] {
  const { document, NodeFilter } = new JSDOM(html).window;
  const found: Occurrence[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === node.TEXT_NODE) {
      const parent = node.parentElement!;
      if (parent.closest('script, style, template')) continue;
      const text = node.textContent!.replace(/\s+/g, ' ').trim();
      if (text) found.push({ text, ...langOf(parent), where: describeElement(parent) });
      continue;
    }
    const element = node as Element;
    for (const name of READ_ATTRIBUTES) {
      const value = element.getAttribute(name)?.trim();
      if (value) found.push({ text: value, ...langOf(element), where: `${describeElement(element)}[${name}]` });
    }
  }
  return found;
}

/** The page's whole interface strings (no placeholders), which must stay in the page's language. */
function interfaceStrings(locale: 'fr' | 'de'): Set<string> {
  return new Set(
    Object.values(getStrings(locale))
      .filter((text) => !text.includes('{{') && text.length > 3)
      .map((text) => text.replace(/\s+/g, ' ').trim()),
  );
}

const pages: { name: string; path: (locale: string) => string; shows: Text[] }[] = [
  {
    name: 'event page',
    path: (l) => `/${l}/hub/event/${made.night.slug}`,
    shows: [
      'nightTitle',
      'nightSummary',
      'nightBody',
      'coverAlt',
      'coverCaption',
      'galleryAlt',
      'galleryCaption',
      'fileTitle',
      'fileDescription',
      'tag',
      'curatorShortBio',
      'organizerDescription',
      'editionTitle',
      'morningTitle',
      'barn',
    ],
  },
  {
    name: 'event at a free-text place',
    path: (l) => `/${l}/hub/event/${made.morning.slug}`,
    shows: ['morningTitle', 'barn', 'editionTitle', 'nightTitle', 'tag'],
  },
  {
    name: 'edition programme',
    path: (l) => `/${l}/hub/edition/${made.edition.slug}`,
    shows: [
      'editionTitle',
      'editionSummary',
      'editionBody',
      'coverAlt',
      'fileTitle',
      'fileDescription',
      'curatorShortBio',
      'tag',
      'nightTitle',
      'morningTitle',
      'barn',
    ],
  },
  { name: 'edition timetable', path: (l) => `/${l}/hub/edition/${made.edition.slug}/schedule`, shows: ['editionTitle', 'nightTitle', 'morningTitle', 'barn'] },
  { name: 'hub listing', path: (l) => `/${l}/hub`, shows: ['nightTitle', 'morningTitle', 'barn', 'editionTitle', 'tag'] },
  { name: 'venue page', path: (l) => `/${l}/hub/venue/${made.venue.slug}`, shows: ['venueDescription', 'venueAccess', 'nightTitle', 'tag'] },
  { name: 'venues index', path: (l) => `/${l}/hub/venues`, shows: ['venueAccess'] },
  { name: 'people index', path: (l) => `/${l}/hub/people`, shows: [] },
  {
    name: 'curator page',
    path: (l) => `/${l}/hub/curator/${made.curator.slug}`,
    shows: ['curatorShortBio', 'curatorBio', 'portraitAlt', 'editionTitle', 'nightTitle'],
  },
  { name: 'organizer page', path: (l) => `/${l}/hub/organizer/${made.organizer.slug}`, shows: ['organizerDescription', 'nightTitle'] },
  { name: 'search results', path: (l) => `/${l}/hub/search?q=${MARK.toLowerCase()}`, shows: ['nightTitle', 'morningTitle', 'editionTitle', 'tag'] },
  { name: 'today', path: (l) => `/${l}/hub/today`, shows: ['nightTitle'] },
  { name: 'agenda', path: (l) => `/${l}/hub/agenda?events=${made.night.id},${made.morning.id}`, shows: ['nightTitle', 'morningTitle', 'barn', 'editionTitle'] },
  { name: 'editions index', path: (l) => `/${l}/hub/editions`, shows: ['editionTitle', 'editionSummary'] },
  { name: 'embedded event', path: (l) => `/${l}/embed/event/${made.morning.slug}`, shows: ['morningTitle', 'barn'] },
  { name: 'embedded list', path: (l) => `/${l}/embed/events`, shows: ['nightTitle', 'morningTitle', 'barn'] },
];

describe.each(['fr', 'de'] as const)('English-only content on %s pages', (locale) => {
  const ownStrings = interfaceStrings(locale);

  it.each(pages)('$name: every English text is marked lang="en", and no interface text is', async ({ path, shows }) => {
    const page = await server.html(path(locale));
    expect(page.status, path(locale)).toBe(200);
    expect(page.body).toContain(`<html lang="${locale}"`);
    const read = readTexts(page.body);

    const english = read.filter((occurrence) => occurrence.text.includes(MARK));
    // Search highlights split a text into several nodes: look for each in the whole page's text.
    const shown = read.map((occurrence) => occurrence.text).join(' ');
    for (const key of shows) expect(shown, `${path(locale)} shows ${key}`).toContain(texts[key]);
    expect({
      unmarked: english.filter((occurrence) => occurrence.lang !== 'en'),
      swept: read.filter((occurrence) => occurrence.lang !== locale && ownStrings.has(occurrence.text)),
    }).toEqual({ unmarked: [], swept: [] });
  });
});

describe('a phrase around an English title', () => {
  it.each(['fr', 'de'] as const)('reads as one %s sentence, the title alone in English', async (locale) => {
    const t = getTranslator(locale);
    const headingOf = async (path: string, selector: string) => {
      const { document } = new JSDOM((await server.html(path)).body).window;
      const heading = document.querySelector(selector)!;
      return { text: heading.textContent!.trim(), english: [...heading.querySelectorAll('[lang="en"]')].map((element) => element.textContent) };
    };
    expect(await headingOf(`/${locale}/hub/event/${made.night.slug}`, '#more-heading')).toEqual({
      text: t('hub.event.moreInEdition', { edition: texts.editionTitle }),
      english: [texts.editionTitle],
    });
    expect(await headingOf(`/${locale}/hub/edition/${made.edition.slug}/schedule`, 'h1')).toEqual({
      text: t('hub.schedule.title', { edition: texts.editionTitle }),
      english: [texts.editionTitle],
    });
  });
});

describe('the same content on English pages', () => {
  it('carries no lang of its own: the page is English already', async () => {
    for (const { path } of pages) {
      const page = await server.html(path('en'));
      expect(page.status, path('en')).toBe(200);
      const marked = readTexts(page.body).filter((occurrence) => occurrence.text.includes(MARK) && occurrence.langFrom !== 'html');
      expect(marked, path('en')).toEqual([]);
    }
  });
});
