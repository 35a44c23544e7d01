// Screenshots of the first screen, the running demo game and the error screen, on the desktop
// and phone projects, written to /tmp/shell-shots/ (and looked at by a person). The running game's
// picture is taken only when asked (SHELL_SHOTS=1): it checks nothing another spec does not.
import { mkdirSync } from 'node:fs';
import { expect, test } from './test';
import { GAME_BUILD_FILES } from '../../contract/game';
import { gameFramesDrawn, holdGameData, settled } from './settle';
import { loadingScreenGone } from './game';

const DIR = process.env.SHELL_SHOTS_DIR ?? '/tmp/shell-shots';
mkdirSync(DIR, { recursive: true });

test('loading screen [both]', async ({ page }, info) => {
  await holdGameData(page);
  await page.goto('/');
  await expect(page.getByTestId('loading-screen')).toBeVisible();
  await page.mouse.move(200, 150);
  await settled(page);
  await page.screenshot({ path: `${DIR}/loading-${info.project.name}.png` });
});

// Only a picture: every spec that opens the game (tests/e2e/game.ts openGame) already checks that
// it runs, so `npm test` does not pay for this one; SHELL_SHOTS=1 takes it.
test('running demo game [both]', async ({ page }, info) => {
  test.skip(process.env.SHELL_SHOTS !== '1', 'a screenshot only: SHELL_SHOTS=1 takes it');
  await page.goto('/');
  await loadingScreenGone(page, 45_000);
  await gameFramesDrawn(page, 3);
  await settled(page);
  await page.screenshot({ path: `${DIR}/game-${info.project.name}.png` });
});

test('error screen [both]', async ({ page }, info) => {
  await page.route(`**${GAME_BUILD_FILES.loaderUrl}`, (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto('/');
  await expect(page.getByTestId('loading-error')).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${DIR}/error-${info.project.name}.png` });
});
