/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of
 * a finished build's client folder (decision 044), so the server never compresses a static file
 * while a visitor waits, and does it once at the smallest size. A copy that would not be smaller
 * than its file is not written (and an older one is removed): the file is then sent as it is.
 */
import { readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import type { Compression } from '../http/content-coding.ts';
import { COPY_SUFFIX, textAssetType } from './text-assets.ts';

const compressors: Record<Compression, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: constants.Z_BEST_COMPRESSION }),
};

export interface PrecompressSummary {
  files: number;
  bytes: number;
  /** Bytes of the copies a client taking that encoding gets (the file itself where no copy was written). */
  sent: Record<Compression, number>;
}

/** Writes the compressed copies of every text file under `clientDir`; returns what they weigh. */
export async function precompressFiles(clientDir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, sent: { br: 0, gzip: 0 } };
  const files = readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && textAssetType(entry.name) !== undefined)
    .map((entry) => join(entry.parentPath, entry.name));
  // libuv's thread pool runs the compressions side by side.
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      summary.files += 1;
      summary.bytes += body.length;
      for (const encoding of ['br', 'gzip'] as const) {
        const copy = await compressors[encoding](body);
        const target = file + COPY_SUFFIX[encoding];
        if (copy.length < body.length) await writeFile(target, copy);
        else rmSync(target, { force: true });
        summary.sent[encoding] += Math.min(copy.length, body.length);
      }
    }),
  );
  return summary;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** The Astro integration: runs after every other `astro:build:done` hook listed before it (sw.js). */
export function precompressAssets(): AstroIntegration {
  return {
    name: 'hub-precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { files, bytes, sent } = await precompressFiles(fileURLToPath(dir));
        logger.info(`${files} text files (${kb(bytes)}) written as brotli (${kb(sent.br)}) and gzip (${kb(sent.gzip)})`);
      },
    },
  };
}
