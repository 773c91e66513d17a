/**
 * Cleaning an uploaded SVG logo (decision 043) with DOMPurify's SVG profile, server side on jsdom:
 * scripts, event handlers, `foreignObject`, and every reference outside the file are removed, so
 * what is stored and served can neither run code nor make a visitor's browser call another host.
 * Kept: shapes, gradients, filters, in-file references (`#id`) and embedded raster images.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/** An SVG logo larger than this is refused: logos are a few kilobytes. */
export const MAX_SVG_LOGO_BYTES = 100 * 1024;

const SAFE_IMAGE_DATA = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;
/** `url(…)` pointing anywhere but into the file itself, and `@import`. */
const EXTERNAL_CSS = /@import|url\(\s*['"]?\s*(?!#)/i;

let purifier: ReturnType<typeof createDOMPurify> | undefined;

function getPurifier(): ReturnType<typeof createDOMPurify> {
  if (purifier) return purifier;
  purifier = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const value = data.attrValue.trim();
    if (data.attrName === 'href' || data.attrName === 'xlink:href') {
      const embedded = node.nodeName.toLowerCase() === 'image' && SAFE_IMAGE_DATA.test(value);
      if (!value.startsWith('#') && !embedded) data.keepAttr = false;
      // DOMPurify's own URI check would drop the data: image it does not know as safe here.
      if (embedded) data.forceKeepAttr = true;
    } else if (EXTERNAL_CSS.test(value)) {
      data.keepAttr = false;
    }
  });
  purifier.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && EXTERNAL_CSS.test(node.textContent ?? '')) node.textContent = '';
  });
  return purifier;
}

/**
 * The cleaned markup of `source`, or null when nothing usable is left (not an SVG, or an SVG
 * whose root was removed).
 */
export function cleanSvgLogo(source: string): string | null {
  const clean = getPurifier().sanitize(source, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'a'],
    // In-file references only (the attribute hook drops any other `href`): symbols reused in a logo.
    ADD_TAGS: ['use'],
  });
  const markup = String(clean).trim();
  return /^<svg[\s>]/i.test(markup) ? markup : null;
}
