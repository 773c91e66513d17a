/**
 * Uploads in an S3-compatible bucket (s3rver on loopback) through the real admin API of the
 * production server: originals and variants land in the bucket and nowhere on local disk, they
 * are served whole and by byte range, large videos go up in parts, blobs nothing references any
 * more are deleted, stale staging files are still swept, and with HUB_MEDIA_BASE_URL medias are
 * redirected to the CDN instead of streamed.
 */
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOriginalKey, variantFormats, variantKey, variantWidths } from '../../src/server/storage/keys.ts';
import { InvalidStorageKeyError } from '../../src/server/storage/types.ts';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { image, jpegWithGps, mp4, pdf } from '../helpers/admin-files.ts';
import { makeTempDir } from '../helpers/db.ts';
import { createEvent } from '../helpers/factories.ts';
import { startTestS3, type TestS3 } from '../helpers/s3-server.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s3: TestS3;
let app: AdminServer;
let uploadsDir: string;
let cdnNode: TestServer;

const MiB = 1024 * 1024;
const blob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]);

/** A minimal MP4 (ftyp + one mdat box) of about `size` bytes: big enough to go up in parts. */
function largeMp4(size: number): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'ascii'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'ascii')]);
  const payload = Buffer.alloc(size - ftyp.length - 8);
  for (let i = 0; i < payload.length; i += 4096) payload[i] = i % 251;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(payload.length + 8, 0);
  header.write('mdat', 4, 'ascii');
  return Buffer.concat([ftyp, header, payload]);
}

async function upload(collection: 'medias' | 'files', bytes: Buffer, name: string) {
  const response = await app.editor.upload(collection, blob(bytes), name);
  const body = (await response.json()) as { id: number; storageKey: string; variants?: string[]; url?: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

const bucketBytes = async (key: string) => Buffer.from((await s3.storage.readBytes(key)) ?? []);
const localFiles = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : []);

beforeAll(async () => {
  s3 = await startTestS3();
  uploadsDir = join(makeTempDir('hub-s3-node-'), 'uploads');
  // A staged upload a crash left behind two hours ago: the sweep must still remove it with S3.
  const stale = join(uploadsDir, '.staging', 'interrupted.part');
  mkdirSync(join(uploadsDir, '.staging'), { recursive: true });
  writeFileSync(stale, 'half an upload');
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  utimesSync(stale, twoHoursAgo, twoHoursAgo);
  app = await startAdminServer({ ...s3.env, UPLOADS_DIR: uploadsDir, HUB_DEMO: '0' });
});
afterAll(async () => {
  await Promise.all([app?.server.stop(), cdnNode?.stop()]);
  await s3?.stop();
});

describe('uploads in an S3 bucket', () => {
  it('stores an image and its variants in the bucket, nothing on local disk, and serves them', async () => {
    const body = await upload('medias', await jpegWithGps(700, 400), 'wall.jpg');
    expect(body.variants).toEqual(['320.avif', '320.webp', '640.avif', '640.webp']);
    const original = parseOriginalKey(body.storageKey)!;
    expect(await s3.storage.stat(body.storageKey)).toMatchObject({ size: expect.any(Number) });
    for (const made of ['320.webp', '640.avif']) {
      const [width, format] = made.split('.') as [string, 'webp' | 'avif'];
      expect(await s3.storage.stat(variantKey(original, Number(width) as 320, format)), made).not.toBeNull();
    }
    expect(localFiles()).toEqual([]);

    const served = await fetch(`${app.server.origin}/media/${body.storageKey}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(await bucketBytes(body.storageKey))).toBe(true);

    // A variant nobody made yet is generated from the bucket's original and stored there.
    const jpeg = variantKey(original, 320, 'jpeg');
    expect(await s3.storage.stat(jpeg)).toBeNull();
    const variant = await fetch(`${app.server.origin}/media/${body.storageKey}?w=320&fm=jpeg`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await variant.arrayBuffer()).equals(await bucketBytes(jpeg))).toBe(true);
  });

  it('serves byte ranges from the bucket with Content-Range, and 416 outside the object', async () => {
    const { storageKey } = await upload('medias', await image('png', 500, 300), 'range.png');
    const whole = await bucketBytes(storageKey);
    const url = `${app.server.origin}/media/${storageKey}`;
    const part = await fetch(url, { headers: { range: 'bytes=10-109' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-109/${whole.length}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(10, 110))).toBe(true);
    const tail = await fetch(url, { headers: { range: 'bytes=-7' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 7))).toBe(true);
    const outside = await fetch(url, { headers: { range: `bytes=${whole.length + 5}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it('sends a large video up in parts (multipart) and serves a seek into it', async () => {
    const bytes = largeMp4(13 * MiB);
    const multipart: string[] = [];
    const stopWatching = s3.onRequest((request) => {
      if (request.url?.includes('uploadId=')) multipart.push(`${request.method} ${request.url}`);
    });
    let storageKey: string;
    try {
      ({ storageKey } = await upload('medias', bytes, 'concert.mp4'));
    } finally {
      stopWatching();
    }
    // At least two parts and the completion, each naming the upload.
    expect(multipart.filter((line) => line.startsWith('PUT ')).length).toBeGreaterThanOrEqual(2);
    expect(multipart.some((line) => line.startsWith('POST '))).toBe(true);
    expect((await s3.storage.stat(storageKey))?.size).toBe(bytes.length);

    const start = 9 * MiB;
    const seek = await fetch(`${app.server.origin}/media/${storageKey}`, { headers: { range: `bytes=${start}-${start + 4095}` } });
    expect(seek.status).toBe(206);
    expect(seek.headers.get('content-type')).toBe('video/mp4');
    expect(seek.headers.get('content-range')).toBe(`bytes ${start}-${start + 4095}/${bytes.length}`);
    expect(Buffer.from(await seek.arrayBuffer()).equals(bytes.subarray(start, start + 4096))).toBe(true);
    expect(localFiles()).toEqual([]);
  });

  it('serves a download from the bucket as an attachment, whole and by range', async () => {
    const bytes = pdf('press kit');
    const { storageKey } = await upload('files', bytes, 'press kit.pdf');
    const served = await fetch(`${app.server.origin}/files/${storageKey}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(`${app.server.origin}/files/${storageKey}`, { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('%PDF');
  });

  it('deletes a blob and its variants from the bucket once no row and no trash entry references it, not before', async () => {
    const bytes = await image('webp', 700, 400);
    const first = await upload('medias', bytes, 'twice.webp');
    const second = await upload('medias', bytes, 'twice-again.webp');
    expect(second.storageKey).toBe(first.storageKey);
    const original = parseOriginalKey(first.storageKey)!;
    const variants = variantWidths.flatMap((width) => variantFormats.map((format) => variantKey(original, width, format)));
    const storedVariants = async () => (await Promise.all(variants.map((key) => s3.storage.stat(key)))).filter(Boolean).length;
    expect(await storedVariants()).toBeGreaterThan(0);

    expect((await app.admin.request('DELETE', `/api/admin/medias/${first.id}`)).status).toBe(204);
    expect((await app.admin.request('DELETE', `/api/admin/trash/medias/${first.id}`)).status).toBe(204);
    expect(await s3.storage.stat(first.storageKey)).not.toBeNull();
    expect((await fetch(`${app.server.origin}/media/${second.storageKey}`)).status).toBe(200);

    // Deleted, the second waits in the trash with its bytes (decision 053); purged, they go.
    expect((await app.admin.request('DELETE', `/api/admin/medias/${second.id}`)).status).toBe(204);
    expect(await s3.storage.stat(first.storageKey)).not.toBeNull();
    expect((await app.admin.request('DELETE', `/api/admin/trash/medias/${second.id}`)).status).toBe(204);
    expect(await s3.storage.stat(first.storageKey)).toBeNull();
    expect(await storedVariants()).toBe(0);
    expect((await fetch(`${app.server.origin}/media/${first.storageKey}`)).status).toBe(404);
  });

  it('refuses anything but a storage key before a request reaches the bucket', async () => {
    let requests = 0;
    const stopWatching = s3.onRequest(() => (requests += 1));
    try {
      for (const key of ['../outside.jpg', `ab/${'ab'.repeat(32)}.jpg/../../x`, '.staging/upload.part', '']) {
        await expect(s3.storage.read(key)).rejects.toThrow(InvalidStorageKeyError);
        await expect(s3.storage.put(key, new Uint8Array([1]))).rejects.toThrow(InvalidStorageKeyError);
        await expect(s3.storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
      }
    } finally {
      stopWatching();
    }
    expect(requests).toBe(0);
  });

  it('still sweeps staged uploads a crash left behind when uploads go to S3', async () => {
    expect(existsSync(join(uploadsDir, '.staging', 'interrupted.part'))).toBe(false);
    expect(app.server.logs()).toContain('Removed 1 leftover file(s) of interrupted uploads.');
  });
});

describe('with HUB_MEDIA_BASE_URL (a CDN in front of the bucket)', () => {
  beforeAll(async () => {
    cdnNode = await startTestServer(
      { ...s3.env, UPLOADS_DIR: join(makeTempDir('hub-s3-cdn-'), 'uploads'), HUB_MEDIA_BASE_URL: `${s3.endpoint}/${s3.bucket}/`, HUB_DEMO: '0' },
      { sharingWith: app.server },
    );
  });

  it('redirects originals and variants of registered medias to the CDN, which serves the stored bytes', async () => {
    const { storageKey } = await upload('medias', await image('png', 700, 400), 'cdn.png');
    const original = await fetch(`${cdnNode.origin}/media/${storageKey}`, { redirect: 'manual' });
    expect(original.status).toBe(302);
    expect(original.headers.get('location')).toBe(`${s3.endpoint}/${s3.bucket}/${storageKey}`);
    const fromCdn = await fetch(original.headers.get('location')!);
    expect(fromCdn.status).toBe(200);
    expect(fromCdn.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fromCdn.arrayBuffer()).equals(await bucketBytes(storageKey))).toBe(true);

    // A variant not made at upload is generated first, then redirected to.
    const variant = await fetch(`${cdnNode.origin}/media/${storageKey}?w=320&fm=jpeg`, { redirect: 'manual' });
    expect(variant.status).toBe(302);
    const variantUrl = variant.headers.get('location')!;
    expect(variantUrl).toBe(`${s3.endpoint}/${s3.bucket}/${variantKey(parseOriginalKey(storageKey)!, 320, 'jpeg')}`);
    const variantFromCdn = await fetch(variantUrl);
    expect(variantFromCdn.status).toBe(200);
    expect(variantFromCdn.headers.get('content-type')).toBe('image/jpeg');
  });

  it('redirects videos too, and the CDN answers their byte ranges', async () => {
    const bytes = mp4();
    const { storageKey } = await upload('medias', bytes, 'clip.mp4');
    const redirect = await fetch(`${cdnNode.origin}/media/${storageKey}`, { redirect: 'manual', headers: { range: 'bytes=0-7' } });
    expect(redirect.status).toBe(302);
    const part = await fetch(redirect.headers.get('location')!, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 8))).toBe(true);
  });

  it('gives the public API the hub’s address of a medium, which redirects to the CDN', async () => {
    const cover = await upload('medias', await image('png', 640, 480), 'api-cover.png');
    const event = await createEvent(app.editor, { status: 'published', coverMediaId: cover.id });
    const answer = await fetch(`${cdnNode.origin}/api/public/v1/events/${event.id}`);
    expect(answer.status).toBe(200);
    const { cover: shown } = (await answer.json()) as { cover: { url: string } };
    expect(shown.url).toBe(`${cdnNode.origin}/media/${cover.storageKey}`);
    const redirect = await fetch(shown.url, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`${s3.endpoint}/${s3.bucket}/${cover.storageKey}`);
  });

  it('answers 404 rather than a redirect for a key no media row registers', async () => {
    const unknown = `${'ab'}/${'ab'.repeat(32)}.png`;
    const response = await fetch(`${cdnNode.origin}/media/${unknown}`, { redirect: 'manual' });
    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
  });
});
