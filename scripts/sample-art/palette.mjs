/**
 * Colours of the sample art, derived from a clinic's brand colour so each sample city's pictures
 * belong to its site: tints for walls, shades for furniture, and a few fixed warm neutrals (wood,
 * sand, plants, lamplight) that keep the rooms from looking monochrome.
 */

/** `#1d4ed8` -> [29, 78, 216] */
function rgb(hex) {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
}

function hex([r, g, b]) {
  return `#${[r, g, b].map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('')}`;
}

/** `a` mixed with `b`: t = 0 is a, t = 1 is b. */
export function mix(a, b, t) {
  const x = rgb(a);
  const y = rgb(b);
  return hex(x.map((v, i) => v + (y[i] - v) * t));
}

/** The colours of one brand. */
export function palette(brand) {
  return {
    brand,
    dark: mix(brand, '#000000', 0.35),
    deep: mix(brand, '#0b1120', 0.62),
    mid: mix(brand, '#ffffff', 0.35),
    soft: mix(brand, '#ffffff', 0.72),
    mist: mix(brand, '#ffffff', 0.86),
    wall: mix(brand, '#f6f1ea', 0.9),
    wallShade: mix(brand, '#e9e1d6', 0.8),
    sky: mix(brand, '#fde8cf', 0.86),
    skyTop: mix(brand, '#ffffff', 0.55),
    wood: '#c28e64',
    woodDark: '#9a6a45',
    woodLight: '#ddb58d',
    sand: '#efe6da',
    cream: '#faf7f2',
    white: '#ffffff',
    leaf: '#3f7d5a',
    leafLight: '#63a57c',
    leafDark: '#2c5e43',
    pot: '#e8ddd0',
    lamp: '#f6c36b',
    glow: '#ffe2a8',
    steel: '#9aa5b4',
    ink: '#1f2937',
  };
}

/** A small deterministic random source, so the committed art is the same on every run. */
export function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
