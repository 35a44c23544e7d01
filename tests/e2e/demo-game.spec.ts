// The demo game inside the real shell and server, in Chromium: it answers the shell's messages,
// honours the settings it is sent (read back through window.__demoGame), moves with a rebound
// key, and its in-game menu raises every hook and window-message trigger of contract/game.ts.
import { expect, test, type Page } from './test';
import { demoState, openGame as openGameAt, type TestWindow as GameWindow } from './game';
import { GAME_HOOKS, GAME_OBJECT, SHELL_TO_GAME, parseGameMessage } from '../../contract/game';
import { KEY } from '../../contract/keys';
import { HOOK_TRIGGERS, MESSAGE_TRIGGERS } from '../../demo-game/src/triggers';
import { gameFramesDrawn } from './settle';

type TestWindow = GameWindow & {
  __messages?: Array<{ origin: string; data: unknown }>;
  __hookCalls?: string[];
};

// Software WebGL draws a frame or two per second here, and every step waits on frames: the
// game's tests get more than the default minute.
test.describe.configure({ timeout: 150_000 });

/** The game, with every window message recorded from the first script on. */
async function openGameRecordingMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as TestWindow;
    w.__messages = [];
    window.addEventListener('message', (e) => w.__messages?.push({ origin: e.origin, data: e.data }));
  });
  await openGameAt(page);
  await page.waitForFunction(() => typeof (window as TestWindow).unityInstance?.SendMessage === 'function');
  // The shell tells the game every setting once its settings store is in (after the game's first
  // frame): a setting a test sends before that would be overwritten by it (CI: invertY lost).
  await page.waitForFunction((method) => ((window as TestWindow).__demoGame?.state().received ?? []).some((r) => r.method === method), SHELL_TO_GAME.allSettings, { timeout: 30_000 });
}

const state = demoState;
const send = (page: Page, method: string, value?: string) =>
  page.evaluate(([object, m, v]) => (window as TestWindow).unityInstance?.SendMessage(object, m, v), [GAME_OBJECT, method, value] as const);
const setting = (page: Page, name: string, value: unknown) => send(page, SHELL_TO_GAME.settingChanged, JSON.stringify({ name, value }));

/** Holds a key down while the game draws `frames` frames (each frame moves by what is held). */
async function hold(page: Page, key: string, frames: number): Promise<void> {
  await page.keyboard.down(key);
  await gameFramesDrawn(page, frames);
  await page.keyboard.up(key);
}

/** Holds a key down until the player has walked forward past `z`. */
async function walkPast(page: Page, key: string, z: number): Promise<void> {
  await page.keyboard.down(key);
  await expect.poll(async () => (await state(page)).position.z, { timeout: 30_000 }).toBeLessThan(z);
  await page.keyboard.up(key);
}

test('the demo game shows its HUD and who is playing, and records what the shell sends', async ({ page }) => {
  await openGameRecordingMessages(page);
  await expect(page.getByTestId('demo-hud')).toBeVisible();
  await expect(page.getByTestId('demo-player')).toHaveText('Playing as Anonymous');
  await expect(page.getByTestId('demo-help')).toContainText('W A S D move');
  await expect(page.getByTestId('demo-crosshair')).toHaveAttribute('data-style', 'default');
  await send(page, SHELL_TO_GAME.buySuccess, JSON.stringify({ quantity: 2, crateVersionId: 1 }));
  await expect(page.getByTestId('demo-hud-log')).toContainText('Purchase: 2 x crate 1');
  const received = (await state(page)).received.map((m) => m.method);
  expect(received).toContain(SHELL_TO_GAME.userData);
  expect(received).toContain(SHELL_TO_GAME.buySuccess);
  await page.screenshot({ path: `test-results/screens/demo-game-${test.info().project.name}.png` });
});

test.describe('with the frame cap at one frame a second', () => {
  test.use({ demoGameMaxFps: 1 });
  test('the suite\'s frame cap holds the demo game to it, so the game leaves the CPU to the shell and the server', async ({ page }) => {
    await openGameAt(page);
    await gameFramesDrawn(page, 1);
    const started = Date.now();
    await gameFramesDrawn(page, 4);
    // Four frames at one a second take at least three seconds (less a timer's rounding); the
    // uncapped game draws them in about one even on a busy machine's software WebGL.
    expect(Date.now() - started).toBeGreaterThan(2_700);
  });
});

test('settings sent to the demo game change what it does', async ({ page }) => {
  await openGameRecordingMessages(page);
  const before = await state(page);

  await setting(page, 'fov', 110);
  const wide = await state(page);
  expect(wide.fov).toBe(110);
  expect(wide.cameraFov).toBeGreaterThan(before.cameraFov);

  await setting(page, 'mouseSensitivity', 2);
  await page.evaluate(() => (window as TestWindow).__demoGame?.reset());
  await page.evaluate(() => (window as TestWindow).__demoGame?.look(100, 0));
  const turned = await state(page);
  await setting(page, 'mouseSensitivity', 1);
  await page.evaluate(() => (window as TestWindow).__demoGame?.reset());
  await page.evaluate(() => (window as TestWindow).__demoGame?.look(100, 0));
  expect(turned.yaw).toBeCloseTo(2 * (await state(page)).yaw, 5);

  await setting(page, 'invertY', true);
  await page.evaluate(() => (window as TestWindow).__demoGame?.look(0, -100));
  expect((await state(page)).pitch).toBeLessThan(0);

  await setting(page, 'crosshairStyle', 'circle');
  await setting(page, 'crosshairSize', 4);
  await expect(page.getByTestId('demo-crosshair')).toHaveAttribute('data-style', 'circle');
  await expect(page.getByTestId('demo-crosshair')).toHaveAttribute('data-size', '4');
  await setting(page, 'showFps', false);
  await expect(page.getByTestId('demo-fps')).toBeHidden();
  await setting(page, 'showFps', true);
  await expect(page.getByTestId('demo-fps')).toBeVisible();

  await setting(page, 'fov', 'wide'); // malformed: ignored
  expect((await state(page)).fov).toBe(110);
});

test('the player moves with the bindings, and with a rebound key after a rebinding', async ({ page }) => {
  await openGameRecordingMessages(page);
  await page.locator('#unity-canvas').focus();
  const start = (await state(page)).position;
  await walkPast(page, 'w', start.z - 0.5);
  const walked = (await state(page)).position;

  await send(page, SHELL_TO_GAME.settingChanged, JSON.stringify({ name: 'keyBindingsV2', value: { moveForward: KEY.UpArrow } }));
  await expect(page.getByTestId('demo-help')).toContainText('Up Arrow A S D move');
  await hold(page, 'w', 5);
  expect((await state(page)).position.z).toBeCloseTo(walked.z, 3);
  await walkPast(page, 'ArrowUp', walked.z - 0.5);
});

test('Esc asks the shell for the settings, and the menu raises every hook and trigger', async ({ page }) => {
  await openGameRecordingMessages(page);
  // Spy on the shell's hooks without replacing what they do. On the web the game may be up before
  // the shell's second chunk installs the real hooks over the early ones (which queue): a hook
  // set after the spy becomes what the spy calls.
  await page.evaluate((names) => {
    const w = window as unknown as TestWindow & Record<string, unknown>;
    w.__hookCalls = [];
    for (const name of names) {
      let original = w[name];
      const spy = (...args: unknown[]) => {
        w.__hookCalls?.push(name);
        return typeof original === 'function' ? Reflect.apply(original, window, args) : undefined;
      };
      Object.defineProperty(w, name, { configurable: true, enumerable: true, get: () => spy, set: (next: unknown) => { original = next; } });
    }
  }, Object.values(GAME_HOOKS).filter((h) => h !== GAME_HOOKS.loadingComplete));

  await page.locator('#unity-canvas').focus();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.evaluate(() => (window as TestWindow).__hookCalls)).toContain(GAME_HOOKS.showSettings);
  await page.evaluate((hide) => (window as unknown as Record<string, () => void>)[hide]?.(), GAME_HOOKS.hideOverlay);

  await page.getByTestId('demo-menu-toggle').click();
  await expect(page.getByTestId('demo-menu')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crate shop (v0)' })).toBeVisible();
  // Each trigger may open a shell overlay over the menu, so the buttons are clicked from the
  // page (HTMLElement.click) rather than by pointer: what is tested is what each one sends.
  const ids = [...HOOK_TRIGGERS, ...MESSAGE_TRIGGERS].map((t) => t.testId);
  const clicked = await page.evaluate((list) => list.filter((id) => {
    const button = document.querySelector<HTMLButtonElement>(`button[data-testid="${id}"]`);
    button?.click();
    return !!button;
  }), ids);
  expect(clicked).toEqual(ids);

  await expect.poll(() => page.evaluate(() => (window as TestWindow).__messages?.length ?? 0)).toBeGreaterThanOrEqual(MESSAGE_TRIGGERS.length);
  const messages = await page.evaluate(() => (window as TestWindow).__messages ?? []);
  const origin = new URL(page.url()).origin;
  const ours = messages.filter((m) => m.origin === origin).map((m) => m.data);
  for (const trigger of MESSAGE_TRIGGERS) {
    if (trigger.kind !== 'message') continue;
    expect(ours, trigger.testId).toContainEqual(trigger.message);
    expect(parseGameMessage(trigger.message), trigger.testId).not.toBeNull();
  }
  const calls = await page.evaluate(() => (window as TestWindow).__hookCalls ?? []);
  for (const hook of [GAME_HOOKS.showSettings, GAME_HOOKS.showProfile, GAME_HOOKS.showReleaseLogs, GAME_HOOKS.showLevelProgress, GAME_HOOKS.hideOverlay, GAME_HOOKS.requestBotCheckToken, GAME_HOOKS.dispatchEvent]) {
    expect(calls, hook).toContain(hook);
  }
});
