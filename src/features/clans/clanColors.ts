// Readable clan colours, by the WCAG 2 contrast formula:
// - the tag chip is filled with the clan colour and its text is black or white, whichever has
//   the higher contrast on it (every colour of the palette gives at least 4.5:1, unit-tested);
// - the clan's name keeps the colour's hue, lifted toward white just enough to read at 4.5:1 on
//   the lightest panel a name sits on (a dark grey clan no longer needs a black box behind it).

/** A `#rrggbb` colour's channels, or null. */
function channels(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return null;
  const n = Number.parseInt(m[1] ?? '000000', 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: readonly number[]): string => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance of `#rrggbb` (0 black … 1 white). A malformed colour counts as white. */
export function relativeLuminance(hex: string): number {
  const rgb = channels(hex);
  if (!rgb) return 1;
  const lin = (v: number) => { const s = v / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, 1 … 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const TAG_INK = { dark: '#000000', light: '#ffffff' } as const;

/** The text colour of a tag chip filled with `background`: black or white, whichever reads better. */
export function tagTextColor(background: string): string {
  return contrastRatio(background, TAG_INK.dark) >= contrastRatio(background, TAG_INK.light) ? TAG_INK.dark : TAG_INK.light;
}

/**
 * The lightest surface a clan name sits on: the theme's dark-5 (#272e57, a hovered card or
 * accordion row). Readable there means readable on every darker panel of the overlay.
 */
export const LIGHTEST_PANEL = '#272e57';

/**
 * `color` as text on `panel` at `ratio`:1 or better: the colour itself when it already reads,
 * else mixed toward white in small steps (the hue stays; white itself is the last resort).
 */
export function readableOn(color: string, panel = LIGHTEST_PANEL, ratio = 4.5): string {
  const rgb = channels(color);
  if (!rgb) return TAG_INK.light;
  for (let step = 0; step <= 20; step += 1) {
    const mix = toHex(rgb.map((v) => v + (255 - v) * (step / 20)));
    if (contrastRatio(mix, panel) >= ratio) return mix;
  }
  return TAG_INK.light;
}
