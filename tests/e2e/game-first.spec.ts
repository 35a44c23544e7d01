// The game before the rest of the shell: start-up's first step after the first paint starts the
// game in plain DOM, so it neither waits for the player's texts nor for React; index.html's loading screen
// is kept alive meanwhile, in the player's language once the texts are in; React follows the
// game's first frame (or comes sooner when asked for, or within its bound: whenReactWanted, src/app/shellStart.ts)
// and then brings the overlays.
import { expect, test } from './test';
import { GAME_BUILD_FILES } from '../../contract/game';
import { callShowSettings, type TestWindow, loadingScreenGone } from './game';

test.describe.configure({ timeout: 150_000 });

// The entry starts the game alone (src/app/startup.ts, gameStart.ts); the rest of the first screen comes
// in the next chunk (src/app/shellStart.ts). Held back here until the game runs: the game did not
// wait for it, and what the game said meanwhile (its completion hook) is answered once it is in.
test('the game starts and runs while the rest of the shell is held back, and its early word is heard after', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/shellStart-[^/]+\.js$/, async (route) => { await held; await route.continue(); });
  await page.goto('/');
  await page.waitForFunction(() => ((window as TestWindow).__demoGame?.state().frames ?? 0) > 1, undefined, { timeout: 60_000 });
  expect(await page.locator('#game-host > canvas#unity-canvas').count()).toBe(1);
  await expect(page.locator('#root > .ls-root')).toBeVisible(); // index.html's loading screen, still up
  release();
  await loadingScreenGone(page, 30_000);
  await callShowSettings(page);
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
});

test('the game starts and runs while the texts are held back, and React comes after it', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  const reactAskedAt: number[] = [];
  page.on('request', (request) => { if (/\/assets\/mountShell-[^/]+\.js$/.test(request.url())) reactAskedAt.push(Date.now()); });
  await page.route(/_i18n-catalog_/, async (route) => { await held; await route.continue(); });
  await page.goto('/');
  // The game runs (its frames counted) with no catalog in: nothing of it waited for the texts.
  await page.waitForFunction(() => ((window as TestWindow).__demoGame?.state().frames ?? 0) > 1, undefined, { timeout: 60_000 });
  expect(await page.locator('#game-host > canvas#unity-canvas').count()).toBe(1);
  // ...nor React, which waits for the texts.
  expect(reactAskedAt).toEqual([]);
  release();
  await expect.poll(() => reactAskedAt.length, { timeout: 30_000 }).toBe(1);
  await loadingScreenGone(page, 30_000);
  await callShowSettings(page);
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
});

test('while the game downloads the plain-DOM loading screen moves and speaks the player\'s language without React, which comes within its bound anyway', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const page = await context.newPage();
  let reactAsked = false;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  // The game's data and React's part are both held: what the screen does now, it does in plain DOM.
  await page.route(`**${GAME_BUILD_FILES.dataUrl}`, async (route) => { await held; await route.continue(); });
  await page.route(/\/assets\/mountShell-[^/]+\.js$/, async (route) => { reactAsked = true; await held; await route.continue(); });
  await page.goto('/');
  const message = page.getByTestId('loading-message');
  await expect(message).toHaveText(/[\u3040-\u30ff\u4e00-\u9fff]/, { timeout: 30_000 });
  await expect(page.getByTestId('streak-badge')).toHaveText(/[\u3040-\u30ff\u4e00-\u9fff]/);
  const percent = async () => Number((await page.getByTestId('loading-percent').textContent())?.replace('%', ''));
  const first = await percent();
  await expect.poll(percent, { timeout: 10_000 }).toBeGreaterThan(first);
  // A long download does not keep the overlays away: React is asked for within its bound
  // (REACT_AT_THE_LATEST_MS, src/app/shellStart.ts), the game still loading.
  await expect.poll(() => reactAsked, { timeout: 15_000 }).toBe(true);
  release();
  await loadingScreenGone(page, 60_000);
  await context.close();
});

// Nothing of the game competes with the loading screen's first paint (src/app/startup.ts): the
// entry asks for the game's loader after the first frame, with the code beside it (preloads the
// loader's own requests then take), so each file crosses the network once. The shell's first
// chunk comes with the page (index.html's module preloads) and the entry's import after the frame
// takes it from there. The data file is the loader's to ask for (Unity's own cache).
test('the loading screen paints before the game is asked for, and each file and the shell\'s chunk download once', async ({ page }) => {
  const asked: string[] = [];
  const preloaded: string[] = [GAME_BUILD_FILES.frameworkUrl, GAME_BUILD_FILES.codeUrl];
  const files: string[] = [GAME_BUILD_FILES.loaderUrl, ...preloaded, GAME_BUILD_FILES.dataUrl];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (files.includes(path)) asked.push(path);
    if (/^\/assets\/.+\.js$/.test(path)) scripts.push(path);
  });
  // Before any of the page's scripts: the moment of the page's first frame.
  await page.addInitScript(() => {
    requestAnimationFrame(() => { (window as { firstFrameAt?: number }).firstFrameAt = performance.now(); });
  });
  await page.goto('/');
  await page.waitForFunction(() => ((window as TestWindow).__demoGame?.state().frames ?? 0) > 1, undefined, { timeout: 60_000 });
  expect([...asked].sort()).toEqual([...files].sort());
  const seen = await page.evaluate((paths) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const of = (path: string) => entries.find((entry) => new URL(entry.name).pathname === path);
    return {
      firstFrameAt: (window as { firstFrameAt?: number }).firstFrameAt ?? null,
      loaderAskedAt: of(paths.loader)?.startTime ?? null,
      initiators: paths.preloaded.map((path) => of(path)?.initiatorType),
    };
  }, { loader: GAME_BUILD_FILES.loaderUrl, preloaded });
  expect(scripts.filter((path) => /^\/assets\/shellStart-[\w-]+\.js$/.test(path))).toHaveLength(1);
  expect(scripts.filter((path, i) => scripts.indexOf(path) !== i), 'scripts asked for twice').toEqual([]);
  expect(seen.firstFrameAt).not.toBeNull();
  expect(seen.loaderAskedAt).toBeGreaterThan(seen.firstFrameAt ?? Infinity);
  expect(seen.initiators).toEqual(['link', 'link']);
});
