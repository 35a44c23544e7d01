// Procedural RGBA textures for game.data, generated at build time so the repository holds no
// binary assets. Deterministic (seeded), so two builds produce the same file.
import type { TexturePixels } from '../src/data-file';

type Rgb = readonly [number, number, number];

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Smooth value noise that tiles over `size` pixels (period `cells` lattice cells). */
function valueNoise(seed: number, size: number, cells: number): (x: number, y: number) => number {
  const random = mulberry32(seed);
  const lattice = Array.from({ length: cells * cells }, () => random());
  const at = (i: number, j: number) => lattice[((j % cells) + cells) % cells * cells + (((i % cells) + cells) % cells)] ?? 0;
  const smooth = (t: number) => t * t * (3 - 2 * t);
  return (x, y) => {
    const fx = (x / size) * cells;
    const fy = (y / size) * cells;
    const i = Math.floor(fx);
    const j = Math.floor(fy);
    const u = smooth(fx - i);
    const v = smooth(fy - j);
    const top = at(i, j) * (1 - u) + at(i + 1, j) * u;
    const bottom = at(i, j + 1) * (1 - u) + at(i + 1, j + 1) * u;
    return top * (1 - v) + bottom * v;
  };
}

function paint(size: number, shade: (x: number, y: number) => Rgb): TexturePixels {
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [r, g, b] = shade(x, y);
      const i = (y * size + x) * 4;
      pixels[i] = Math.max(0, Math.min(255, Math.round(r)));
      pixels[i + 1] = Math.max(0, Math.min(255, Math.round(g)));
      pixels[i + 2] = Math.max(0, Math.min(255, Math.round(b)));
      pixels[i + 3] = 255;
    }
  }
  return { width: size, height: size, pixels };
}

const scale = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k];

/** Concrete floor tiles (4 x 4 per texture) with dark joints and speckle. */
export function floorTexture(size = 256): TexturePixels {
  const coarse = valueNoise(11, size, 8);
  const fine = valueNoise(12, size, 64);
  const tile = size / 4;
  const tint = mulberry32(13);
  const tileShade = Array.from({ length: 16 }, () => 0.9 + tint() * 0.2);
  return paint(size, (x, y) => {
    const joint = x % tile < 2 || y % tile < 2;
    const k = (tileShade[Math.floor(y / tile) * 4 + Math.floor(x / tile)] ?? 1) * (0.85 + coarse(x, y) * 0.2 + fine(x, y) * 0.12);
    return joint ? [46, 50, 58] : scale([118, 124, 134], k);
  });
}

/** Brick wall: 8 courses, half-brick offset, mortar joints, per-brick colour. */
export function wallTexture(size = 256): TexturePixels {
  const grain = valueNoise(21, size, 32);
  const courseHeight = size / 8;
  const brickWidth = size / 4;
  const tint = mulberry32(22);
  const brickShade = Array.from({ length: 64 }, () => 0.8 + tint() * 0.35);
  return paint(size, (x, y) => {
    const course = Math.floor(y / courseHeight);
    const shifted = (x + (course % 2) * (brickWidth / 2)) % size;
    const mortar = y % courseHeight < 3 || shifted % brickWidth < 3;
    if (mortar) return scale([150, 146, 138], 0.9 + grain(x, y) * 0.15);
    const k = (brickShade[course * 8 + Math.floor(shifted / brickWidth)] ?? 1) * (0.85 + grain(x, y) * 0.25);
    return scale([150, 74, 58], k);
  });
}

/** Wooden crate face: planks with grain, a frame and a diagonal brace. */
export function crateTexture(size = 128): TexturePixels {
  const grain = valueNoise(31, size, 16);
  const streaks = valueNoise(32, size, 64);
  const border = size / 10;
  return paint(size, (x, y) => {
    const wood: Rgb = [176, 122, 66];
    const frame = x < border || y < border || x >= size - border || y >= size - border;
    const brace = Math.abs(x - y) < border * 0.7;
    const plankSeam = !frame && y % (size / 4) < 2;
    const k = 0.75 + grain(x, y * 0.25) * 0.25 + streaks(x * 0.2, y) * 0.1;
    if (plankSeam) return scale(wood, 0.45);
    if (frame || brace) return scale(wood, k * 0.78);
    return scale(wood, k);
  });
}
