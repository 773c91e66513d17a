/**
 * Designs of the generated demo images and downloads, with the per-locale alt text, captions
 * and titles that describe them. The alt text names what the picture actually shows.
 */
import type { Locale } from '../../src/i18n/config.ts';
import { l, type Localized } from './content.ts';

export type Motif = 'circles' | 'stripes' | 'waves' | 'grid' | 'arcs' | 'triangles';

export interface Palette {
  colors: readonly [string, string, string, string];
  name: Localized;
}

const palettes: readonly Palette[] = [
  {
    colors: ['#1d3557', '#457b9d', '#e76f51', '#f4a261'],
    name: l('deep blue, coral and amber', 'bleu profond, corail et ambre', 'Tiefblau, Koralle und Bernstein'),
  },
  {
    colors: ['#2a0845', '#6441a5', '#f72585', '#4cc9f0'],
    name: l('violet, magenta and sky blue', 'violet, magenta et bleu ciel', 'Violett, Magenta und Himmelblau'),
  },
  { colors: ['#0b3d2e', '#2d6a4f', '#95d5b2', '#ffd166'], name: l('forest green, mint and yellow', 'vert forêt, menthe et jaune', 'Waldgrün, Mint und Gelb') },
  { colors: ['#3d0c02', '#9d0208', '#e85d04', '#ffba08'], name: l('burgundy, red and saffron', 'bordeaux, rouge et safran', 'Bordeaux, Rot und Safran') },
  { colors: ['#03045e', '#0077b6', '#00b4d8', '#caf0f8'], name: l('navy, cyan and ice blue', 'marine, cyan et bleu glacier', 'Marineblau, Cyan und Eisblau') },
  {
    colors: ['#22223b', '#4a4e69', '#c9ada7', '#f2e9e4'],
    name: l('slate, dusty rose and cream', 'ardoise, vieux rose et crème', 'Schiefer, Altrosa und Creme'),
  },
];

const motifNames: Record<Motif, Localized> = {
  // German names are dative: they follow "aus".
  circles: l('overlapping circles', 'cercles superposés', 'überlappenden Kreisen'),
  stripes: l('diagonal stripes', 'bandes diagonales', 'diagonalen Streifen'),
  waves: l('layered waves', 'vagues superposées', 'geschichteten Wellen'),
  grid: l('a grid of dots', 'une grille de points', 'einem Punktraster'),
  arcs: l('concentric arcs', 'arcs concentriques', 'konzentrischen Bögen'),
  triangles: l('scattered triangles', 'triangles dispersés', 'verstreuten Dreiecken'),
};

const motifs: readonly Motif[] = ['circles', 'stripes', 'waves', 'grid', 'arcs', 'triangles'];

export interface ImageDesign {
  role: 'cover' | 'portrait' | 'logo';
  motif: Motif;
  palette: Palette;
  /** Varies shape placement between designs that share motif and palette. */
  variant: number;
  alt: Localized;
  caption: Localized;
  originalName: string;
}

function describeAbstract(motif: Motif, palette: Palette): Localized {
  return {
    en: `Abstract composition of ${motifNames[motif].en} in ${palette.name.en}`,
    fr: `Composition abstraite : ${motifNames[motif].fr}, tons ${palette.name.fr}`,
    de: `Abstrakte Komposition aus ${motifNames[motif].de} in ${palette.name.de}`,
  };
}

/** Twelve distinct covers: every motif in two palettes. */
export const coverDesigns: readonly ImageDesign[] = Array.from({ length: 12 }, (_, i) => {
  const motif = motifs[i % motifs.length]!;
  const palette = palettes[(i + Math.floor(i / motifs.length)) % palettes.length]!;
  const n = i + 1;
  return {
    role: 'cover',
    motif,
    palette,
    variant: i,
    alt: describeAbstract(motif, palette),
    caption: l(`Festival visual no. ${n}`, `Visuel du festival n° ${n}`, `Festivalmotiv Nr. ${n}`),
    originalName: `festival-visual-${String(n).padStart(2, '0')}.jpg`,
  };
});

/** Ten stylised portraits (silhouettes), used as curator photos. */
export const portraitDesigns: readonly ImageDesign[] = Array.from({ length: 10 }, (_, i) => {
  const palette = palettes[(i + Math.floor(i / palettes.length)) % palettes.length]!;
  return {
    role: 'portrait',
    motif: motifs[i % motifs.length]!,
    palette,
    variant: i,
    alt: {
      en: `Stylised portrait silhouette on a background of ${palette.name.en}`,
      fr: `Silhouette de portrait stylisée sur un fond ${palette.name.fr}`,
      de: `Stilisierte Porträtsilhouette vor einem Hintergrund in ${palette.name.de}`,
    },
    caption: l('Portrait illustration', 'Portrait illustré', 'Porträtillustration'),
    originalName: `portrait-${String(i + 1).padStart(2, '0')}.jpg`,
  };
});

/** Four emblem-like logos for organisations. */
export const logoDesigns: readonly ImageDesign[] = Array.from({ length: 4 }, (_, i) => {
  const motif = (['arcs', 'circles', 'triangles', 'grid'] as const)[i]!;
  const palette = palettes[(i * 2 + 1) % palettes.length]!;
  return {
    role: 'logo',
    motif,
    palette,
    variant: i,
    alt: {
      en: `Logo: round emblem of ${motifNames[motif].en} in ${palette.name.en}`,
      fr: `Logo : emblème rond, ${motifNames[motif].fr}, tons ${palette.name.fr}`,
      de: `Logo: rundes Emblem aus ${motifNames[motif].de} in ${palette.name.de}`,
    },
    caption: l('Organisation logo', 'Logo de la structure', 'Logo der Organisation'),
    originalName: `logo-${i + 1}.png`,
  };
});

export const mediaCredit = 'Edition Hub design studio';
export const mediaLicence = 'CC BY 4.0';

export interface VideoLinkDefinition {
  url: string;
  /** The video's title (stored as its alternative text). */
  title: Localized;
  caption: Localized;
  credit: string;
  licence: string;
}

/** Video links some demo events show in their gallery: open films of the Blender Foundation. */
export const videoLinks: readonly VideoLinkDefinition[] = [
  {
    url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    title: l('Big Buck Bunny, an open animated short film', 'Big Buck Bunny, court métrage d’animation libre', 'Big Buck Bunny, ein freier Animationskurzfilm'),
    caption: l('Trailer of the screening programme', 'Bande-annonce du programme de projections', 'Trailer des Filmprogramms'),
    credit: 'Blender Foundation',
    licence: 'CC BY 3.0',
  },
  {
    url: 'https://www.youtube.com/watch?v=eRsGyueVLvQ',
    title: l('Sintel, an open animated short film', 'Sintel, court métrage d’animation libre', 'Sintel, ein freier Animationskurzfilm'),
    caption: l('Shown at the opening night', 'Projeté lors de la soirée d’ouverture', 'Gezeigt am Eröffnungsabend'),
    credit: 'Blender Foundation',
    licence: 'CC BY 3.0',
  },
];

export interface DownloadDefinition {
  kind: 'programme' | 'accessibility' | 'press' | 'schedule';
  originalName: string;
  title: Localized;
  description: Localized;
  /** Locales deliberately left untranslated. */
  missing?: readonly Locale[];
}

export const downloads: readonly DownloadDefinition[] = [
  {
    kind: 'programme',
    originalName: 'festival-programme.pdf',
    title: l('Festival programme (PDF)', 'Programme du festival (PDF)', 'Festivalprogramm (PDF)'),
    description: l(
      'Every event, venue and time at a glance.',
      'Tous les événements, lieux et horaires en un coup d’œil.',
      'Alle Veranstaltungen, Orte und Zeiten auf einen Blick.',
    ),
  },
  {
    kind: 'accessibility',
    originalName: 'accessibility-guide.pdf',
    title: l('Accessibility guide', 'Guide d’accessibilité', 'Leitfaden zur Barrierefreiheit'),
    description: l(
      'Step-free routes, quiet rooms and interpreted events.',
      'Accès de plain-pied, salles calmes et événements interprétés.',
      'Stufenlose Wege, Ruheräume und gedolmetschte Veranstaltungen.',
    ),
  },
  {
    kind: 'press',
    originalName: 'press-release.txt',
    title: l('Press release', 'Communiqué de presse', 'Pressemitteilung'),
    description: l('Key facts and contacts for journalists.', 'Chiffres clés et contacts pour les journalistes.', 'Eckdaten und Kontakte für Journalisten.'),
    missing: ['de'],
  },
  {
    kind: 'schedule',
    originalName: 'schedule.csv',
    title: l('Schedule (CSV)', 'Horaires (CSV)', 'Zeitplan (CSV)'),
    description: l('The timetable as a spreadsheet.', 'Le planning sous forme de tableur.', 'Der Zeitplan als Tabelle.'),
  },
];
