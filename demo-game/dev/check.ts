// End-to-end check of the built demo game without the shell or the API server:
// serves demo-game/dev.html with Vite, drives Debian's Chromium, checks the contract
// (progress, loadingComplete, SendMessage, settings, movement, triggers, load errors) and
// saves screenshots to look at.
//
//   npm run build:game && npx tsx demo-game/dev/check.ts [outDir=/tmp/demo-shots]
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { createServer } from 'vite';
import type { DemoGameSnapshot } from '../src/test-api';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(process.argv[2] ?? '/tmp/demo-shots');
mkdirSync(outDir, { recursive: true });

const failures: string[] = [];
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

const snapshot = (page: Page) => page.evaluate(() => (window as unknown as { __demoGame: { state(): DemoGameSnapshot } }).__demoGame.state());
const send = (page: Page, method: string, value?: string) =>
  page.evaluate(([m, v]) => (window as unknown as { unityInstance: { SendMessage(o: string, m: string, v?: string): void } }).unityInstance.SendMessage('WebBridge', m as string, v), [method, value] as const);
const setting = (page: Page, name: string, value: unknown) => send(page, 'OnSettingChanged', JSON.stringify({ name, value }));

async function waitForFrames(page: Page, min: number): Promise<void> {
  await page.waitForFunction((n) => {
    const game = (window as unknown as { __demoGame?: { state(): { frames: number } } }).__demoGame;
    return !!game && game.state().frames >= n;
  }, min, { timeout: 30_000 });
}

async function holdKey(page: Page, key: string, ms: number): Promise<void> {
  await page.keyboard.down(key);
  await page.waitForTimeout(ms);
  await page.keyboard.up(key);
}

const server = await createServer({ configFile: resolve(here, '../vite.config.ts'), configLoader: 'runner', logLevel: 'warn', server: { port: 5199, strictPort: true } });
await server.listen();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--disable-gpu'],
});

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let navigations = 0;
  page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) navigations++; });
  await page.addInitScript(() => {
    const w = window as unknown as { __progress: number[] };
    w.__progress = [];
  });
  await page.goto('http://localhost:5199/dev.html?fov=100');
  await waitForFrames(page, 10);
  const events = await page.evaluate(() => (window as unknown as { __harnessEvents: string[] }).__harnessEvents);
  check(events.includes('hook: unityLoadingComplete()'), 'the game called unityLoadingComplete()');
  let state = await snapshot(page);
  check(state.fov === 100, `a setting from the page reached the game (fov ${state.fov})`);
  check(state.username === 'dev_player', 'OnUserData shows the player');
  check((await page.getByTestId('demo-player').textContent()) === 'Playing as dev_player', 'HUD says "Playing as dev_player"');
  const framesBefore = (await snapshot(page)).frames;
  await page.waitForTimeout(3000);
  console.log(`     (software WebGL: ${(((await snapshot(page)).frames - framesBefore) / 3).toFixed(1)} frames/s at 1280x800 x 1.5)`);
  await page.screenshot({ path: resolve(outDir, '01-arena.png') });

  // Walk forward with W, then rebind forward to Up Arrow and walk with that.
  await page.locator('#game').focus();
  const start = state.position;
  await holdKey(page, 'w', 600);
  state = await snapshot(page);
  check(state.position.z < start.z - 0.5, `W walks forward (z ${start.z.toFixed(2)} -> ${state.position.z.toFixed(2)})`);
  await setting(page, 'keyBindingsV2', { moveForward: 273 });
  const beforeUp = (await snapshot(page)).position;
  await holdKey(page, 'w', 400);
  check(Math.abs((await snapshot(page)).position.z - beforeUp.z) < 0.01, 'W no longer moves once forward is rebound');
  await holdKey(page, 'ArrowUp', 600);
  check((await snapshot(page)).position.z < beforeUp.z - 0.5, 'Up Arrow walks forward after the rebind');
  check((await page.getByTestId('demo-help').textContent())?.startsWith('Up Arrow A S D move') ?? false, 'the help line shows the new binding');

  // Sensitivity and invert Y through the same path as the mouse.
  await page.evaluate(() => (window as unknown as { __demoGame: { reset(): void } }).__demoGame.reset());
  await setting(page, 'mouseSensitivity', 2);
  await page.evaluate(() => (window as unknown as { __demoGame: { look(x: number, y: number): void } }).__demoGame.look(100, -50));
  state = await snapshot(page);
  check(Math.abs(state.yaw - -0.44) < 0.01 && state.pitch > 0.2, `sensitivity 2 turns twice as far (yaw ${state.yaw.toFixed(3)}, pitch ${state.pitch.toFixed(3)})`);
  await setting(page, 'invertY', true);
  await page.evaluate(() => (window as unknown as { __demoGame: { look(x: number, y: number): void } }).__demoGame.look(0, -50));
  check((await snapshot(page)).pitch < state.pitch, 'invert Y turns the other way');
  await setting(page, 'invertY', false);

  // Crosshair, FPS, menu.
  await setting(page, 'crosshairStyle', 'circle');
  await setting(page, 'crosshairSize', 4);
  check((await page.getByTestId('demo-crosshair').getAttribute('data-style')) === 'circle', 'crosshair style circle drawn');
  await setting(page, 'showFps', false);
  check(await page.getByTestId('demo-fps').isHidden(), 'showFps false hides the FPS counter');
  await setting(page, 'fov', 'not a number');
  check((await snapshot(page)).fov === 100, 'a malformed FOV is ignored');
  await page.keyboard.press('m');
  check((await snapshot(page)).menuOpen, 'M opens the game menu');
  await page.getByTestId('demo-trigger-SHOW_CRATE_SHOP_MODAL-1').click();
  await page.waitForFunction(() => (window as unknown as { __harnessEvents: string[] }).__harnessEvents.some((e) => e.includes('"crateVersionId":1')));
  check(true, 'the crate shop trigger posted SHOW_CRATE_SHOP_MODAL crateVersionId 1');
  await page.getByTestId('demo-hook-showProfile').click();
  check((await page.evaluate(() => (window as unknown as { __harnessEvents: string[] }).__harnessEvents)).includes('hook: showProfile()'), 'the Profile button calls showProfile()');
  for (const method of ['OnSettingsClosed', 'Bootstrap', 'RefreshMarketplace']) await send(page, method);
  await send(page, 'OnItemData', JSON.stringify({ itemUuid: 'item-42' }));
  await send(page, 'OnBuySuccess', JSON.stringify({ quantity: 2, crateVersionId: 0 }));
  await send(page, 'OnOverlayClosed', 'settings');
  const received = (await snapshot(page)).received.map((m) => m.method);
  check(['OnSettingsClosed', 'Bootstrap', 'RefreshMarketplace', 'OnItemData', 'OnBuySuccess', 'OnOverlayClosed'].every((m) => received.includes(m)), 'every shell message is recorded');
  await page.waitForTimeout(300);
  await page.screenshot({ path: resolve(outDir, '02-menu-circle-crosshair.png') });
  await page.keyboard.press('Escape');
  check((await page.evaluate(() => (window as unknown as { __harnessEvents: string[] }).__harnessEvents)).at(-1) === 'hook: showSettings()', 'Esc calls showSettings()');

  // Quit stops rendering and removes the HUD.
  await page.evaluate(() => (window as unknown as { unityInstance: { Quit(): Promise<void> } }).unityInstance.Quit());
  check(await page.evaluate(() => !document.querySelector('.dg-hud') && !('__demoGame' in window)), 'Quit removes the HUD and the test API');
  check(navigations === 1, `the page loaded once (${navigations} navigations)`);
  check(errors.length === 0, `no page errors${errors.length ? `: ${errors.join('; ')}` : ''}`);

  // Phone-sized viewport.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await phone.goto('http://localhost:5199/dev.html?crosshairStyle=dot&crosshairSize=3');
  await waitForFrames(phone, 10);
  await phone.waitForTimeout(800);
  await phone.screenshot({ path: resolve(outDir, '03-phone.png') });

  // A missing build file: the loader rejects with a clear error instead of hanging.
  const broken = await browser.newPage({ viewport: { width: 800, height: 500 } });
  await broken.route('**/game/build/game.data', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await broken.goto('http://localhost:5199/dev.html');
  await broken.waitForFunction(() => (window as unknown as { __harnessEvents: string[] }).__harnessEvents.some((e) => e.startsWith('load failed')), undefined, { timeout: 15_000 });
  const failure = await broken.evaluate(() => (window as unknown as { __harnessEvents: string[] }).__harnessEvents.at(-1));
  check(failure === 'load failed: Could not load the game data file (/game/build/game.data): HTTP 404 Not Found', `a 404 rejects clearly (${failure})`);
  await broken.screenshot({ path: resolve(outDir, '04-load-error.png') });
} finally {
  await browser.close();
  await server.close();
}

console.log(failures.length ? `\n${failures.length} check(s) failed` : `\nall checks passed; screenshots in ${outDir}`);
process.exitCode = failures.length ? 1 : 0;
