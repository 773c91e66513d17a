/**
 * Video links as medias, against the built server (decision 013): created from JSON on the upload
 * route, kept in canonical form, refused with a field code when not a YouTube or Vimeo video, never
 * half-written, editable only on a link; and an event page follows an edited link at once.
 */
import { describe, expect, it } from 'vitest';
import { locales } from '../../src/i18n/config.ts';
import { getTranslator, type UiKey } from '../../src/i18n/index.ts';
import { EDITOR_EMAIL, useAdminServer } from '../helpers/admin-client.ts';
import { createEvent, createImage } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

async function count(sql: string): Promise<number> {
  const { rows } = await running.db.$client.execute(sql);
  return Number(rows[0]!['n']);
}

const totals = () => count('SELECT (SELECT count(*) FROM medias) + (SELECT count(*) FROM media_translations) + (SELECT count(*) FROM audit_log) AS n');

describe('creating a video link', () => {
  it('stores the canonical address, its texts and an audit entry, and lists it under its title', async () => {
    const { status, body, headers } = await running.app.editor.call('POST', '/api/admin/medias', {
      embedUrl: '  https://youtu.be/dQw4w9WgXcQ?t=42  ',
      credit: 'Blender Foundation',
      translations: { en: { alt: 'Festival trailer' }, fr: { alt: 'Bande-annonce du festival', caption: 'Édition 2032' } },
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      kind: 'embed',
      embedUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      storageKey: null,
      credit: 'Blender Foundation',
      version: 1,
      locales: { en: 'complete', fr: 'complete', de: 'missing' },
    });
    expect(body.url).toBeUndefined();
    expect(headers.get('location')).toBe(`/api/admin/medias/${body.id}`);

    const { rows } = await running.db.$client.execute({
      sql: 'SELECT locale, alt, caption FROM media_translations WHERE media_id = ? ORDER BY locale',
      args: [body.id],
    });
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { locale: 'en', alt: 'Festival trailer', caption: null },
      { locale: 'fr', alt: 'Bande-annonce du festival', caption: 'Édition 2032' },
    ]);
    const audit = await running.db.$client.execute({
      sql: "SELECT actor_label FROM audit_log WHERE entity = 'media' AND entity_id = ? AND action = 'create'",
      args: [String(body.id)],
    });
    expect(audit.rows.map((row) => row['actor_label'])).toEqual([EDITOR_EMAIL]);

    const list = await running.app.editor.call('GET', '/api/admin/medias?kind=embed&q=festival%20trailer');
    expect(list.body.items.map((item: { id: number; title: string }) => [item.id, item.title])).toEqual([[body.id, 'Festival trailer']]);
  });

  it('names a link without a title by its address', async () => {
    const { status, body } = await running.app.editor.call('POST', '/api/admin/medias', {
      embedUrl: 'https://player.vimeo.com/video/76979871?h=8272103f6e&autoplay=1',
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.embedUrl).toBe('https://vimeo.com/76979871/8272103f6e');
    const list = await running.app.editor.call('GET', `/api/admin/medias?kind=embed&q=${encodeURIComponent('vimeo.com/76979871')}`);
    expect(list.body.items.map((item: { title: string }) => item.title)).toEqual(['https://vimeo.com/76979871/8272103f6e']);
  });

  it.each([
    ['another site', { embedUrl: 'https://example.com/watch?v=dQw4w9WgXcQ' }, 'embedUrl', 'UNSUPPORTED_VIDEO_LINK'],
    ['a script address', { embedUrl: 'javascript:alert(1)' }, 'embedUrl', 'UNSUPPORTED_VIDEO_LINK'],
    ['a playlist', { embedUrl: 'https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs' }, 'embedUrl', 'UNSUPPORTED_VIDEO_LINK'],
    ['an empty address', { embedUrl: ' ' }, 'embedUrl', 'UNSUPPORTED_VIDEO_LINK'],
    ['no address', { translations: { en: { alt: 'No link' } } }, 'embedUrl', 'REQUIRED'],
    ['an overlong address', { embedUrl: `https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=${'a'.repeat(2100)}` }, 'embedUrl', 'TOO_LONG'],
    ['a kind', { embedUrl: 'https://youtu.be/dQw4w9WgXcQ', kind: 'image' }, 'kind', 'UNKNOWN_FIELD'],
    ['a storage key', { embedUrl: 'https://youtu.be/dQw4w9WgXcQ', storageKey: 'ab/x.jpg' }, 'storageKey', 'UNKNOWN_FIELD'],
    ['an overlong title', { embedUrl: 'https://youtu.be/dQw4w9WgXcQ', translations: { en: { alt: 'x'.repeat(501) } } }, 'translations.en.alt', 'TOO_LONG'],
  ])('refuses %s with a field code and writes nothing', async (_name, input, path, code) => {
    const before = await totals();
    const { status, body } = await running.app.editor.call('POST', '/api/admin/medias', input);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors[path]).toEqual([code]);
    expect(await totals()).toBe(before);
  });

  it('has a sentence for each of its codes in every locale', () => {
    for (const locale of locales) {
      const t = getTranslator(locale);
      for (const code of ['UNSUPPORTED_VIDEO_LINK', 'NOT_A_VIDEO_LINK']) {
        const key = `admin.error.${code}` as UiKey;
        expect(t(key), `${locale} ${code}`).not.toBe(key);
      }
    }
  });

  it('asks for the same rights as an upload', async () => {
    const before = await totals();
    const link = { embedUrl: 'https://youtu.be/dQw4w9WgXcQ' };
    expect((await running.app.anonymous.call('POST', '/api/admin/medias', link)).status).toBe(401);
    expect((await running.app.visitor.call('POST', '/api/admin/medias', link)).status).toBe(403);
    const crossSite = await running.app.editor.request('POST', '/api/admin/medias', link, { origin: 'https://elsewhere.example' });
    expect(crossSite.status).toBe(403);
    expect(await totals()).toBe(before);
  });

  it('keeps other bodies on the upload path', async () => {
    const response = await running.app.editor.request('POST', '/api/admin/medias', 'embedUrl=https://youtu.be/dQw4w9WgXcQ', { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
  });
});

describe('editing a video link', () => {
  it('accepts another supported address in canonical form, refuses an unsupported one', async () => {
    const created = await running.app.editor.call('POST', '/api/admin/medias', { embedUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    const moved = await running.app.editor.call('PATCH', `/api/admin/medias/${created.body.id}`, {
      version: 1,
      embedUrl: 'https://www.youtube.com/shorts/aqz-KE-bpKQ',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ embedUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', version: 2 });
    const refused = await running.app.editor.call('PATCH', `/api/admin/medias/${created.body.id}`, {
      version: 2,
      embedUrl: 'https://www.dailymotion.com/video/x7tgad0',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ embedUrl: ['UNSUPPORTED_VIDEO_LINK'] });
    expect((await running.app.editor.call('GET', `/api/admin/medias/${created.body.id}`)).body).toMatchObject({
      embedUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      version: 2,
    });
  });

  it('gives an uploaded image no video address', async () => {
    const image = await createImage(running.app.editor);
    const { status, body } = await running.app.editor.call('PATCH', `/api/admin/medias/${image.id}`, {
      version: image.version,
      embedUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ embedUrl: ['NOT_A_VIDEO_LINK'] });
    const after = await running.db.$client.execute({ sql: 'SELECT kind, embed_url, version FROM medias WHERE id = ?', args: [image.id] });
    expect({ ...after.rows[0] }).toEqual({ kind: 'image', embed_url: null, version: image.version });
  });

  it('shows on the event pages that use it, and the pages follow an edit at once', async () => {
    const created = await running.app.editor.call('POST', '/api/admin/medias', {
      embedUrl: 'https://youtu.be/dQw4w9WgXcQ',
      translations: { en: { alt: 'Teaser' } },
    });
    const event = await createEvent(running.app.editor, { status: 'published', mediaIds: [(await createImage(running.app.editor)).id] });
    const page = `${running.app.server.origin}/en/hub/event/${event.slug}`;
    expect(await (await fetch(page)).text()).not.toContain('Teaser');

    const linked = await running.app.editor.call('PATCH', `/api/admin/events/${event.id}`, {
      version: event.version,
      mediaIds: [...(event['mediaIds'] as number[]), created.body.id],
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const shown = await fetch(page);
    expect(await shown.text()).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(shown.headers.get('content-security-policy')).toContain("frame-src 'self' https://www.youtube-nocookie.com;");

    const moved = await running.app.editor.call('PATCH', `/api/admin/medias/${created.body.id}`, { version: 1, embedUrl: 'https://vimeo.com/76979871' });
    expect(moved.status).toBe(200);
    const after = await fetch(page);
    const html = await after.text();
    expect(html).toContain('src="https://player.vimeo.com/video/76979871"');
    expect(html).not.toContain('youtube-nocookie');
    expect(after.headers.get('content-security-policy')).toContain("frame-src 'self' https://player.vimeo.com;");
  });
});
