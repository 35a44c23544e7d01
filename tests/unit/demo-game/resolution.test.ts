import { describe, expect, it } from 'vitest';
import { MIN_PIXEL_RATIO, nextPixelRatio, targetFps } from '../../../demo-game/src/resolution';

describe('the demo game\'s dynamic resolution', () => {
  it('keeps the requested ratio while frames keep up', () => {
    expect(nextPixelRatio(1.5, 1.5, 60, 60)).toBe(1.5);
    expect(nextPixelRatio(1.5, 1.5, 45, 60)).toBe(1.5); // a dip, not a collapse
  });

  it('steps down on slow frames to the floor, and no lower', () => {
    let ratio = 1.5;
    const seen: number[] = [];
    for (let i = 0; i < 10; i++) { ratio = nextPixelRatio(ratio, 1.5, 2, 60); seen.push(ratio); }
    expect(seen[0]).toBeCloseTo(1.125);
    expect(seen.every((r, i) => i === 0 || r <= (seen[i - 1] ?? Infinity))).toBe(true);
    expect(ratio).toBe(MIN_PIXEL_RATIO);
  });

  it('climbs back with headroom, never above what the shell asked for', () => {
    let ratio = MIN_PIXEL_RATIO;
    for (let i = 0; i < 10; i++) ratio = nextPixelRatio(ratio, 1.5, 60, 60);
    expect(ratio).toBe(1.5);
    expect(nextPixelRatio(1, 1, 120, 60)).toBe(1);
  });

  it('judges frames against the frame-rate limit, so a 30 fps cap is not mistaken for slowness', () => {
    expect(targetFps(30, 240)).toBe(30);
    expect(targetFps(240, 240)).toBe(60);
    expect(nextPixelRatio(1.5, 1.5, 29, targetFps(30, 240))).toBe(1.5);
  });

  it('ignores a window with no measurement', () => {
    expect(nextPixelRatio(1.5, 1.5, Number.NaN, 60)).toBe(1.5);
    expect(nextPixelRatio(1.5, 1.5, 0, 60)).toBe(1.5);
  });
});
