/**
 * The theme's fixed surfaces and ink in light and dark mode (decision 043). The site's brand
 * colours are checked against these before any page uses them, so the stylesheet's `--paper`,
 * `--surface` and `--ink` must keep these values. Pure and browser-safe (the admin's live readout).
 */

export const themeModes = ['light', 'dark'] as const;
export type ThemeMode = (typeof themeModes)[number];

export interface ThemeSurfaces {
  /** The page background. */
  paper: string;
  /** Cards, panels and the header. */
  surface: string;
  /** Body text. */
  ink: string;
}

export const themePalette: Record<ThemeMode, ThemeSurfaces> = {
  light: { paper: '#fbfaf7', surface: '#ffffff', ink: '#17161c' },
  dark: { paper: '#111015', surface: '#1c1a22', ink: '#f3f1ec' },
};

/** The two inks text on a brand-coloured background may take: the lighter and the darker that pass. */
export const onBrandInks = ['#ffffff', '#17161c'] as const;
