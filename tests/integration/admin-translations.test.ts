/**
 * Translation workflow on the server (docs/decisions/037): the coverage page's counts per
 * collection and locale, the lists' `missing=` / `partial=` / `complete=` filters, and what a bad filter gets.
 * Test data comes from the factories on an empty database, so every count is known.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectionNames, collections, type CollectionName } from '../../src/lib/collections/index.ts';
import { adminResources } from '../../src/server/collections/registry.ts';
import { listItems } from '../../src/server/engine/list.ts';
import { eventsAdmin } from '../../src/server/collections/events.ts';
import { getTranslationCoverage } from '../../src/server/translations/coverage.ts';
import { createCurator, createEdition, createEvent, createOrganizer, createTag, uniqueName } from '../helpers/factories.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import { explainPlan, formatPlan, recordStatements } from '../helpers/query-plans.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

const full = (title: string) => ({ title, summary: `${title}: summary`, body: `## ${title}\n\nBody.` });
const ids: Record<string, number> = {};

beforeAll(async () => {
  const { editor } = running.app;
  // en complete, fr complete, de missing.
  ids['a'] = (await createEvent(editor, { translations: { en: full(uniqueName('A')), fr: full(uniqueName('A fr')) } })).id;
  // en partial (title only), fr partial (title only), de complete.
  ids['b'] = (
    await createEvent(editor, { translations: { en: { title: uniqueName('B') }, fr: { title: uniqueName('B fr') }, de: full(uniqueName('B de')) } })
  ).id;
  // en complete only.
  ids['c'] = (await createEvent(editor, { translations: { en: full(uniqueName('C')) } })).id;
  // en complete, fr with a blank summary (blank counts as empty): partial; de missing.
  ids['d'] = (await createEvent(editor, { translations: { en: full(uniqueName('D')), fr: { ...full(uniqueName('D fr')), summary: '   ' } } })).id;
  await createTag(editor, { translations: { en: { label: uniqueName('Tag') }, fr: { label: uniqueName('Étiquette') } } });
  await createTag(editor);
});

async function listIds(query: string): Promise<number[]> {
  const { status, body } = await running.app.editor.call<{ items: { id: number }[] }>('GET', `/api/admin/events?${query}`);
  expect(status).toBe(200);
  return body.items.map((item) => item.id).sort((x, y) => x - y);
}

describe('translation coverage', () => {
  it('counts complete, partial and missing items per collection and locale', async () => {
    const coverage = await getTranslationCoverage(running.db);
    const events = coverage.find((row) => row.collection === 'events');
    expect(events).toEqual({
      collection: 'events',
      total: 4,
      locales: {
        en: { complete: 3, partial: 1, missing: 0 },
        fr: { complete: 1, partial: 2, missing: 1 },
        de: { complete: 1, partial: 0, missing: 3 },
      },
    });
    expect(coverage.find((row) => row.collection === 'tags')?.locales).toEqual({
      en: { complete: 2, partial: 0, missing: 0 },
      fr: { complete: 1, partial: 0, missing: 1 },
      de: { complete: 0, partial: 0, missing: 2 },
    });
    expect(coverage.find((row) => row.collection === 'venues')).toMatchObject({ total: 0, locales: { fr: { complete: 0, partial: 0, missing: 0 } } });
  });

  it('shows the counts to an editor, every count linking to the filtered list', async () => {
    const response = await running.app.editor.request('GET', '/fr/admin/translations');
    expect(response.status).toBe(200);
    const html = await response.text();
    const cell = /<td[^>]*data-locale="fr"[^>]*>([\s\S]*?)<\/td>/.exec(html.slice(html.indexOf('data-collection="events"')))?.[1] ?? '';
    expect(cell).toContain('href="/fr/admin/events?missing=fr"');
    expect(cell).toContain('href="/fr/admin/events?partial=fr"');
    expect(cell).toContain('href="/fr/admin/events?complete=fr"');
    expect(cell.replace(/<[^>]+>/g, '')).toMatch(/Manquants\s*:\s*1/);
    expect(cell.replace(/<[^>]+>/g, '')).toMatch(/Incomplets\s*:\s*2/);
    // The navigation leads there.
    expect(html).toMatch(/<a href="\/fr\/admin\/translations" aria-current="page">Traductions<\/a>/);
  });
});

describe('list filters by translation', () => {
  it('returns exactly the events missing French', async () => {
    expect(await listIds('missing=fr')).toEqual([ids['c']]);
  });

  it('returns exactly the events with incomplete French, and combines with other filters and search', async () => {
    expect(await listIds('partial=fr')).toEqual([ids['b'], ids['d']].sort((x, y) => x! - y!));
    expect(await listIds('missing=de&partial=fr')).toEqual([ids['d']]);
    expect(await listIds('missing=de&q=A')).toEqual([ids['a']]);
    expect(await listIds('partial=en&status=published')).toEqual([]);
  });

  it('returns exactly the events complete in a locale, each count of the coverage page matching its list', async () => {
    expect(await listIds('complete=fr')).toEqual([ids['a']]);
    expect(await listIds('complete=en')).toEqual([ids['a'], ids['c'], ids['d']].sort((x, y) => x! - y!));
    expect(await listIds('complete=de&partial=en')).toEqual([ids['b']]);
    expect(await listIds('complete=fr&missing=de')).toEqual([ids['a']]);
    const coverage = await getTranslationCoverage(running.db);
    const events = coverage.find((row) => row.collection === 'events')!;
    for (const [code, counts] of Object.entries(events.locales)) {
      for (const [state, count] of Object.entries(counts)) expect((await listIds(`${state}=${code}`)).length, `${state}=${code}`).toBe(count);
    }
    const tags = await running.app.editor.call<{ total: number }>('GET', '/api/admin/tags?complete=fr');
    expect(tags.body.total).toBe(1);
  });

  it('applies to every collection and to exports', async () => {
    const tags = await running.app.editor.call<{ items: { id: number }[]; total: number }>('GET', '/api/admin/tags?missing=fr');
    expect(tags.status).toBe(200);
    expect(tags.body.total).toBe(1);
    const csv = await running.app.editor.request('GET', '/api/admin/events/export?format=json&missing=fr');
    expect(csv.status).toBe(200);
    const exported = (await csv.json()) as { id: number }[];
    expect(exported.map((item) => item.id)).toEqual([ids['c']]);
  });

  it('answers a bad locale with a 400 problem', async () => {
    for (const query of ['missing=xx', 'partial=FR', 'missing=en,fr', 'complete=klingon']) {
      const { status, body, headers } = await running.app.editor.call('GET', `/api/admin/events?${query}`);
      expect(status, query).toBe(400);
      expect(headers.get('content-type')).toContain('application/problem+json');
      expect(body).toMatchObject({ status: 400, code: 'INVALID_QUERY' });
      expect(Object.values(body['errors'] ?? {}).flat()).toContain('INVALID_VALUE');
    }
  });

  it('looks up each item’s translation by its key, never reads the translations in full', async () => {
    const recorder = recordStatements(running.db);
    try {
      await listItems(running.db, eventsAdmin.list, eventsAdmin.listQuery.parse({ missing: 'fr', status: 'draft' }));
      const statements = recorder.take();
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements) {
        const plan = formatPlan(await explainPlan(running.db.$client, statement));
        expect(plan).toMatch(/SEARCH event_translations USING INDEX sqlite_autoindex_event_translations_1 \(event_id=\? AND locale=\?\)/);
        expect(plan).not.toMatch(/SCAN event_translations/);
      }
    } finally {
      recorder.stop();
    }
  });

  it('counts the coverage on the (locale, text_state) index, never reading a text', async () => {
    const recorder = recordStatements(running.db);
    try {
      await getTranslationCoverage(running.db);
      const statements = recorder.take();
      expect(statements).toHaveLength(collectionNames.length);
      for (const statement of statements) {
        const plan = formatPlan(await explainPlan(running.db.$client, statement));
        expect(plan, plan).toMatch(/SCAN (\w+)_translations USING COVERING INDEX \1_translations_state_idx/);
        expect(plan, plan).not.toMatch(/SCAN \w+_translations\s*$|SCAN \w+_translations\n/m);
      }
    } finally {
      recorder.stop();
    }
  });
});

/**
 * `text_state` is kept by triggers written from the declarations (migration 0021): after every
 * kind of write it must equal what the declaration says, computed here from the declaration. A
 * declaration whose texts or `complete` fields change without a migration fails here.
 */
describe('stored translation state', () => {
  const expected = (collection: CollectionName) => {
    const { translations: t } = adminResources[collection].spec;
    const columns = getTableColumns(t.table);
    const filled = (field: string) => sql`coalesce(trim(${columns[field]!}), '') <> ''`;
    const all = collections[collection].complete.map(filled);
    const any = Object.keys(collections[collection].textKinds).map(filled);
    return sql`CASE WHEN ${sql.join(all, sql` AND `)} THEN 2 WHEN ${sql.join(any, sql` OR `)} THEN 1 ELSE 0 END`;
  };
  const disagreements = async () => {
    const found: string[] = [];
    for (const collection of collectionNames) {
      const { translations: t } = adminResources[collection].spec;
      const row = await running.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM ${t.table} WHERE text_state IS NOT ${expected(collection)}`);
      if (row?.n) found.push(`${collection}: ${row.n}`);
    }
    return found;
  };

  it('matches the declarations after creates, updates, blanked fields and a removed locale', async () => {
    const { editor } = running.app;
    const event = await createEvent(editor, { translations: { en: full(uniqueName('E')), de: { title: uniqueName('E de') } } });
    await createCurator(editor, { translations: { en: { shortBio: 'Short.', bio: 'Long.' }, fr: { shortBio: 'Court.' } } });
    await createOrganizer(editor);
    await createEdition(editor, { translations: { en: full(uniqueName('Edition')) } });
    const patched = await editor.call('PATCH', `/api/admin/events/${event.id}`, {
      version: event.version,
      translations: { en: { summary: '  ' }, de: { summary: 'Zusammenfassung', body: 'Text' }, fr: { title: uniqueName('E fr'), venueName: 'Salle' } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const stored = await running.db.all<{ locale: string; text_state: number }>(
      sql`SELECT locale, text_state FROM event_translations WHERE event_id = ${event.id} ORDER BY locale`,
    );
    expect(stored).toEqual([
      { locale: 'de', text_state: 2 },
      { locale: 'en', text_state: 1 },
      { locale: 'fr', text_state: 1 },
    ]);
    const removed = await editor.call('PATCH', `/api/admin/events/${event.id}`, { version: patched.body['version'], translations: { de: null } });
    expect(removed.status).toBe(200);
    expect(await disagreements()).toEqual([]);
  });
});
