/**
 * The bundled font files (decision 043): the Latin and Latin Extended subsets of each family's
 * variable weight axis, imported as assets so the build copies them under `/_astro/` with a
 * content hash in the name, served with a year of immutable caching. `unicode-range` lets a
 * browser fetch the Latin Extended file only for a page that uses one of its characters.
 */
import archivoLatin from '@fontsource-variable/archivo/files/archivo-latin-wght-normal.woff2?url';
import archivoLatinExt from '@fontsource-variable/archivo/files/archivo-latin-ext-wght-normal.woff2?url';
import bricolageLatin from '@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-wght-normal.woff2?url';
import bricolageLatinExt from '@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-ext-wght-normal.woff2?url';
import dmSansLatin from '@fontsource-variable/dm-sans/files/dm-sans-latin-wght-normal.woff2?url';
import dmSansLatinExt from '@fontsource-variable/dm-sans/files/dm-sans-latin-ext-wght-normal.woff2?url';
import frauncesLatin from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url';
import frauncesLatinExt from '@fontsource-variable/fraunces/files/fraunces-latin-ext-wght-normal.woff2?url';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import interLatinExt from '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url';
import literataLatin from '@fontsource-variable/literata/files/literata-latin-wght-normal.woff2?url';
import literataLatinExt from '@fontsource-variable/literata/files/literata-latin-ext-wght-normal.woff2?url';
import sourceSerifLatin from '@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2?url';
import sourceSerifLatinExt from '@fontsource-variable/source-serif-4/files/source-serif-4-latin-ext-wght-normal.woff2?url';
import spaceGroteskLatin from '@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2?url';
import spaceGroteskLatinExt from '@fontsource-variable/space-grotesk/files/space-grotesk-latin-ext-wght-normal.woff2?url';
import { fontFamilyNames, fontPairs, type FontFamilyId, type FontPairId } from '../../lib/font-pairs.ts';

/** The ranges of Google Fonts' `latin` and `latin-ext` subsets, which the files are cut to. */
const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT_RANGE =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

interface FamilyFiles {
  latin: string;
  latinExt: string;
  /** The weight range of the variable axis. */
  weights: string;
}

const familyFiles: Record<FontFamilyId, FamilyFiles> = {
  archivo: { latin: archivoLatin, latinExt: archivoLatinExt, weights: '100 900' },
  'bricolage-grotesque': { latin: bricolageLatin, latinExt: bricolageLatinExt, weights: '200 800' },
  'dm-sans': { latin: dmSansLatin, latinExt: dmSansLatinExt, weights: '100 1000' },
  fraunces: { latin: frauncesLatin, latinExt: frauncesLatinExt, weights: '100 900' },
  inter: { latin: interLatin, latinExt: interLatinExt, weights: '100 900' },
  literata: { latin: literataLatin, latinExt: literataLatinExt, weights: '200 900' },
  'source-serif-4': { latin: sourceSerifLatin, latinExt: sourceSerifLatinExt, weights: '200 900' },
  'space-grotesk': { latin: spaceGroteskLatin, latinExt: spaceGroteskLatinExt, weights: '300 700' },
};

function fontFaces(family: FontFamilyId): string {
  const { latin, latinExt, weights } = familyFiles[family];
  const face = (url: string, range: string) =>
    `@font-face{font-family:"${fontFamilyNames[family]}";font-style:normal;font-display:swap;font-weight:${weights};src:url(${url}) format("woff2");unicode-range:${range}}`;
  return face(latinExt, LATIN_EXT_RANGE) + face(latin, LATIN_RANGE);
}

/** The `@font-face` rules of a pair (nothing for the system fonts). */
export function fontFaceRules(pairId: FontPairId): string {
  const { display, body } = fontPairs[pairId];
  return [...new Set([display, body])].flatMap((family) => (family ? [fontFaces(family)] : [])).join('');
}

/**
 * The Latin files of the pair's faces, display first, worth a preload: every page's first screen
 * sets its title in the display face and its text in the body face. A face discovered only at
 * the first layout arrives after it, and the whole page is laid out and painted again with it.
 */
export function fontPreloads(pairId: FontPairId): string[] {
  const { display, body } = fontPairs[pairId];
  return [...new Set([display, body])].flatMap((family) => (family ? [familyFiles[family].latin] : []));
}
