import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStorageKey, parseOriginalKey, variantKey } from '../../src/server/storage/keys.ts';
import { createLocalStorage } from '../../src/server/storage/local.ts';
import { attachmentDisposition } from '../../src/server/storage/responses.ts';

const sha = 'ab'.padEnd(64, '0');
const key = `ab/${sha}.jpg`;

describe('storage keys', () => {
  it('accept exactly the content-hash shape', () => {
    expect(parseOriginalKey(key)).toEqual({ key, sha256: sha, ext: 'jpg' });
    expect(isStorageKey(variantKey(parseOriginalKey(key)!, 640, 'webp'))).toBe(true);
  });

  it('cannot express traversal, absolute paths or other folders', () => {
    for (const bad of [
      `../${sha}.jpg`,
      `ab/../${sha}.jpg`,
      `/ab/${sha}.jpg`,
      `ab\\${sha}.jpg`,
      `cd/${sha}.jpg`,
      `ab/${sha}.JPG`,
      `ab/${sha}.jpg/..`,
      `ab/${sha.slice(1)}.jpg`,
      `ab/${sha}.jpg%00.png`,
      `ab//${sha}.jpg`,
      '',
      `variants/../ab/${sha}.jpg`,
      `variants/ab/${sha}-w640.svg`,
      `ab/${sha}`,
    ]) {
      expect(isStorageKey(bad), bad).toBe(false);
    }
  });
});

describe('local storage', () => {
  it('writes atomically, reads, stats and deletes by key', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hub-storage-'));
    const storage = createLocalStorage(root);
    expect(await storage.read(key)).toBeNull();
    await storage.put(key, new TextEncoder().encode('hello'));
    expect(await storage.stat(key)).toMatchObject({ size: 5 });
    const object = await storage.read(key);
    expect(await new Response(object!.stream()).text()).toBe('hello');
    expect(new TextDecoder().decode((await storage.readBytes(key))!)).toBe('hello');
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
  });

  it('refuses anything that is not a storage key before touching the disk', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hub-storage-'));
    writeFileSync(join(root, 'secret.txt'), 'x');
    const storage = createLocalStorage(join(root, 'uploads'));
    await expect(storage.read('../secret.txt')).rejects.toThrow(/not a storage key/);
    await expect(storage.put('../../etc/passwd', new Uint8Array())).rejects.toThrow(/not a storage key/);
    await expect(storage.delete('..')).rejects.toThrow(/not a storage key/);
  });
});

describe('attachmentDisposition', () => {
  it('keeps the exact UTF-8 name and an ASCII fallback', () => {
    expect(attachmentDisposition('Programme été 2026.pdf')).toBe(
      `attachment; filename="Programme ete 2026.pdf"; filename*=UTF-8''Programme%20%C3%A9t%C3%A9%202026.pdf`,
    );
  });

  it('neutralises quotes, separators, control characters and header injection', () => {
    const header = attachmentDisposition('..\\../"evil"\r\nSet-Cookie: a=b;.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toMatch(/^attachment; filename="[^"\\/]*"; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/);
    expect(attachmentDisposition('')).toContain('filename="download"');
  });
});
