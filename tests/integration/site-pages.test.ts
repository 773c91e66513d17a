/**
 * Site settings and the editorial pages (docs/decisions/038): the former Markdown files imported as
 * the first revision, editing one language purging that page alone, restoring a revision, the
 * settings every page shows, and who may do any of it.
 */
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, migrationsFolder } from '../../db/migrate.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { useAdminServer, type AdminClient } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createTestDatabase, makeTempDir } from '../helpers/db.ts';
import { createImage } from '../helpers/factories.ts';
import { startTestServer } from '../helpers/server.ts';

/** The former files' front matter and the SHA-256 of their Markdown body, as they were removed. */
const formerFiles: [slug: string, locale: string, title: string, updated: string, bodySha256: string][] = [
  ['about', 'en', 'About Edition Hub', '2026-11-01', '779ccb472e0cd03a5b8dc77488e31d1c8c96958516d0d48c16502a739f6f5eb0'],
  ['privacy-policy', 'en', 'Privacy policy', '2026-11-25', '79a51694a200a6f6ffc985549e4ebb6c59edbac46b30ea235e9a0fbdbd2b9a07'],
  ['terms-and-conditions', 'en', 'Terms and conditions', '2026-11-01', '35a9fc985097a1dd38dbe334a08e47dd74de452ff97295d45240741eb94c95cb'],
  ['about', 'fr', 'À propos d’Edition Hub', '2026-11-01', '14782f9d7f5da891bf80b524cd25c6c15fd60d0393c1350fbcf5323f7ff06d07'],
  ['privacy-policy', 'fr', 'Politique de confidentialité', '2026-11-25', '6a54b12e2ddf33f689653afb6286295dbf1c68adafcba2ab184c201b45d3e5c7'],
  ['terms-and-conditions', 'fr', 'Conditions générales', '2026-11-01', 'a3e3bb088da0345627a6c892b8e19293a712e3f213def63db61e720445260f18'],
  ['about', 'de', 'Über Edition Hub', '2026-11-01', '312786529efdc411f5cae9a3fa76762c0164de53bfccd68629b17ed18bf6778f'],
  ['privacy-policy', 'de', 'Datenschutzerklärung', '2026-11-25', 'aa6b41efcc29f0eb1501b90695724e05c17fd0aa8ef7120d93fb3120d55d3511'],
  ['terms-and-conditions', 'de', 'Nutzungsbedingungen', '2026-11-01', 'af69bee039f7eda5fb84e3d14bdb0a23a8e2909c94c70b00f2cc43794eac6ddb'],
];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface PageRow {
  slug: string;
  locale: string;
  title: string;
  description: string;
  updated: string;
  body: string;
}

const selectPages = `SELECT p.slug, t.locale, t.title, t.description, t.updated, t.body
  FROM site_pages p JOIN site_page_translations t ON t.page_id = p.id ORDER BY p.slug, t.locale`;

/** A copy of the migrations that stops before the one creating the site tables. */
function migrationsBeforeSitePages(): string {
  const folder = join(makeTempDir('hub-migrations-'), 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const first = journal.entries.findIndex((entry) => /CREATE TABLE `site_pages`/.test(readFileSync(join(folder, `${entry.tag}.sql`), 'utf8')));
  expect(first).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, first) }));
  return folder;
}

const running = useAdminServer({ HUB_DEMO: '0' });

function form(client: AdminClient, path: string, fields: Record<string, string>): Promise<Response> {
  return client.request('POST', path, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
}

async function pageVersion(slug: string): Promise<number> {
  const [row] = await running.app.server.query<{ version: number }>('SELECT version FROM site_pages WHERE slug = ?', [slug]);
  return row!.version;
}

async function saveText(locale: string, slug: string, text: Partial<PageRow>): Promise<Response> {
  const [current] = await running.app.server.query<PageRow>(`${selectPages.replace('ORDER BY', 'WHERE p.slug = ? AND t.locale = ? ORDER BY')}`, [slug, locale]);
  return form(running.app.admin, `/en/admin/site/${slug}?lang=${locale}`, {
    intent: 'save',
    version: String(await pageVersion(slug)),
    title: text.title ?? current!.title,
    description: text.description ?? current!.description,
    updated: text.updated ?? current!.updated,
    body: text.body ?? current!.body,
  });
}

describe('the former Markdown pages', () => {
  it('are imported by the migration with their title, description, updated date and body, as revision 1', async () => {
    const rows = await running.app.server.query<PageRow>(selectPages);
    const imported = rows.map((row) => [row.slug, row.locale, row.title, row.updated, sha256(row.body)]);
    expect(imported.sort()).toEqual([...formerFiles].sort());
    expect(rows.every((row) => row.description.length > 20)).toBe(true);
    const revisions = await running.app.server.query<{ number: number; action: string; snapshot: string }>(
      "SELECT number, action, snapshot FROM revisions WHERE entity = 'site_page' AND number = 1",
    );
    expect(revisions).toHaveLength(3);
    for (const revision of revisions) {
      expect(revision.action).toBe('import');
      const snapshot = JSON.parse(revision.snapshot) as { values: { slug: string }; translations: Record<string, { body: string }> };
      expect(Object.keys(snapshot.translations).sort()).toEqual(['de', 'en', 'fr']);
      const former = formerFiles.find(([slug, locale]) => slug === snapshot.values.slug && locale === 'fr')!;
      expect(sha256(snapshot.translations['fr']!.body)).toBe(former[4]);
    }
  });

  it('reach a database that existed before them', async () => {
    const t = await createTestDatabase({ migrate: false });
    try {
      await migrateDatabase(t.db, migrationsBeforeSitePages());
      await migrateDatabase(t.db);
      const rows = await t.db.$client.execute(selectPages);
      expect(rows.rows.map((row) => [row['slug'], row['locale'], row['title']])).toContainEqual(['privacy-policy', 'de', 'Datenschutzerklärung']);
      expect(rows.rows).toHaveLength(9);
    } finally {
      t.close();
    }
  });

  it('are served from the database, rendered and sanitised, in every language', async () => {
    const page = await running.app.server.html('/de/hub/privacy-policy');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>Datenschutzerklärung</h1>');
    expect(page.body).toContain('privacy@edition-hub.example');
    expect(page.body).toMatch(/<h2[^>]*>/);
  });
});

describe('editing a page', () => {
  it('changes /fr/hub/about right after the save, while /en/hub/about keeps its cached copy', async () => {
    const { server } = running.app;
    for (const path of ['/fr/hub/about', '/en/hub/about']) {
      await (await server.get(path)).text();
      const again = await server.get(path);
      await again.text();
      expect(cacheState(again), path).toBe('HIT');
    }

    const saved = await saveText('fr', 'about', { title: 'À propos du festival', body: 'Un **nouveau** texte pour les visiteurs.\n' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/en/admin/site/about?lang=fr&notice=saved');

    const french = await server.get('/fr/hub/about');
    const frenchBody = await french.text();
    expect(cacheState(french)).toBe('MISS');
    expect(frenchBody).toContain('<h1>À propos du festival</h1>');
    expect(frenchBody).toContain('Un <strong>nouveau</strong> texte pour les visiteurs.');

    const english = await server.get('/en/hub/about');
    expect(cacheState(english)).toBe('HIT');
    expect(await english.text()).toContain('<h1>About Edition Hub</h1>');
  });

  it('previews the Markdown without saving, and refuses an empty title with a localized error', async () => {
    const version = String(await pageVersion('terms-and-conditions'));
    const fields = { version, title: 'Conditions', description: 'Les conditions.', updated: '2026-12-01', body: '## Aperçu\n\n<script>alert(1)</script>Texte' };
    const preview = await form(running.app.admin, '/fr/admin/site/terms-and-conditions?lang=fr', { ...fields, intent: 'preview' });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toMatch(/data-testid="site-preview"[\s\S]*<h2>Aperçu<\/h2>/);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(await pageVersion('terms-and-conditions')).toBe(Number(version));

    const invalid = await form(running.app.admin, '/fr/admin/site/terms-and-conditions?lang=fr', {
      ...fields,
      title: ' ',
      updated: '2026-13-45',
      intent: 'save',
    });
    expect(invalid.status).toBe(422);
    const body = await invalid.text();
    const t = getTranslator('fr');
    expect(body).toContain(t('admin.site.error.REQUIRED'));
    expect(body).toContain(t('admin.site.error.INVALID_DATE'));
    expect(await pageVersion('terms-and-conditions')).toBe(Number(version));
  });

  it('refuses a save based on an older version (409) and keeps the newer text', async () => {
    const stale = await pageVersion('privacy-policy');
    expect((await saveText('en', 'privacy-policy', { description: 'First editor.' })).status).toBe(303);
    const response = await form(running.app.admin, '/en/admin/site/privacy-policy?lang=en', {
      intent: 'save',
      version: String(stale),
      title: 'Privacy policy',
      description: 'Second editor.',
      updated: '2026-11-25',
      body: 'Lost?',
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(getTranslator('en')('admin.site.conflict'));
    const [row] = await running.app.server.query<{ description: string }>(
      "SELECT t.description FROM site_page_translations t JOIN site_pages p ON p.id = t.page_id WHERE p.slug = 'privacy-policy' AND t.locale = 'en'",
    );
    expect(row!.description).toBe('First editor.');
  });

  it('restores an old revision as a new one, and the public page shows it at once', async () => {
    const { server } = running.app;
    expect((await saveText('de', 'about', { title: 'Über uns, neu' })).status).toBe(303);
    await (await server.get('/de/hub/about')).text();
    expect(await (await server.get('/de/hub/about')).text()).toContain('<h1>Über uns, neu</h1>');

    const [first] = await server.query<{ id: number }>(
      "SELECT r.id FROM revisions r JOIN site_pages p ON p.id = r.entity_id WHERE r.entity = 'site_page' AND p.slug = 'about' AND r.number = 1",
    );
    // Compared with the current texts first: the changed German title, side by side.
    const compare = await (await running.app.admin.request('GET', `/en/admin/site/about?lang=de&revision=${first!.id}`)).text();
    expect(compare).toMatch(/data-testid="site-revision-diff"[\s\S]*<th scope="row">Title \(Deutsch\)<\/th><td>Über Edition Hub<\/td><td>Über uns, neu<\/td>/);

    const restored = await form(running.app.admin, '/en/admin/site/about?lang=de', {
      intent: 'restore',
      revision: String(first!.id),
      version: String(await pageVersion('about')),
    });
    expect(restored.status).toBe(303);
    expect(restored.headers.get('location')).toBe('/en/admin/site/about?lang=de&notice=restored');

    expect(await (await server.get('/de/hub/about')).text()).toContain('<h1>Über Edition Hub</h1>');
    // Every language comes back: the French edit of the first test is undone too.
    expect(await (await server.get('/fr/hub/about')).text()).toContain('<h1>À propos d’Edition Hub</h1>');
    const [latest] = await server.query<{ action: string; restored_from: number }>(
      "SELECT r.action, r.restored_from FROM revisions r JOIN site_pages p ON p.id = r.entity_id WHERE r.entity = 'site_page' AND p.slug = 'about' ORDER BY r.number DESC LIMIT 1",
    );
    expect(latest).toEqual({ action: 'restore', restored_from: 1 });

    const history = await (await running.app.admin.request('GET', '/en/admin/site/about?lang=de')).text();
    expect(history).toContain('Restore revision 1');
    expect(history).toContain('restored from revision 1');
  });
});

describe('site settings', () => {
  async function settingsVersion(): Promise<string> {
    const [row] = await running.app.server.query<{ version: number }>('SELECT version FROM site_settings WHERE id = 1');
    return String(row!.version);
  }
  const baseFields = async () => ({
    version: await settingsVersion(),
    'name.en': '',
    'name.fr': '',
    'name.de': '',
    logoMediaId: '',
    primaryColor: '',
    contactTo: '',
  });

  it('refuse a colour that is not a hex colour, or too light for its text, with a localized 422 naming the contrast', async () => {
    const t = getTranslator('fr');
    for (const [primaryColor, text] of [
      ['blue', t('admin.site.error.INVALID_COLOUR')],
      ['#ffd700', 'Texte de cette couleur sur le fond de page en mode clair\u202F: 1,3:1, il faut 4,5:1.'],
    ] as const) {
      const response = await form(running.app.admin, '/fr/admin/site', { ...(await baseFields()), primaryColor });
      expect(response.status, primaryColor).toBe(422);
      const html = await response.text();
      expect(html).toContain(text);
      expect(html).toMatch(/id="site-primary"[^>]*aria-invalid="true"/);
    }
    const [row] = await running.app.server.query<{ primary_color: string | null }>('SELECT primary_color FROM site_settings WHERE id = 1');
    expect(row!.primary_color).toBeNull();
  });

  it('apply the site name, logo and primary colour to every public page, purging the cached ones', async () => {
    const { server, admin } = running.app;
    await (await server.get('/fr/hub')).text();
    expect(cacheState(await server.get('/fr/hub'))).toBe('HIT');
    const logo = await createImage(admin, { translations: { en: { alt: 'Festival logo' } } });

    const saved = await form(admin, '/en/admin/site', {
      ...(await baseFields()),
      'name.fr': 'Festival des Rives',
      logoMediaId: String(logo.id),
      primaryColor: '#1D4ED8',
      contactTo: 'programme@rives.example, Presse@rives.example',
    });
    expect(saved.status).toBe(303);

    const hub = await server.get('/fr/hub');
    const html = await hub.text();
    expect(cacheState(hub)).toBe('MISS');
    expect(html).toMatch(/<a class="brand"[^>]*>[\s\S]*Festival des Rives[\s\S]*<\/a>/);
    expect(html).toContain('<meta property="og:site_name" content="Festival des Rives"');
    expect(html).toContain('--accent:#1d4ed8;--accent-ink:#ffffff');
    expect(html).toMatch(/<img class="brand__logo" src="\/media\//);
    // A language without its own name keeps the UI string.
    expect(await (await server.get('/en/hub')).text()).toMatch(/<a class="brand"[^>]*>[\s\S]*Edition Hub[\s\S]*<\/a>/);
    expect(await (await server.get('/fr/hub/feed.xml')).text()).toContain('<title>Festival des Rives – nouveaux événements</title>');

    const [row] = await server.query<{ contact_to: string }>('SELECT contact_to FROM site_settings WHERE id = 1');
    expect(JSON.parse(row!.contact_to)).toEqual(['programme@rives.example', 'presse@rives.example']);
  });

  it('send contact notifications to the recipients set in the admin, over HUB_CONTACT_TO, signed with the site name', async () => {
    const { server, admin } = running.app;
    const settings = { ...(await baseFields()), 'name.en': 'Rives Festival', contactTo: 'programme@rives.example; presse@rives.example' };
    expect((await form(admin, '/en/admin/site', settings)).status).toBe(303);
    const response = await server.get('/en/hub/contact?_action=contact', {
      method: 'POST',
      headers: { origin: server.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Ada',
        email: 'ada@example.test',
        subject: 'Hello',
        message: 'A question about the programme, please.',
        consent: 'true',
      }).toString(),
    });
    // Accepted: the form redirects to its thank-you state.
    expect(response.status).toBe(303);
    await response.text();
    const mails = await server.query<{ recipient: string; subject: string; text: string }>(
      "SELECT recipient, subject, text FROM mail_outbox WHERE kind = 'contact-notification' ORDER BY recipient",
    );
    expect(mails.map((row) => row.recipient)).toEqual(['presse@rives.example', 'programme@rives.example']);
    // Signed with the site name set in the admin.
    expect(mails[0]!.subject).toMatch(/ · Rives Festival$/);
    expect(mails[0]!.text).toMatch(/— Rives Festival$/);
  });
});

describe('another app node on the same database', () => {
  it('forgets its copy of the settings and its cached pages when a save is made elsewhere', async () => {
    const { server, admin } = running.app;
    const nodeB = await startTestServer({ HUB_PURGE_POLL_MS: '100', HUB_DEMO: '0' }, { sharingWith: server });
    try {
      const brand = async () =>
        /<a class="brand"[^>]*>([\s\S]*?)<\/a>/
          .exec(await (await nodeB.get('/de/hub')).text())?.[1]
          ?.replace(/<[^>]+>/g, '')
          .trim();
      expect(await brand()).toBe('Edition Hub');
      const [row] = await server.query<{ version: number }>('SELECT version FROM site_settings WHERE id = 1');
      const saved = await form(admin, '/en/admin/site', {
        version: String(row!.version),
        'name.en': '',
        'name.fr': '',
        'name.de': 'Festspiele am Ufer',
        logoMediaId: '',
        primaryColor: '',
        contactTo: '',
      });
      expect(saved.status).toBe(303);
      await expect.poll(brand, { timeout: 5_000, interval: 50 }).toBe('Festspiele am Ufer');
    } finally {
      await nodeB.stop();
    }
  });
});

describe('who may change the site', () => {
  it('answers 403 to an editor and to an account without a role, for the screens and their forms', async () => {
    const { editor, visitor } = running.app;
    for (const client of [editor, visitor]) {
      for (const path of ['/en/admin/site', '/en/admin/site/about']) {
        expect((await client.request('GET', path)).status, path).toBe(403);
        expect((await form(client, path, { intent: 'save', version: '1', title: 'x', description: 'x', updated: '2026-01-01', body: 'x' })).status, path).toBe(
          403,
        );
      }
    }
    const [about] = await running.app.server.query<{ title: string }>(
      "SELECT t.title FROM site_page_translations t JOIN site_pages p ON p.id = t.page_id WHERE p.slug = 'about' AND t.locale = 'en'",
    );
    expect(about!.title).toBe('About Edition Hub');
  });

  it('lists the screen in the admin navigation for admins only', async () => {
    const { admin, editor } = running.app;
    expect(await (await admin.request('GET', '/en/admin')).text()).toContain('href="/en/admin/site"');
    expect(await (await editor.request('GET', '/en/admin')).text()).not.toContain('href="/en/admin/site"');
  });
});
