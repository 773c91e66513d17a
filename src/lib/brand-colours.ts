/**
 * The brand colours' contrast rules (decision 043). A brand colour is link text on the page
 * background and on cards, and the background of button text, in light and in dark mode: every
 * one of those pairs must reach WCAG AA (4.5:1). The light colour is the admin's own and is
 * refused when a pair fails; the dark one is derived, lighter until every pair passes, so a dark
 * brown turns into a readable tan on the dark page. Pure and browser-safe: the admin screen shows
 * the same figures live that the server checks on save.
 */
import { adjustLightnessUntil, bestInkOn, contrastRatio, MIN_TEXT_CONTRAST } from './colour-contrast.ts';
import { onBrandInks, themeModes, themePalette, type ThemeMode } from './theme-palette.ts';

/** The pairs a brand colour takes part in. */
export const contrastPairs = ['onPaper', 'onSurface', 'inkOn'] as const;
export type ContrastPair = (typeof contrastPairs)[number];

export interface PairReading {
  mode: ThemeMode;
  pair: ContrastPair;
  ratio: number;
  passes: boolean;
}

/** The colour and the ink of its buttons in one mode. */
export interface ModeColour {
  colour: string;
  ink: string;
}

export type BrandColourCheck = { ok: true; light: ModeColour; dark: ModeColour; readings: PairReading[] } | { ok: false; readings: PairReading[] };

function readingsOf(mode: ThemeMode, colour: string): { ink: string; readings: PairReading[] } {
  const { paper, surface } = themePalette[mode];
  const { ink, ratio: inkRatio } = bestInkOn(colour, onBrandInks);
  const ratios: Record<ContrastPair, number> = { onPaper: contrastRatio(colour, paper), onSurface: contrastRatio(colour, surface), inkOn: inkRatio };
  return { ink, readings: contrastPairs.map((pair) => ({ mode, pair, ratio: ratios[pair], passes: ratios[pair] >= MIN_TEXT_CONTRAST })) };
}

const passesIn = (mode: ThemeMode) => (colour: string) => readingsOf(mode, colour).readings.every((reading) => reading.passes);

/** The colour to use in `mode`: the admin's own in light mode, a lighter variant in dark mode when needed. */
function variantFor(mode: ThemeMode, hex: string): string | null {
  return mode === 'light' ? hex : adjustLightnessUntil(hex, 'lighter', passesIn('dark'));
}

/** Checks `hex` (`#rrggbb`) in both modes: the colours and inks to use, or the failing pairs. */
export function checkBrandColour(hex: string): BrandColourCheck {
  const modes = themeModes.map((mode) => {
    const colour = variantFor(mode, hex);
    // No variant at all: report the admin's own colour's figures for that mode.
    return { mode, colour, ...readingsOf(mode, colour ?? hex) };
  });
  const readings = modes.flatMap((mode) => mode.readings);
  const [light, dark] = modes;
  if (!light!.colour || !dark!.colour || readings.some((reading) => !reading.passes)) return { ok: false, readings };
  return { ok: true, light: { colour: light!.colour, ink: light!.ink }, dark: { colour: dark!.colour, ink: dark!.ink }, readings };
}

/** The first pair that fails, as the field error code `LOW_CONTRAST:<mode>:<pair>:<ratio>`. */
export function contrastErrorCode(check: BrandColourCheck): `LOW_CONTRAST:${string}` | undefined {
  const failure = check.readings.find((reading) => !reading.passes);
  return failure && `LOW_CONTRAST:${failure.mode}:${failure.pair}:${failure.ratio.toFixed(2)}`;
}

/** A ratio as people read it (`4,5:1` in French), rounded down so a shown 4.5 never hides a 4.49 that fails. */
export function formatContrast(ratio: number, intlLocale: string): string {
  const format = new Intl.NumberFormat(intlLocale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${format.format(Math.floor(ratio * 10) / 10)}:1`;
}
