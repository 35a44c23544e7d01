// The CrazyGames host in Chromium, with a fake SDK of the v3 shape served at the portal SDK's
// real address: ?useLocalSdk=true picks the adapter, which reports loading and gameplay (not on
// blur) and passes the portal's mute setting to the demo game.
import { readFileSync } from 'node:fs';
import { expect, test } from './test';
import { SHELL_TO_GAME } from '../../contract/game';
import type { TestWindow } from './game';

test.describe.configure({ timeout: 150_000 });

type CgWindow = TestWindow & { __crazyGames?: { calls: string[]; setMuted(muted: boolean): void } };

test('on the portal the CrazyGames SDK hears loading and gameplay, and its mute reaches the game', async ({ page }) => {
  const fakeSdk = readFileSync('playground/crazygames-sdk.js', 'utf8');
  await page.route('https://sdk.crazygames.com/crazygames-sdk-v3.js', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: fakeSdk }));
  await page.goto('/?useLocalSdk=true&shellTestHooks=1');
  await expect(page.getByTestId('loading-screen')).toHaveCount(0, { timeout: 60_000 });
  const calls = () => page.evaluate(() => (window as CgWindow).__crazyGames?.calls ?? []);
  await expect.poll(calls).toEqual(['init', 'loadingStart', 'loadingStop', 'gameplayStart']);

  // An overlay is a break in play; closing it resumes play. Blur is not.
  await page.waitForFunction(() => !!(window as CgWindow).__shellTest);
  await page.evaluate(() => { (window as CgWindow).__shellTest?.registerProbeOverlay('settings'); (window as CgWindow).showSettings?.(); });
  await expect.poll(calls).toEqual(['init', 'loadingStart', 'loadingStop', 'gameplayStart', 'gameplayStop']);
  await page.getByRole('button', { name: 'Close probe' }).click();
  await page.evaluate(() => { window.dispatchEvent(new Event('blur')); document.dispatchEvent(new Event('visibilitychange')); });
  await expect.poll(calls).toEqual(['init', 'loadingStart', 'loadingStop', 'gameplayStart', 'gameplayStop', 'gameplayStart']);

  const muted = () => page.evaluate((method) => ((window as CgWindow).__demoGame?.state().received ?? []).filter((m) => m.method === method).map((m) => m.value), SHELL_TO_GAME.audioMuted);
  await expect.poll(muted).toEqual(['false']);
  await page.evaluate(() => (window as CgWindow).__crazyGames?.setMuted(true));
  await expect.poll(muted).toEqual(['false', 'true']);
});

test('the standalone site never loads the portal SDK', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => { if (r.url().includes('crazygames')) requested.push(r.url()); });
  await page.goto('/');
  await expect(page.getByTestId('loading-screen')).toHaveCount(0, { timeout: 60_000 });
  expect(requested).toEqual([]);
  expect(await page.evaluate(() => 'CrazyGames' in window)).toBe(false);
});
