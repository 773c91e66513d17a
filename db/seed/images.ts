/**
 * Generates the demo images and downloads and stores them under content-hash keys:
 * `<sha256[0..2]>/<sha256>.<ext>` inside the uploads directory. Identical bytes always land on
 * the same key, so running the generator twice writes nothing new.
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { coverDesigns, downloads, logoDesigns, portraitDesigns, type DownloadDefinition, type ImageDesign } from './content-media.ts';
import { buildDownload } from './downloads.ts';
import { renderDesignSvg } from './svg-art.ts';

export interface StoredBlob {
  key: string;
  mime: string;
  byteSize: number;
  sha256: string;
}

export interface StoredImage extends StoredBlob {
  width: number;
  height: number;
  design: ImageDesign;
}

export interface StoredDownload extends StoredBlob {
  definition: DownloadDefinition;
}

/** The storage key of some bytes: two-character fan-out folder, then the full hash. */
export function storageKeyFor(sha256: string, ext: string): string {
  return `${sha256.slice(0, 2)}/${sha256}.${ext}`;
}

/** Writes bytes under their content-hash key (once) and returns where they are. */
export async function storeBlob(uploadsDir: string, bytes: Buffer, mime: string, ext: string): Promise<StoredBlob> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const key = storageKeyFor(sha256, ext);
  const path = join(uploadsDir, key);
  if (!(await exists(path))) {
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees a half-written file under a valid key.
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  }
  return { key, mime, byteSize: bytes.length, sha256 };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

const sizes: Record<ImageDesign['role'], { width: number; height: number }> = {
  cover: { width: 1600, height: 1000 },
  portrait: { width: 600, height: 600 },
  logo: { width: 400, height: 400 },
};

async function renderImage(uploadsDir: string, design: ImageDesign): Promise<StoredImage> {
  const { width, height } = sizes[design.role];
  const svg = Buffer.from(renderDesignSvg(design, width, height));
  const image = sharp(svg, { density: 72 }).resize(width, height);
  // Logos keep their transparent corners, so they are PNG; photos-like pictures are JPEG.
  const bytes =
    design.role === 'logo'
      ? await image.png({ compressionLevel: 9 }).toBuffer()
      : await image.flatten({ background: '#000000' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  const stored = design.role === 'logo' ? await storeBlob(uploadsDir, bytes, 'image/png', 'png') : await storeBlob(uploadsDir, bytes, 'image/jpeg', 'jpg');
  return { ...stored, width, height, design };
}

export interface SeedAssets {
  covers: StoredImage[];
  portraits: StoredImage[];
  logos: StoredImage[];
  downloads: StoredDownload[];
}

/** Renders every demo image and download into `uploadsDir` and returns their metadata. */
export async function generateSeedAssets(uploadsDir: string): Promise<SeedAssets> {
  const render = (designs: readonly ImageDesign[]) => Promise.all(designs.map((design) => renderImage(uploadsDir, design)));
  const [covers, portraits, logos] = [await render(coverDesigns), await render(portraitDesigns), await render(logoDesigns)];
  const stored: StoredDownload[] = [];
  for (const definition of downloads) {
    const { bytes, mime, ext } = buildDownload(definition);
    stored.push({ ...(await storeBlob(uploadsDir, bytes, mime, ext)), definition });
  }
  return { covers, portraits, logos, downloads: stored };
}
