// The e2e module for the game: the test window type (what the demo game and the shell's test
// hooks put on `window`), opening the game, its in-game menu, and reading what it received.
// Every spec uses these instead of declaring its own copies.
import type { FrameLocator, Page } from '@playwright/test';
import type { DemoGameSnapshot, DemoGameTestApi, ReceivedMessage } from '../../demo-game/src/test-api';
import type { ShellTestHooks } from '../../src/app/testHooks';
import { expect } from './test';

export type { DemoGameSnapshot, ReceivedMessage };

/** `window` as the specs see it. */
export type TestWindow = Window & {
  /** The demo game's test API (demo-game/src/test-api.ts). */
  __demoGame?: DemoGameTestApi;
  /** The shell's probe, with ?shellTestHooks=1 (src/app/testHooks.tsx). */
  __shellTest?: ShellTestHooks;
  /** The game hooks of contract/game.ts the specs call directly. */
  showSettings?: (section?: string) => void;
  unityInstance?: { SendMessage(gameObject: string, method: string, value?: string | number): void };
};

/**
 * Waits until the loading screen is gone from the page or frame `scope`. It waits for the
 * product's page first (its `#root`, which index.html's first frame of the loading screen, class
 * `.ls-root`, comes inside), then for no `.ls-root` at all. Neither wait holds early: the shell's
 * test id `loading-screen` comes only once the shell takes that frame over, after the game's first
 * paint, so "no element with the test id" held at once on a page still loading; and in a frame
 * that has not loaded the product yet there is no `.ls-root` either.
 */
export async function loadingScreenGone(scope: Page | FrameLocator, timeout = 60_000): Promise<void> {
  await expect(scope.locator('#root')).toBeAttached({ timeout });
  await expect(scope.locator('.ls-root')).toHaveCount(0, { timeout });
}

/** Waits until the loading screen is gone and the demo game answers. */
export async function waitForGame(page: Page, timeout = 60_000): Promise<void> {
  await loadingScreenGone(page, timeout);
  await page.waitForFunction(() => typeof (window as TestWindow).__demoGame?.state === 'function', undefined, { timeout: 30_000 });
}

/** Opens the shell at `url` and waits for the game. */
export async function openGame(page: Page, url = '/'): Promise<void> {
  await page.goto(url);
  await waitForGame(page);
}

/** What the demo game shows and has received so far. */
export function demoState(page: Page): Promise<DemoGameSnapshot> {
  return page.evaluate(() => (window as TestWindow).__demoGame?.state() as DemoGameSnapshot);
}

/** Every message the game received, in order. */
export function received(page: Page): Promise<ReceivedMessage[]> {
  return page.evaluate(() => (window as TestWindow).__demoGame?.state().received ?? []);
}

/** The values the game received with one method (contract/game.ts SHELL_TO_GAME), in order. */
export function receivedWith(page: Page, method: string): Promise<Array<ReceivedMessage['value']>> {
  return page.evaluate((m) => ((window as TestWindow).__demoGame?.state().received ?? []).filter((r) => r.method === m).map((r) => r.value), method);
}

/** Calls the game's showSettings hook, as the game does. */
export async function callShowSettings(page: Page, section?: string): Promise<void> {
  await page.evaluate((s) => (window as TestWindow).showSettings?.(s), section);
}

/**
 * Opens the demo game's in-game menu (unless it is open) and presses one of its buttons until a
 * dialog with `dialogText` shows. The shell's inbound half installs with its second chunk, so a
 * very early press may go unheard: it is pressed again. Clicked from the page (HTMLElement.click):
 * at a frame or two per second a pointer click's "stable" check can starve.
 */
export async function fromGameMenu(page: Page, label: string, dialogText: string): Promise<void> {
  const menu = page.getByTestId('demo-menu');
  await expect(async () => {
    if ((await page.getByRole('dialog').count()) === 0) {
      if (!(await menu.isVisible())) await page.getByTestId('demo-menu-toggle').evaluate((b: HTMLElement) => b.click());
      await menu.getByRole('button', { name: label }).evaluate((b: HTMLElement) => b.click());
    }
    await expect(page.getByRole('dialog').getByText(dialogText, { exact: true })).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
}
