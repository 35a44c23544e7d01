// Dynamic resolution, as shipped shooters do: the shell asks for a pixel ratio (1.5)
// and the demo game renders at it while it keeps up; when frames fall well below the
// target it renders fewer pixels (down to MIN_PIXEL_RATIO), and climbs back once there is
// headroom. On a real GPU it stays at the requested ratio; on software WebGL (CI, old laptops)
// it settles low within a couple of seconds instead of starving the page it runs in.
export const MIN_PIXEL_RATIO = 0.5;
const STEP = 0.75;
/** Frames per second the game aims for (or its frame-rate limit when that is lower). */
export const TARGET_FPS = 60;

export function targetFps(frameRateLimit: number, unlimited: number): number {
  return frameRateLimit >= unlimited ? TARGET_FPS : Math.min(TARGET_FPS, frameRateLimit);
}

/** The next pixel ratio after a measurement window of `fps` frames per second. */
export function nextPixelRatio(current: number, requested: number, fps: number, target: number): number {
  const ceiling = Math.max(MIN_PIXEL_RATIO, requested);
  if (!Number.isFinite(fps) || fps <= 0) return Math.min(current, ceiling);
  if (fps < target * 0.66 && current > MIN_PIXEL_RATIO) return Math.max(MIN_PIXEL_RATIO, current * STEP);
  if (fps >= target * 0.95 && current < ceiling) return Math.min(ceiling, current / STEP);
  return Math.min(current, ceiling);
}
