/**
 * Uploads against the built server, with real files generated here: every accepted type, every
 * refusal (wrong magic bytes, SVG with script, oversize, pixel bomb), EXIF/GPS stripped,
 * variants created, names sanitised, traversal impossible, served headers, blobs released.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { createEvent } from '../helpers/factories.ts';
import { docx, elfBinary, htmlPage, image, jpegWithGps, m4a, mp3, mp4, ogg, pdf, pngDeclaring, svgWithScript, webm, zip } from '../helpers/admin-files.ts';

let app: AdminServer;
let uploads: string;

beforeAll(async () => {
  app = await startAdminServer({ HUB_DEMO: '0' });
  uploads = join(app.server.dir, 'uploads');
});
afterAll(async () => {
  await app?.server.stop();
});

const blob = (bytes: Buffer | string, type = 'application/octet-stream') =>
  new Blob([new Uint8Array(typeof bytes === 'string' ? Buffer.from(bytes) : bytes)], { type });

async function upload(collection: 'medias' | 'files', bytes: Buffer | string, name: string, type?: string, metadata?: unknown) {
  const response = await app.editor.upload(collection, blob(bytes, type), name, metadata);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, type: response.headers.get('content-type') };
}

describe('medias', () => {
  it('accepts a JPEG, strips EXIF and GPS, applies the orientation, stores the size and makes variants', async () => {
    const original = await jpegWithGps(400, 200, 6);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { status, body } = await upload('medias', original, 'holiday.JPG', 'image/jpeg', {
      credit: 'Jane Doe',
      licence: 'CC BY 4.0',
      translations: { en: { alt: 'A red wall' }, fr: { alt: 'Un mur rouge', caption: 'Été' } },
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ kind: 'image', mimeType: 'image/jpeg', width: 200, height: 400, originalName: 'holiday.JPG', credit: 'Jane Doe', version: 1 });
    expect(body.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}\.jpg$/);
    expect(body.locales).toEqual({ en: 'complete', fr: 'complete', de: 'missing' });
    expect(body.variants).toEqual(['320.avif', '320.webp']);

    const served = await fetch(`${app.server.origin}${body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([200, 400]);

    const sha = body.storageKey.slice(3, 67);
    expect(existsSync(join(uploads, 'variants', sha.slice(0, 2), `${sha}-w320.webp`))).toBe(true);
    const variant = await fetch(`${app.server.origin}${body.url}?w=320&fm=avif`);
    expect(variant.headers.get('content-type')).toBe('image/avif');
    expect(variant.headers.get('cache-control')).toMatch(/immutable/);
    expect(variant.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['avif', 'image/avif'],
    ['gif', 'image/gif'],
  ] as const)('accepts a %s image', async (format, mime) => {
    const { status, body } = await upload('medias', await image(format, 700, 400), `picture.${format}`);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ kind: 'image', mimeType: mime, width: 700, height: 400 });
    expect(body.variants).toEqual(['320.avif', '320.webp', '640.avif', '640.webp']);
  });

  it.each([
    ['mp4', mp4(), 'video/mp4'],
    ['webm', webm(), 'video/webm'],
  ] as const)('accepts a %s video', async (ext, bytes, mime) => {
    const { status, body } = await upload('medias', bytes, `clip.${ext}`);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ kind: 'video', mimeType: mime, width: null });
    expect(body.storageKey.endsWith(`.${ext}`)).toBe(true);
  });

  it.each([
    ['MP3', mp3(), 'episode.mp3', 'audio/mpeg', 'mp3'],
    ['M4A', m4a(), 'interview.m4a', 'audio/mp4', 'm4a'],
    ['Ogg Opus', ogg('opus'), 'concert.opus', 'audio/ogg', 'ogg'],
    ['Ogg Vorbis', ogg('vorbis'), 'concert.ogg', 'audio/ogg', 'ogg'],
  ] as const)('accepts %s audio and serves it by byte range with its type', async (_, bytes, name, mime, ext) => {
    const { status, body } = await upload('medias', bytes, name, 'application/octet-stream');
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ kind: 'audio', mimeType: mime, width: null, originalName: name });
    expect(body.storageKey.endsWith(`.${ext}`)).toBe(true);
    const part = await fetch(`${app.server.origin}/media/${body.storageKey}`, { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe(mime);
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes).subarray(0, 4))).toBe(true);
    // Registered as audio: the same bytes are not served under another kind's route.
    expect((await fetch(`${app.server.origin}/media/${body.storageKey}?w=320&fm=webp`)).status).toBe(400);
  });

  it('serves an uploaded video whole and by byte range, for players that seek', async () => {
    const bytes = mp4();
    const { status, body } = await upload('medias', bytes, 'seekable.mp4');
    expect(status).toBe(201);
    const url = `${app.server.origin}/media/${body.storageKey}`;
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    const part = await fetch(url, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes).subarray(4, 12))).toBe(true);

    const tail = await fetch(url, { headers: { range: 'bytes=-4' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(Buffer.from(bytes).subarray(bytes.length - 4))).toBe(true);

    const outside = await fetch(url, { headers: { range: `bytes=${bytes.length + 10}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    expect((await fetch(`${url}?w=640&fm=webp`)).status).toBe(400);
  });

  it('decides by the bytes, not by the name or the declared type', async () => {
    const png = await image('png', 50, 50);
    const { status, body } = await upload('medias', png, 'looks-like.gif', 'image/gif');
    expect(status).toBe(201);
    expect(body.mimeType).toBe('image/png');
  });

  it.each([
    ['text named .jpg', Buffer.from('just some text, not a photo'), 'photo.jpg', 'image/jpeg'],
    ['SVG with a script', svgWithScript, 'logo.svg', 'image/svg+xml'],
    ['HTML', htmlPage, 'page.png', 'image/png'],
    ['an executable', elfBinary, 'image.webp', 'image/webp'],
    ['a PDF', pdf(), 'scan.jpg', 'image/jpeg'],
  ])('refuses %s with 415', async (_, bytes, name, type) => {
    const { status, body, type: contentType } = await upload('medias', bytes, name, type);
    expect(status).toBe(415);
    expect(contentType).toBe('application/problem+json; charset=utf-8');
    expect(body).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', errors: { file: ['UNSUPPORTED_FILE_TYPE'] } });
  });

  it('refuses a decompression bomb from its header with 413, before decoding it', async () => {
    const { status, body } = await upload('medias', pngDeclaring(20_000, 20_000), 'bomb.png');
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS', width: 20_000, height: 20_000, limit: 40_000_000 });
  });

  it('refuses an image over 20 MB with 413, while streaming', async () => {
    const header = await jpegWithGps(64, 64);
    const big = Buffer.concat([header.subarray(0, header.length - 2), Buffer.alloc(21 * 1024 * 1024, 1)]);
    const { status, body } = await upload('medias', big, 'huge.jpg');
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: 'FILE_TOO_LARGE', category: 'image', limit: 20 * 1024 * 1024 });
  });

  it('refuses malformed uploads: no file, two files, unknown parts, bad metadata, empty file', async () => {
    const form = (build: (data: FormData) => void) => {
      const data = new FormData();
      build(data);
      return app.editor.request('POST', '/api/admin/medias', data);
    };
    const png = blob(await image('png', 20, 20));
    expect((await form((d) => d.set('metadata', '{}'))).status).toBe(400);
    const two = await form((d) => (d.append('file', png, 'a.png'), d.append('file', png, 'b.png')));
    expect([two.status, (await two.json()).code]).toEqual([400, 'UNEXPECTED_PART']);
    expect((await form((d) => (d.set('owner', 'me'), d.set('file', png, 'a.png')))).status).toBe(400);
    const metadata = await upload('medias', await image('png', 20, 20), 'a.png', undefined, { focalX: 3, storageKey: 'x' });
    expect(metadata.status).toBe(400);
    expect(metadata.body.errors).toEqual({ 'metadata.focalX': ['OUT_OF_RANGE'], 'metadata.storageKey': ['UNKNOWN_FIELD'] });
    const empty = await upload('medias', Buffer.alloc(0), 'empty.png');
    expect([empty.status, empty.body.code]).toEqual([422, 'EMPTY_FILE']);
  });

  it('lets staff edit texts and the focal point, and requires the upload permission', async () => {
    const { body } = await upload('medias', await image('webp', 100, 100), 'focus.webp');
    const patched = await app.editor.call('PATCH', `/api/admin/medias/${body.id}`, {
      version: 1,
      focalX: 0.25,
      focalY: 0.75,
      translations: { de: { alt: 'Ein Quadrat' } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ focalX: 0.25, focalY: 0.75, version: 2, locales: { de: 'complete' } });
    expect((await app.visitor.upload('medias', blob(await image('png', 10, 10)), 'x.png')).status).toBe(403);
    expect((await app.anonymous.upload('medias', blob(await image('png', 10, 10)), 'x.png')).status).toBe(401);
  });
});

describe('files', () => {
  it.each([
    ['a PDF', pdf(), 'Programme 2031.pdf', 'application/pdf'],
    ['plain text', Buffer.from('Bienvenue à l’Édition 2031 — programme\n'), 'notes.txt', 'text/plain'],
    ['CSV', Buffer.from('name;time\nOpening;18:00\n'), 'timetable.csv', 'text/csv'],
    ['a ZIP', zip({ 'readme.txt': 'press photos' }), 'press-kit.zip', 'application/zip'],
    ['a Word document', docx(), 'Presse.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('accepts %s', async (_, bytes, name, mime) => {
    const { status, body } = await upload('files', bytes, name);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ mimeType: mime, originalName: name, byteSize: bytes.length });
    expect(body.translations.en.title).toBe(name.replace(/\.[^.]+$/, ''));
    const served = await fetch(`${app.server.origin}${body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain(mime);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it.each([
    ['SVG with a script', svgWithScript, 'diagram.txt'],
    ['HTML', htmlPage, 'readme.txt'],
    ['an executable named .pdf', elfBinary, 'programme.pdf'],
    ['binary text with NUL bytes', Buffer.from('abc\u0000def'), 'data.csv'],
    ['invalid UTF-8', Buffer.from([0x61, 0xff, 0xfe, 0x62]), 'notes.txt'],
  ])('refuses %s with 415', async (_, bytes, name) => {
    const { status, body } = await upload('files', bytes, name);
    expect(status).toBe(415);
    expect(body.code).toBe('UNSUPPORTED_FILE_TYPE');
  });

  it('refuses a file over 50 MB with 413', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(51 * 1024 * 1024, 32)]);
    const { status, body } = await upload('files', big, 'huge.pdf');
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: 'FILE_TOO_LARGE', limit: 50 * 1024 * 1024 });
  });

  it('keeps no path, control or bidi characters of the client’s name; the key is the content hash', async () => {
    const { status, body } = await upload('files', 'traversal test', '../../../etc/pass\u202Ewd.txt');
    expect(status).toBe(201);
    expect(body.originalName).toBe('passwd.txt');
    const accented = await upload('files', 'accents', 'Programme d’été — Zürich.txt');
    expect(accented.body.originalName).toBe('Programme d’été — Zürich.txt');
    expect(body.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}\.txt$/);
    const served = await fetch(`${app.server.origin}${body.url}`);
    expect(served.headers.get('content-disposition')).toContain('passwd.txt');
    const windows = await upload('files', 'windows', 'C:\\Users\\me\\..\\secret:report?.txt');
    expect(windows.body.originalName).toBe('secret_report_.txt');
  });

  it('serves nothing outside the uploads whatever the key', async () => {
    for (const path of [
      '/files/../../etc/passwd',
      '/files/..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e/%2e%2e/hub.db',
      '/files/.staging/x.part',
      '/media/variants/../../hub.db',
    ]) {
      const response = await fetch(`${app.server.origin}${path}`);
      expect(response.status, path).toBe(404);
    }
  });

  it('shares one blob between identical uploads and deletes it with the last user, once out of the trash', async () => {
    const bytes = pdf('shared blob');
    const first = await upload('files', bytes, 'one.pdf');
    const second = await upload('files', bytes, 'two.pdf');
    expect(second.body.storageKey).toBe(first.body.storageKey);
    const path = join(uploads, first.body.storageKey);
    expect((await app.editor.request('DELETE', `/api/admin/files/${first.body.id}`)).status).toBe(204);
    expect((await app.admin.request('DELETE', `/api/admin/trash/files/${first.body.id}`)).status).toBe(204);
    expect(existsSync(path)).toBe(true);
    // Deleted, the file waits in the trash with its bytes (decision 053); purged, they go.
    expect((await app.editor.request('DELETE', `/api/admin/files/${second.body.id}`)).status).toBe(204);
    expect(existsSync(path)).toBe(true);
    expect((await app.admin.request('DELETE', `/api/admin/trash/files/${second.body.id}`)).status).toBe(204);
    expect(existsSync(path)).toBe(false);
  });

  it('deletes an image blob and its variants when its media leaves the trash', async () => {
    const { body } = await upload('medias', await image('png', 400, 300), 'gone.png');
    const sha = body.storageKey.slice(3, 67);
    const variant = join(uploads, 'variants', sha.slice(0, 2), `${sha}-w320.webp`);
    expect(existsSync(variant)).toBe(true);
    expect((await app.editor.request('DELETE', `/api/admin/medias/${body.id}`)).status).toBe(204);
    expect(existsSync(join(uploads, body.storageKey))).toBe(true);
    expect((await app.admin.request('DELETE', `/api/admin/trash/medias/${body.id}`)).status).toBe(204);
    expect(existsSync(join(uploads, body.storageKey))).toBe(false);
    expect(existsSync(variant)).toBe(false);
  });

  it('reports where a file is used', async () => {
    const { body } = await upload('files', pdf(), 'used.pdf');
    const event = await createEvent(app.editor);
    expect((await app.editor.call('PATCH', `/api/admin/events/${event.id}`, { version: event.version, fileIds: [body.id] })).status).toBe(200);
    const read = await app.editor.call('GET', `/api/admin/files/${body.id}`);
    expect(read.body.usedBy.usages).toEqual([expect.objectContaining({ entity: 'event', id: event.id, field: 'fileIds' })]);
    const refused = await app.editor.call('DELETE', `/api/admin/files/${body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.usageCount).toBe(1);
  });
});
