/**
 * Draws the demo pictures as SVG: gradients and shapes only, never text, because the machine
 * that renders them may have no fonts installed.
 */
import type { ImageDesign, Motif } from './content-media.ts';
import { createRandom, randomInt, type Random } from './random.ts';

const round = (value: number) => Math.round(value * 10) / 10;

type MotifDrawer = (w: number, h: number, colors: readonly string[], random: Random) => string;

const drawers: Record<Motif, MotifDrawer> = {
  circles: (w, h, colors, random) =>
    Array.from({ length: randomInt(random, 5, 8) }, (_, i) => {
      const r = round(Math.min(w, h) * (0.12 + random() * 0.3));
      return `<circle cx="${round(random() * w)}" cy="${round(random() * h)}" r="${r}" fill="${colors[2 + (i % 2)]}" fill-opacity="${round(0.45 + random() * 0.4)}"/>`;
    }).join(''),
  stripes: (w, h, colors, random) => {
    const angle = randomInt(random, -35, 35);
    const diagonal = Math.hypot(w, h);
    let x = -diagonal / 2;
    const bands: string[] = [];
    for (let i = 0; x < diagonal; i++) {
      const width = round(diagonal * (0.02 + random() * 0.06));
      bands.push(
        `<rect x="${round(x)}" y="${round(-diagonal / 2)}" width="${width}" height="${round(diagonal * 2)}" fill="${colors[1 + (i % 3)]}" fill-opacity="${round(0.35 + random() * 0.5)}"/>`,
      );
      x += width * (1.4 + random() * 1.6);
    }
    return `<g transform="rotate(${angle} ${w / 2} ${h / 2})">${bands.join('')}</g>`;
  },
  waves: (w, h, colors, random) =>
    Array.from({ length: 5 }, (_, i) => {
      const base = h * (0.35 + i * 0.13);
      const amp = h * (0.05 + random() * 0.08);
      const c1 = round(base - amp);
      const c2 = round(base + amp);
      return `<path d="M0 ${round(base)} C ${round(w * 0.25)} ${c1}, ${round(w * 0.5)} ${c2}, ${round(w * 0.75)} ${round(base)} S ${w} ${c1}, ${w} ${round(base)} L ${w} ${h} L 0 ${h} Z" fill="${colors[1 + (i % 3)]}" fill-opacity="${round(0.35 + i * 0.1)}"/>`;
    }).join(''),
  grid: (w, h, colors, random) => {
    const step = Math.round(Math.min(w, h) / (8 + randomInt(random, 0, 6)));
    const phase = random() * Math.PI * 2;
    const dots: string[] = [];
    for (let y = step / 2; y < h; y += step) {
      for (let x = step / 2; x < w; x += step) {
        const r = round((step / 2.6) * (0.35 + 0.65 * Math.abs(Math.sin((x / w) * 3 + (y / h) * 2 + phase))));
        dots.push(`<circle cx="${round(x)}" cy="${round(y)}" r="${r}" fill="${colors[(x + y) % 3 === 0 ? 2 : 3]}"/>`);
      }
    }
    return `<g fill-opacity="0.8">${dots.join('')}</g>`;
  },
  arcs: (w, h, colors, random) => {
    const cx = round(random() < 0.5 ? w * random() * 0.3 : w * (0.7 + random() * 0.3));
    const cy = round(h * (0.6 + random() * 0.4));
    const stroke = round(Math.min(w, h) * 0.045);
    return Array.from(
      { length: 9 },
      (_, i) =>
        `<circle cx="${cx}" cy="${cy}" r="${round(stroke * (1.5 + i * 2.4))}" fill="none" stroke="${colors[1 + (i % 3)]}" stroke-width="${stroke}" stroke-opacity="${round(0.5 + random() * 0.45)}"/>`,
    ).join('');
  },
  triangles: (w, h, colors, random) =>
    Array.from({ length: randomInt(random, 12, 20) }, (_, i) => {
      const x = random() * w;
      const y = random() * h;
      const s = Math.min(w, h) * (0.06 + random() * 0.18);
      const a = random() * Math.PI * 2;
      const points = [0, 1, 2]
        .map((k) => `${round(x + s * Math.cos(a + (k * 2 * Math.PI) / 3))},${round(y + s * Math.sin(a + (k * 2 * Math.PI) / 3))}`)
        .join(' ');
      return `<polygon points="${points}" fill="${colors[1 + (i % 3)]}" fill-opacity="${round(0.4 + random() * 0.5)}"/>`;
    }).join(''),
};

function backdrop(w: number, h: number, colors: readonly string[], random: Random): string {
  const x2 = round(random());
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="${x2}" y2="1">` +
    `<stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient>` +
    `<radialGradient id="glow" cx="${round(0.2 + random() * 0.6)}" cy="${round(0.2 + random() * 0.6)}" r="0.6">` +
    `<stop offset="0" stop-color="${colors[3]}" stop-opacity="0.55"/><stop offset="1" stop-color="${colors[3]}" stop-opacity="0"/></radialGradient>` +
    `<clipPath id="disc"><circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) / 2}"/></clipPath></defs>`
  );
}

/** The SVG source of one design at the given size. */
export function renderDesignSvg(design: ImageDesign, w: number, h: number): string {
  const random = createRandom(0x5eed + design.variant * 7919 + design.role.length * 104729);
  const colors = design.palette.colors;
  const defs = backdrop(w, h, colors, random);
  const art = drawers[design.motif](w, h, colors, random);
  let content: string;
  if (design.role === 'logo') {
    content = `<g clip-path="url(#disc)"><rect width="${w}" height="${h}" fill="url(#bg)"/>${art}</g>`;
  } else if (design.role === 'portrait') {
    const head = `<circle cx="${w / 2}" cy="${round(h * 0.4)}" r="${round(w * 0.18)}" fill="${colors[3]}" fill-opacity="0.92"/>`;
    const shoulders = `<ellipse cx="${w / 2}" cy="${round(h * 1.02)}" rx="${round(w * 0.36)}" ry="${round(h * 0.34)}" fill="${colors[3]}" fill-opacity="0.92"/>`;
    content = `<rect width="${w}" height="${h}" fill="url(#bg)"/><g opacity="0.35">${art}</g>${head}${shoulders}`;
  } else {
    content = `<rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#glow)"/>${art}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs}${content}</svg>`;
}
