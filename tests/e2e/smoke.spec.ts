import { expect, test } from './test';
import { SHELL_TO_GAME } from '../../contract/game';
import { loadingScreenGone, type TestWindow } from './game';


test('the built product serves the shell, asks the API who is playing and tells the game', async ({ page }) => {
  const whoami = page.waitForResponse((r) => r.url().endsWith('/api/whoami'));
  await page.goto('/');
  expect((await whoami).status()).toBe(200);
  await loadingScreenGone(page, 45_000);
  await page.waitForFunction(() => (window as TestWindow).__demoGame?.state().username === 'Anonymous');
  const received = await page.evaluate(() => (window as TestWindow).__demoGame?.state().received ?? []);
  const userData = received.filter((m) => m.method === SHELL_TO_GAME.userData);
  expect(userData).toHaveLength(1);
  expect(JSON.parse(String(userData[0]?.value))).toMatchObject({ uuid: 'anonymous', username: 'Anonymous', verified: 0 });
  await page.screenshot({ path: `test-results/screens/smoke-${test.info().project.name}.png` });
});
