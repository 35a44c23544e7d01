// game.data: the arena's layout and its textures in one file, as a Unity build packs its scene
// assets into its data file. Written at build time (demo-game/build/game-data.ts), read by the
// framework at start.
//
//   bytes 0..3   "DGD1"
//   bytes 4..7   header length n (uint32, little endian)
//   bytes 8..    header: UTF-8 JSON { layout, textures: [{ name, width, height, offset }] }
//   then         zero padding to a multiple of 4, then the RGBA8 texture pixels; offsets count
//                from the start of this pixel block.
import { z } from 'zod';

const MAGIC = 'DGD1';

const finite = z.number().finite();
const colour = z.string().regex(/^#[0-9a-f]{6}$/i);

export const ArenaLayout = z.object({
  name: z.string(),
  /** Inner size of the walled arena in metres, centred on the origin. */
  width: finite.positive(),
  depth: finite.positive(),
  wallHeight: finite.positive(),
  spawn: z.object({ x: finite, z: finite, yaw: finite }),
  colors: z.object({ sky: colour, fog: colour, trim: colour }),
  /** Axis-aligned boxes standing on the floor; the player collides with them. */
  blocks: z.array(z.object({
    x: finite, z: finite, width: finite.positive(), depth: finite.positive(), height: finite.positive(),
    color: colour, texture: z.enum(['crate', 'wall']).nullable(),
  })).max(500),
  /** Round pillars; the player collides with their square footprint. */
  pillars: z.array(z.object({ x: finite, z: finite, radius: finite.positive(), height: finite.positive(), color: colour })).max(200),
  lights: z.array(z.object({ x: finite, y: finite, z: finite, color: colour, intensity: finite.nonnegative(), distance: finite.nonnegative() })).max(16),
});
export type ArenaLayout = z.infer<typeof ArenaLayout>;

export const TEXTURE_NAMES = ['floor', 'wall', 'crate'] as const;
export type TextureName = (typeof TEXTURE_NAMES)[number];

export interface TexturePixels {
  width: number;
  height: number;
  /** RGBA8, row by row. */
  pixels: Uint8Array;
}

export interface GameData {
  layout: ArenaLayout;
  textures: Record<TextureName, TexturePixels>;
}

const Header = z.object({
  layout: ArenaLayout,
  textures: z.array(z.object({ name: z.enum(TEXTURE_NAMES), width: z.number().int().positive().max(4096), height: z.number().int().positive().max(4096), offset: z.number().int().nonnegative() })),
});

const pad4 = (n: number) => (n + 3) & ~3;

export function encodeGameData(data: GameData): Uint8Array {
  let offset = 0;
  const entries = TEXTURE_NAMES.map((name) => {
    const t = data.textures[name];
    if (t.pixels.length !== t.width * t.height * 4) throw new Error(`texture ${name}: ${t.pixels.length} bytes for ${t.width}x${t.height}`);
    const entry = { name, width: t.width, height: t.height, offset };
    offset += t.pixels.length;
    return entry;
  });
  const header = new TextEncoder().encode(JSON.stringify({ layout: data.layout, textures: entries }));
  const pixelStart = pad4(8 + header.length);
  const out = new Uint8Array(pixelStart + offset);
  out.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(4, header.length, true);
  out.set(header, 8);
  for (const entry of entries) out.set(data.textures[entry.name].pixels, pixelStart + entry.offset);
  return out;
}

/** Throws an Error saying what is wrong when the bytes are not a game data file. */
export function decodeGameData(buffer: ArrayBuffer): GameData {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < 8 || new TextDecoder().decode(bytes.subarray(0, 4)) !== MAGIC) throw new Error('The game data file is not a demo game data file');
  const headerLength = new DataView(buffer).getUint32(4, true);
  if (8 + headerLength > bytes.length) throw new Error('The game data file is truncated');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength)));
  } catch {
    throw new Error('The game data file header is not valid JSON');
  }
  const header = Header.safeParse(json);
  if (!header.success) throw new Error(`The game data file header is invalid: ${header.error.issues[0]?.message ?? 'unknown problem'}`);

  const pixelStart = pad4(8 + headerLength);
  const textures: Partial<Record<TextureName, TexturePixels>> = {};
  for (const t of header.data.textures) {
    const start = pixelStart + t.offset;
    const end = start + t.width * t.height * 4;
    if (end > bytes.length) throw new Error(`The game data file is truncated (texture ${t.name})`);
    textures[t.name] = { width: t.width, height: t.height, pixels: bytes.subarray(start, end) };
  }
  const missing = TEXTURE_NAMES.filter((n) => !textures[n]);
  if (missing.length > 0) throw new Error(`The game data file lacks textures: ${missing.join(', ')}`);
  return { layout: header.data.layout, textures: textures as Record<TextureName, TexturePixels> };
}
