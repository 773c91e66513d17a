/**
 * Feed enclosures: each item's cover as the JPEG variant a feed reader can show, with the exact
 * byte length the media route serves for it (RSS 2.0 requires the length; 0 is a lie readers
 * may act on). Variants are immutable per content hash, so a length never goes stale.
 */
import { paths } from '../../lib/paths.ts';
import { absoluteUrl } from '../config/site-origin.ts';
import { getStorage } from '../storage/index.ts';
import { parseOriginalKey, variantContentType, variantKey, type VariantFormat, type VariantWidth } from '../storage/keys.ts';
import { getImageVariant } from '../storage/variants.ts';
import type { Enclosure } from './rss.ts';

const WIDTH: VariantWidth = 640;
const FORMAT: VariantFormat = 'jpeg';

/**
 * Enclosures by event id. A missing variant is generated (once, then stored), as the media route
 * would on the reader's first request; an original gone from storage gets no enclosure.
 */
export async function loadEnclosures(origin: string, items: readonly { id: number; cover: { key: string } | null }[]): Promise<Map<number, Enclosure>> {
  const storage = getStorage();
  const found = new Map<number, Enclosure>();
  // One at a time: a first build may generate every variant, and image encoding is CPU-bound.
  for (const item of items) {
    const original = item.cover && parseOriginalKey(item.cover.key);
    if (!original) continue;
    // A stat is enough once the variant exists (one HEAD on a bucket, not a read).
    const variant = (await storage.stat(variantKey(original, WIDTH, FORMAT))) ?? (await getImageVariant(storage, original, WIDTH, FORMAT));
    if (!variant) continue;
    found.set(item.id, {
      url: absoluteUrl(origin, paths.media(original.key, { width: WIDTH, format: FORMAT })),
      length: variant.size,
      type: variantContentType(FORMAT),
    });
  }
  return found;
}
