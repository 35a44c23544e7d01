// Screenshots of the first screen, the running demo game and the error screen, on the desktop
// and phone projects, written to /tmp/shell-shots/ (and looked at by a person).
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

test('running demo game [both]', async ({ page }, info) => {
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
