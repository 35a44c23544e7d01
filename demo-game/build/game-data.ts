// Builds game.data: the arena layout plus its textures (about 580 KB, enough for the loading
// bar to move visibly on a real connection).
import { encodeGameData, type ArenaLayout } from '../src/data-file';
import { crateTexture, floorTexture, wallTexture } from './textures';

const crate = (x: number, z: number, size = 1.4): ArenaLayout['blocks'][number] => ({ x, z, width: size, depth: size, height: size, color: '#ffffff', texture: 'crate' });
const cover = (x: number, z: number, width: number, depth: number, height = 1.3): ArenaLayout['blocks'][number] => ({ x, z, width, depth, height, color: '#d9d2c5', texture: 'wall' });

export const ARENA_LAYOUT: ArenaLayout = {
  name: 'Training Yard',
  width: 40,
  depth: 40,
  wallHeight: 5,
  spawn: { x: 0, z: 15, yaw: 0 },
  colors: { sky: '#8fb8de', fog: '#a9c4dc', trim: '#f2b134' },
  blocks: [
    crate(-6, 4), crate(-4.4, 4.2, 1.2), crate(7, -3), crate(8.5, -3.2, 1), crate(-11, -10), crate(12, 10, 1.8),
    crate(3, -12), crate(-14, 12, 1.2), crate(15, -14), crate(0, -4, 1),
    cover(-3, 9, 4, 0.6), cover(5, 6, 0.6, 4), cover(-9, -3, 0.6, 5), cover(10, 1, 5, 0.6),
    cover(0, -16, 8, 0.8, 2.4), cover(-16, 0, 0.8, 8, 2.4), cover(16, 4, 0.8, 6, 2.4),
  ],
  pillars: [
    { x: -5, z: -5, radius: 0.6, height: 5, color: '#c9c4bb' },
    { x: 5, z: -5, radius: 0.6, height: 5, color: '#c9c4bb' },
    { x: -5, z: -13, radius: 0.6, height: 5, color: '#c9c4bb' },
    { x: 5, z: -13, radius: 0.6, height: 5, color: '#c9c4bb' },
  ],
  // Point lights are supported but left out: each one costs a full-screen lighting pass per
  // frame, which software WebGL (CI, headless Chromium) cannot afford at 1.5x pixel ratio.
  lights: [],
};

export function buildGameData(): Uint8Array {
  return encodeGameData({
    layout: ARENA_LAYOUT,
    textures: { floor: floorTexture(), wall: wallTexture(), crate: crateTexture() },
  });
}
