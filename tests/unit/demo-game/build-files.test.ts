// The generated build files: code.wasm is a real module with the clamp the game uses, and
// game.data round-trips, is big enough for visible progress, and rejects damaged files.
import { describe, expect, it } from 'vitest';
import { ARENA_LAYOUT, buildGameData } from '../../../demo-game/build/game-data';
import { buildGameWasm } from '../../../demo-game/build/wasm';
import { TEXTURE_NAMES, decodeGameData, encodeGameData, type GameData } from '../../../demo-game/src/data-file';
import { isGameWasmExports } from '../../../demo-game/src/framework-api';

const copy = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer;

describe('code.wasm', () => {
  it('is a valid module exporting clamp(x, lo, hi)', async () => {
    const bytes = buildGameWasm();
    expect(WebAssembly.validate(bytes)).toBe(true);
    const { instance } = await WebAssembly.instantiate(bytes);
    expect(isGameWasmExports(instance.exports)).toBe(true);
    const clamp = instance.exports.clamp as (x: number, lo: number, hi: number) => number;
    expect([clamp(5, 0, 3), clamp(-2, 0, 3), clamp(1.25, 0, 3), clamp(-0.5, -1.5, 1.5)]).toEqual([3, 0, 1.25, -0.5]);
  });
});

describe('game.data', () => {
  const built = buildGameData();

  it('holds the arena layout and three textures, a few hundred KB in all', () => {
    const data = decodeGameData(copy(built));
    expect(data.layout).toEqual(ARENA_LAYOUT);
    for (const name of TEXTURE_NAMES) expect(data.textures[name].pixels.length).toBe(data.textures[name].width * data.textures[name].height * 4);
    expect(built.length).toBeGreaterThan(300_000);
    expect(built.length).toBeLessThan(2_000_000);
  });

  it('is generated the same way every time (reproducible builds)', () => {
    expect(Buffer.from(buildGameData()).equals(Buffer.from(built))).toBe(true); // byte compare: toEqual is slow on 600 KB
  });

  it('keeps the spawn point inside the arena and clear of every block', () => {
    const { spawn, width, depth, blocks } = ARENA_LAYOUT;
    expect(Math.abs(spawn.x)).toBeLessThan(width / 2);
    expect(Math.abs(spawn.z)).toBeLessThan(depth / 2);
    for (const b of blocks) {
      const inside = Math.abs(spawn.x - b.x) < b.width / 2 + 0.5 && Math.abs(spawn.z - b.z) < b.depth / 2 + 0.5;
      expect(inside).toBe(false);
    }
  });

  it('round-trips through encode and decode', () => {
    const tiny = (v: number) => ({ width: 1, height: 1, pixels: Uint8Array.of(v, v, v, 255) });
    const data: GameData = { layout: { ...ARENA_LAYOUT, blocks: [] }, textures: { floor: tiny(1), wall: tiny(2), crate: tiny(3) } };
    const decoded = decodeGameData(copy(encodeGameData(data)));
    expect(decoded.layout).toEqual(data.layout);
    expect([...decoded.textures.crate.pixels]).toEqual([3, 3, 3, 255]);
  });

  it('rejects damaged files with a clear message', () => {
    expect(() => decodeGameData(new TextEncoder().encode('<html>not found</html>').buffer)).toThrow('The game data file is not a demo game data file');
    expect(() => decodeGameData(copy(built.subarray(0, 100)))).toThrow('The game data file is truncated');
    expect(() => decodeGameData(copy(built.subarray(0, built.length - 10)))).toThrow(/truncated \(texture crate\)/);
    const badJson = built.slice();
    badJson[8] = 0x20; // the header's opening brace
    badJson[9] = 0x7d;
    expect(() => decodeGameData(copy(badJson))).toThrow('The game data file header is not valid JSON');
    const wrongLayout = encodeGameData({ ...decodeGameData(copy(built)), layout: { ...ARENA_LAYOUT, width: -1 } });
    expect(() => decodeGameData(copy(wrongLayout))).toThrow(/header is invalid/);
  });
});
