// The completion policies with the demo game standing in for a Unity build
// that never calls window.unityLoadingComplete() (?demoGameHook=never). The time-out comes from
// ?hookTimeoutSeconds= (honoured on loopback addresses only) so the test does not wait 15 s.
// Also measures the time from navigation to a visible game on each policy (printed, MEASURE=1).
import { expect, test, type Page } from './test';
import { demoState, type TestWindow, loadingScreenGone } from './game';

test.describe.configure({ timeout: 150_000 });

type TimedWindow = TestWindow & { __gameVisibleAt?: number };

/** Records performance.now() (ms since navigation) when the game host turns visible. */
async function recordGameVisible(page: Page) {
  await page.addInitScript(() => {
    const w = window as TimedWindow;
    new MutationObserver(() => {
      if (w.__gameVisibleAt === undefined && document.querySelector('[data-testid="game-host"][data-visible="true"]')) w.__gameVisibleAt = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-visible'] });
  });
}

function completionWarnings(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().includes('unityLoadingComplete')) seen.push(message.text());
  });
  return seen;
}

async function expectPlayable(page: Page) {
  await expect(page.getByTestId('game-host')).toHaveAttribute('data-visible', 'true');
  await page.waitForFunction(() => typeof (window as TestWindow).__demoGame?.state === 'function');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('unity-canvas');
  const start = (await demoState(page)).position;
  await page.keyboard.down('w');
  await expect.poll(async () => (await demoState(page)).position.z, { timeout: 20_000 }).toBeLessThan(start.z - 0.3);
  await page.keyboard.up('w');
}

const visibleAt = (page: Page) => page.evaluate(() => (window as TimedWindow).__gameVisibleAt ?? Number.NaN);

type CompletionTrace = {
  /** performance.now() when window.unityInstance was set (createUnityInstance resolved). */
  instanceAt?: number;
  /** When the completion warning was written. */
  warnedAt?: number;
  /** When the loading screen left the document. */
  goneAt?: number;
  /** The highest percentage the bar showed before the warning. */
  maxPercentBeforeWarning: number;
  /** Whether the demo game had rendered (its test API exists) when the warning came. */
  gameRunningAtWarning?: boolean;
};
type TracedWindow = TimedWindow & { __completionTrace?: CompletionTrace };

/**
 * Records in the page, on its own clock, the moments the 'hook' time-out is about: the instance,
 * the warning, the loading screen going. Order and lower bounds are asserted, never an upper
 * bound: a loaded machine only makes everything later.
 */
async function traceCompletion(page: Page) {
  await page.addInitScript(() => {
    const w = window as TracedWindow;
    const trace: CompletionTrace = { maxPercentBeforeWarning: 0 };
    w.__completionTrace = trace;
    let instance: unknown;
    Object.defineProperty(window, 'unityInstance', {
      configurable: true,
      get: () => instance,
      set: (value: unknown) => { instance = value; if (value !== undefined) trace.instanceAt ??= performance.now(); },
    });
    const warn = console.warn.bind(console);
    console.warn = (...args: unknown[]) => {
      if (trace.warnedAt === undefined && args.some((a) => typeof a === 'string' && a.includes('unityLoadingComplete'))) {
        trace.warnedAt = performance.now();
        trace.gameRunningAtWarning = typeof w.__demoGame?.state === 'function';
      }
      warn(...args);
    };
    let seenScreen = false;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="loading-screen"] [role="progressbar"]');
      if (bar) seenScreen = true;
      if (bar && trace.warnedAt === undefined) trace.maxPercentBeforeWarning = Math.max(trace.maxPercentBeforeWarning, Number(bar.getAttribute('aria-valuenow')));
      if (seenScreen && trace.goneAt === undefined && !document.querySelector('[data-testid="loading-screen"]')) trace.goneAt = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

// Fails on a shell without the time-out: the loading screen never goes (the bar waits at the cap).
test("'hook' policy: a build that never calls the hook is shown after the time-out, with one warning naming the hook", async ({ page }) => {
  const SECONDS = 3;
  const warnings = completionWarnings(page);
  await traceCompletion(page);
  await page.goto(`/?demoGameHook=never&hookTimeoutSeconds=${SECONDS}`);
  // Shown first (React renders it once the player's language is in, a moment after the first
  // frame), then gone: "gone" before it was ever shown would be the first frame, not the end.
  await expect(page.getByTestId('loading-screen')).toBeVisible({ timeout: 30_000 });
  await loadingScreenGone(page, 120_000);
  const trace = await page.evaluate(() => (window as TracedWindow).__completionTrace);
  if (!trace?.instanceAt || !trace.warnedAt || !trace.goneAt) throw new Error(`incomplete trace: ${JSON.stringify(trace)}`);
  // The game was created and rendering under the loading screen, which stayed, under the
  // 94.5 % cap, for at least the time-out; then one warning, then the screen went.
  expect(trace.gameRunningAtWarning).toBe(true);
  expect(trace.warnedAt - trace.instanceAt).toBeGreaterThanOrEqual(SECONDS * 1000 - 50);
  expect(trace.goneAt).toBeGreaterThan(trace.warnedAt);
  // The hand-over is the 0.8 s hide and fade, not a frozen page: a game shown only at the end
  // (opacity 0 until then) kept a resolution it could not afford and froze the page for
  // 40-70 s on software WebGL. The bound is loose on purpose (a loaded machine).
  expect(trace.goneAt - trace.warnedAt).toBeLessThan(20_000);
  expect(trace.maxPercentBeforeWarning).toBeLessThanOrEqual(94);
  await expectPlayable(page);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('window.unityLoadingComplete()');
  expect(warnings[0]).toContain(`${SECONDS} s`);
});

test("'instance' policy: a build that never calls the hook is shown as soon as createUnityInstance resolves", async ({ page }) => {
  const warnings = completionWarnings(page);
  await page.goto('/?demoGameHook=never&completionPolicy=instance&hookTimeoutSeconds=60');
  await expect(page.getByTestId('loading-screen')).toBeVisible({ timeout: 30_000 });
  await loadingScreenGone(page, 45_000);
  await expectPlayable(page);
  expect(warnings).toHaveLength(0);
});

/** About the size of a real Unity 2021.3 build's download (data 2.4 MB and code 3.7 MB, compressed). */
const REAL_BUILD_BYTES = 6_000_000;

/**
 * The demo game as a real-size build without our jslib: its data file padded to a real build's
 * download (the demo game reads only its own bytes, the rest is downloaded and ignored, as a
 * real build's assets take their time), and ?demoGameHook=absent (no receiver announced, no hook).
 */
async function realSizeBuildWithoutJslib(page: Page) {
  await page.route('**/game/build/game.data', async (route) => {
    const response = await route.fetch();
    const own = await response.body();
    const body = Buffer.concat([own, Buffer.alloc(Math.max(0, REAL_BUILD_BYTES - own.length))]);
    const { 'content-encoding': _encoding, ...headers } = response.headers();
    await route.fulfill({ response, body, headers: { ...headers, 'content-length': String(body.length) } });
  });
  // The first frame: the moment the animation-frame callback that drew it returned.
  await page.addInitScript(() => {
    const w = window as TracedWindow & { __firstFrameAt?: number; __completedAt?: number };
    const info = console.info.bind(console);
    console.info = (...args: unknown[]) => {
      if (w.__completedAt === undefined && args.some((a) => typeof a === 'string' && a.includes('did not announce our receiver'))) w.__completedAt = performance.now();
      info(...args);
    };
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => raf((time) => {
      callback(time);
      if (w.__firstFrameAt === undefined && (w.__demoGame?.state().frames ?? 0) > 0) w.__firstFrameAt = performance.now();
    });
  });
}

// Fails on a shell that waits for a hook such a build never calls: the screen stays the whole time-out.
test("the default 'hook' policy: a real-size build without our jslib leaves the loading screen within 1 s of its first frame", { tag: '@timing' }, async ({ page }) => {
  const warnings = completionWarnings(page);
  await realSizeBuildWithoutJslib(page);
  await recordGameVisible(page);
  await traceCompletion(page);
  await page.goto('/?demoGameHook=absent');
  await expect(page.getByTestId('loading-screen')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('game-host')).toHaveAttribute('data-visible', 'true', { timeout: 120_000 });
  const times = await page.evaluate(() => {
    const w = window as TracedWindow & { __firstFrameAt?: number; __completedAt?: number };
    return { firstFrame: w.__firstFrameAt ?? Number.NaN, completed: w.__completedAt ?? Number.NaN, visible: w.__gameVisibleAt ?? Number.NaN, instance: w.__completionTrace?.instanceAt ?? Number.NaN };
  });
  console.log(`a real-size build without our jslib: instance ${Math.round(times.instance)} ms, first frame ${Math.round(times.firstFrame)} ms, completed ${Math.round(times.completed)} ms, loading screen leaving ${Math.round(times.visible)} ms`);
  // The shell ends the loading screen (100 %, then its 0.3 s hide and 0.5 s fade) right after the
  // first frame, within 1 s of it, and says why once. The fade's start is the page's timers, which
  // a main thread busy drawing in software and mounting React can hold a few seconds on a loaded
  // machine: bounded here far below the hook's 15 s time-out the old shell waited.
  expect(times.visible - times.instance).toBeLessThan(12_000);
  expect(times.completed).toBeGreaterThanOrEqual(times.firstFrame);
  expect(times.completed - times.firstFrame).toBeLessThan(1_000);
  expect(times.visible).toBeGreaterThanOrEqual(times.completed);
  await loadingScreenGone(page, 10_000);
  expect(warnings).toHaveLength(0);
});

// The figures, read when the policies change:
// MEASURE=1 E2E_PORT=<port> npx playwright test tests/e2e/game-completion.spec.ts --project desktop -g measure
// Without MEASURE=1 none runs: a figure is printed, not held to a budget (a loaded machine would
// break any budget), and each case's check, that the game is shown, is made by the test named
// beside it (the 15 s default alone made this the file's slowest test).
const MEASURED: Array<[string, string, string]> = [
  ['hook (the demo game calls it)', '/', 'every spec that opens the game (tests/e2e/game.ts openGame)'],
  ['instance', '/?completionPolicy=instance', "the 'instance' policy test above (that policy never waits for the hook)"],
  ['instance, a build that never calls the hook', '/?completionPolicy=instance&demoGameHook=never', "the 'instance' policy test above"],
  ['hook, a build that never calls it (default 15 s time-out)', '/?demoGameHook=never', "the 'hook' policy test above (a 3 s time-out)"],
  ['hook, a build without our jslib (no receiver, no hook)', '/?demoGameHook=absent', "the default 'hook' policy test above (@timing)"],
];
for (const [label, url, coveredBy] of MEASURED) {
  test(`measure: navigation to a visible demo game, policy ${label}`, async ({ page }) => {
    test.skip(process.env.MEASURE !== '1', `a timing tool (MEASURE=1); the game shown is checked by ${coveredBy}`);
    await recordGameVisible(page);
    await page.goto(url);
    // Shown first (React renders it once the player's language is in, a moment after the first
    // frame), then gone: "gone" before it was ever shown would be the first frame, not the end.
    await expect(page.getByTestId('loading-screen')).toBeVisible({ timeout: 30_000 });
    await loadingScreenGone(page, 120_000);
    const ms = await visibleAt(page);
    expect(ms).toBeGreaterThan(0);
    console.log(`navigation to a visible game, ${label} (${test.info().project.name}): ${Math.round(ms)} ms`);
    test.info().annotations.push({ type: 'timing', description: `${label}: ${Math.round(ms)} ms` });
  });
}
