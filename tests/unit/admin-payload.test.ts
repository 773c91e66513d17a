import { describe, expect, it } from 'vitest';
import { collections } from '../../src/lib/collections/index.ts';
import { buildCreateBody, buildPatchBody, draftLocaleStatus, itemToDraft } from '../../src/components/admin/lib/payload.ts';

const spec = collections.events.draft;
const item = {
  id: 9,
  version: 2,
  slug: 'opening',
  editionId: 4,
  status: 'draft',
  publishAt: null,
  startsAt: '2026-05-01T16:00:00.000Z',
  endsAt: '2026-05-01T18:00:00.000Z',
  timeZone: 'Europe/Paris',
  venueAddress: 'Quai 1',
  onlineUrl: null,
  registrationUrl: null,
  coverMediaId: null,
  tagIds: [3],
  organizerIds: [],
  curatorIds: [],
  mediaIds: [5, 6],
  fileIds: [],
  translations: { en: { title: 'Opening', summary: null, body: null, venueName: null } },
};

describe('form drafts and API bodies', () => {
  it('shows times as wall times in the item zone and every locale as a row of strings', () => {
    const draft = itemToDraft(spec, item);
    expect(draft['startsAt']).toBe('2026-05-01T18:00');
    expect(draft['endsAt']).toBe('2026-05-01T20:00');
    expect(draft['publishAt']).toBe('');
    expect(draft.translations['fr']).toEqual({ title: '', summary: '', body: '', venueName: '', statusNote: '' });
    expect(draft.version).toBe(2);
  });

  it('sends nothing but the version when nothing changed', () => {
    const draft = itemToDraft(spec, item);
    expect(buildPatchBody(spec, draft, structuredClone(draft))).toEqual({ version: 2 });
  });

  it('sends changed fields only; cleared optional values become null; a new locale carries its texts', () => {
    const base = itemToDraft(spec, item);
    const draft = structuredClone(base);
    draft['venueAddress'] = '';
    draft['mediaIds'] = [6, 5];
    draft.translations['fr'] = { title: 'Ouverture', summary: '', body: '', venueName: '' };
    draft.translations['en'] = { ...draft.translations['en']!, summary: 'The first night' };
    const body = buildPatchBody(spec, base, draft);
    expect(body).toEqual({
      version: 2,
      venueAddress: null,
      mediaIds: [6, 5],
      translations: { en: { summary: 'The first night' }, fr: { title: 'Ouverture' } },
    });
    expect(collections.events.patchSchema.safeParse(body).success).toBe(true);
  });

  it('re-sends the times when the zone changes: the same wall time is another instant', () => {
    const base = itemToDraft(spec, item);
    const draft = { ...structuredClone(base), timeZone: 'UTC' };
    expect(buildPatchBody(spec, base, draft)).toEqual({
      version: 2,
      timeZone: 'UTC',
      startsAt: '2026-05-01T18:00:00.000Z',
      endsAt: '2026-05-01T20:00:00.000Z',
    });
  });

  it('removes a locale whose texts were all cleared', () => {
    const withFr = { ...item, translations: { ...item.translations, fr: { title: 'Ouverture', summary: null, body: null, venueName: null } } };
    const base = itemToDraft(spec, withFr);
    const draft = structuredClone(base);
    draft.translations['fr'] = { title: '', summary: '', body: '', venueName: '' };
    expect(buildPatchBody(spec, base, draft)).toEqual({ version: 2, translations: { fr: null } });
  });

  it('sends a cleared required title as empty so the shared schema reports it at its path', () => {
    const base = itemToDraft(spec, item);
    const draft = structuredClone(base);
    draft.translations['en'] = { ...draft.translations['en']!, title: '', summary: 'x' };
    const body = buildPatchBody(spec, base, draft);
    const parsed = collections.events.patchSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('translations.en.title');
  });

  it('builds a create body the shared schema accepts, leaving out what was not filled', () => {
    const draft = itemToDraft(spec, { timeZone: 'Europe/Berlin', status: 'draft', startsAt: '2026-06-01T19:30', endsAt: '2026-06-01T21:00' });
    draft.translations['en'] = { title: 'Night walk', summary: '', body: '', venueName: '' };
    draft.translations['de'] = { title: 'Nachtwanderung', summary: 'Kurz', body: '', venueName: '' };
    draft['venueAddress'] = 'Park';
    const body = buildCreateBody(spec, draft);
    expect(body).toEqual({
      status: 'draft',
      startsAt: '2026-06-01T17:30:00.000Z',
      endsAt: '2026-06-01T19:00:00.000Z',
      timeZone: 'Europe/Berlin',
      venueAddress: 'Park',
      translations: { en: { title: 'Night walk' }, de: { title: 'Nachtwanderung', summary: 'Kurz' } },
    });
    expect(collections.events.createSchema!.safeParse(body).success).toBe(true);
  });

  it('lets the schema report an unreadable time instead of dropping it', () => {
    const draft = itemToDraft(spec, { timeZone: 'UTC', startsAt: '2026-13-45T99:99', endsAt: '' });
    draft.translations['en'] = { title: 'x', summary: '', body: '', venueName: '' };
    const parsed = collections.events.createSchema!.safeParse(buildCreateBody(spec, draft));
    const paths = parsed.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['startsAt', 'endsAt']));
  });

  it('tags: a slug edit is a valid patch', () => {
    const tagSpec = collections.tags.draft;
    const base = itemToDraft(tagSpec, { id: 1, version: 1, slug: 'jazz', translations: { en: { label: 'Jazz' } } });
    const draft = { ...structuredClone(base), slug: 'jazz-music' };
    const body = buildPatchBody(tagSpec, base, draft);
    expect(body).toEqual({ version: 1, slug: 'jazz-music' });
    expect(collections.tags.patchSchema.safeParse(body).success).toBe(true);
  });

  it('marks a locale tab complete, partial or missing', () => {
    const draft = itemToDraft(spec, item);
    expect(draftLocaleStatus(draft, 'fr', ['title', 'summary'])).toBe('missing');
    expect(draftLocaleStatus(draft, 'en', ['title', 'summary'])).toBe('partial');
    draft.translations['en']!['summary'] = 'S';
    expect(draftLocaleStatus(draft, 'en', ['title', 'summary'])).toBe('complete');
  });
});
