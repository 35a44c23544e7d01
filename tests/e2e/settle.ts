// Waiting for a state, never for a number of milliseconds: the moments the e2e specs wait for
// before a screenshot, before a "nothing more happened" check, or while the loading screen is
// held up. A fixed sleep is either too short on a loaded machine (a flaky test) or too long on
// an idle one (a slow suite); each of these ends when the page says it is there.
import type { Frame, Page } from '@playwright/test';
import { GAME_BUILD_FILES } from '../../contract/game';

type Target = Page | Frame;

/**
 * Still enough for a screenshot: web fonts loaded, every eager image decoded, no finite CSS
 * animation or transition running (a spinner's endless one never ends and does not count), then
 * two more painted frames.
 */
export async function settled(target: Target, timeout = 20_000): Promise<void> {
  await target.waitForFunction(() => {
    if (document.fonts.status !== 'loaded') return false;
    if ([...document.images].some((img) => img.loading !== 'lazy' && !img.complete)) return false;
    return document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
  }, undefined, { timeout, polling: 100 });
  await framesDrawn(target, 2);
}

/** Resolves once the page has drawn `count` more frames (requestAnimationFrame callbacks). */
export async function framesDrawn(target: Target, count: number): Promise<void> {
  await target.evaluate((n) => new Promise<void>((resolve) => {
    let left = n;
    const tick = () => { left -= 1; if (left <= 0) resolve(); else requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  }), count);
}

/** Resolves once the page's main thread has gone idle: the work queued so far (a fetched chunk's evaluation, an answer's handling) has run. */
export async function idle(target: Target): Promise<void> {
  await target.evaluate(() => new Promise<void>((resolve) => { requestIdleCallback(() => resolve(), { timeout: 15_000 }); }));
}

/** Resolves once the demo game has drawn `count` more frames (its own counter, window.__demoGame). */
export async function gameFramesDrawn(target: Target, count: number, timeout = 60_000): Promise<void> {
  const frames = () => target.evaluate(() => (window as unknown as { __demoGame?: { state(): { frames: number } } }).__demoGame?.state().frames ?? 0);
  const start = await frames();
  await target.waitForFunction(([from, n]) => ((window as unknown as { __demoGame?: { state(): { frames: number } } }).__demoGame?.state().frames ?? 0) >= from + n, [start, count] as const, { timeout, polling: 100 });
}

/**
 * Holds the game's data file back until `release()` (or the end of the test): the loading screen
 * stays up for exactly as long as the test looks at it.
 */
export async function holdGameData(page: Page): Promise<{ release(): void }> {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  await page.route(`**${GAME_BUILD_FILES.dataUrl}`, async (route) => { await gate; await route.continue().catch(() => undefined); });
  return { release: () => release() };
}

/** settled() in the page and in every frame in it (a cross-site frame paints on its own). */
export async function settledFrames(page: Page, timeout = 20_000): Promise<void> {
  for (const frame of page.frames()) if (!frame.isDetached()) await settled(frame, timeout);
}
