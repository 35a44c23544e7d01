// Level progress, player profiles and release notes in Chromium against the real server and
// the demo game: a registered player with XP from the game-server award API opens each
// overlay from the game's menu, sees their real level and XP, moves to another player's
// profile and back, reads a release's changes, and closes each with Escape; the game hears
// each close, and the WebGL background stops drawing once its overlay is gone.
// Screenshots of each overlay go to /tmp/progress-shots/.
import { mkdirSync } from 'node:fs';
import { request as playwrightRequest } from '@playwright/test';
import { SHELL_TO_GAME } from '../../contract/game';
import { expectNoSeriousViolations } from './axe';
import { awardPlayer, registerPlayer } from './players';
import { expect, test, type Page } from './test';
import { loadingScreenGone, type TestWindow } from './game';
import { framesDrawn } from './settle';

// The game draws a frame or two a second in software WebGL: generous time for the whole path.
test.describe.configure({ timeout: 300_000 });

const SHOTS = '/tmp/progress-shots';
mkdirSync(SHOTS, { recursive: true });


const closedOverlays = (page: Page) => page.evaluate((method) =>
  ((window as TestWindow).__demoGame?.state().received ?? []).filter((m) => m.method === method).map((m) => m.value), SHELL_TO_GAME.overlayClosed);

/** Opens an overlay from the demo game's in-game menu, as a player does. */
async function fromGameMenu(page: Page, testId: string) {
  if (!(await page.getByTestId('demo-menu').isVisible())) await page.getByTestId('demo-menu-toggle').click();
  await page.getByTestId(testId).click();
}

test('level progress, profile and release notes open from the game with real data and close with Escape', async ({ page, baseURL }, info) => {
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png` });
  const suffix = `${info.project.name.slice(0, 2)}${Date.now().toString(36).slice(-6)}`;
  const me = `prog_${suffix}`;
  const other = `rival_${suffix}`;

  // Two players; ours gets 12,500 XP (level 5) from the game server.
  const myUuid = await registerPlayer(page.request, me);
  const otherApi = await playwrightRequest.newContext({ baseURL });
  await registerPlayer(otherApi, other);
  await otherApi.dispose();
  const award = await awardPlayer(page.request, { uuid: myUuid, xp: 12_500, awardId: `e2e-${suffix}` });
  expect(award.currentLevel).toBe(5);

  await page.goto('/');
  await loadingScreenGone(page, 60_000);
  await page.waitForFunction(() => typeof (window as TestWindow).__demoGame?.state === 'function');

  // Level progress.
  // A call before the shell's second chunk has loaded waits in its queue: one click is enough.
  await fromGameMenu(page, 'demo-hook-showLevelProgress');
  const progress = page.getByRole('dialog', { name: 'Level Progress' });
  await expect(progress).toBeVisible({ timeout: 45_000 });
  await expect(progress.getByText('LEVEL PROGRESS', { exact: true })).toBeVisible();
  await expect(progress.getByTestId('current-level')).toHaveText('Level 5', { timeout: 45_000 });
  await expect(progress.getByTestId('total-xp')).toHaveText('12.5k');
  await expect(progress.getByTestId('xp-in-level')).toHaveText('2.5k / 5k XP');
  await expect(progress.getByTestId('levels-unlocked')).toHaveText('5 / 50 Levels Unlocked');
  await expect(progress.getByTestId('level-cell-5')).toHaveAttribute('data-unlocked', 'true');
  await expect(progress.getByTestId('level-cell-6')).not.toHaveAttribute('data-unlocked');
  // The background animates while open...
  const background = progress.getByTestId('level-background');
  await expect(background).toHaveAttribute('data-mode', 'webgl');
  const canvas = await background.locator('canvas').elementHandle();
  await expect.poll(() => canvas!.evaluate((c) => Number((c as HTMLCanvasElement).dataset.frames ?? 0)), { timeout: 20_000 }).toBeGreaterThan(1);
  await shot('level-progress');
  await expectNoSeriousViolations(page, '[data-testid="level-progress-overlay"]');
  await page.keyboard.press('Escape');
  await expect(progress).toHaveCount(0);
  await expect.poll(() => closedOverlays(page)).toContain('levelProgress');
  // ...and draws nothing more once it is closed.
  const framesAtClose = await canvas!.evaluate((c) => Number((c as HTMLCanvasElement).dataset.frames));
  await framesDrawn(page, 10);
  expect(await canvas!.evaluate((c) => Number((c as HTMLCanvasElement).dataset.frames))).toBe(framesAtClose);

  // Profile: your own, another player's through Find a player, and Back.
  await fromGameMenu(page, 'demo-hook-showProfile');
  const profile = page.getByRole('dialog', { name: 'Player Profile' });
  await expect(profile.getByTestId('profile-username')).toHaveText(me, { timeout: 30_000 });
  await expect(profile.getByTestId('profile-level')).toHaveText('Level 5');
  await expect(profile.getByTestId('profile-xp')).toContainText('12,500');
  await expect(profile.getByTestId('profile-status')).toHaveText('Online now');
  await shot('profile');
  await expectNoSeriousViolations(page, '[data-testid="profile-overlay"]');
  const search = profile.getByRole('textbox', { name: 'Find a player' });
  await search.fill(other);
  await search.press('Enter');
  await profile.getByRole('button', { name: other, exact: true }).click();
  await expect(profile.getByTestId('profile-username')).toHaveText(other, { timeout: 15_000 });
  await expect(profile.getByTestId('profile-views')).toContainText('1');
  await profile.getByRole('button', { name: 'Back' }).click();
  await expect(profile.getByTestId('profile-username')).toHaveText(me, { timeout: 15_000 });
  await expect(profile.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(profile).toHaveCount(0);
  await expect.poll(() => closedOverlays(page)).toContain('profile');
  // The Escape that closed the overlay is not also the game's (which would open the settings).
  await expect(page.getByTestId('settings-overlay')).toHaveCount(0);

  // Release notes: the seeded releases, newest first, and one release's changes.
  await fromGameMenu(page, 'demo-hook-showReleaseLogs');
  const notes = page.getByRole('dialog', { name: 'Release Notes' });
  const cards = notes.getByTestId('release-card');
  await expect(cards.first()).toContainText('v1.3.0', { timeout: 30_000 });
  await expect(cards.first()).toContainText('Newest');
  await expect(notes.getByTestId('release-month').first()).toContainText('January 2025');
  await expect(notes.getByTestId('release-total')).toHaveAttribute('data-value', /^[1-9]\d*$/);
  // The counters' count-up has ended (each shows its final figure), for the screenshot.
  await expect.poll(() => notes.locator('[data-value]').evaluateAll((figures) => figures.every((f) => f.children[0]?.textContent === f.children[1]?.textContent)), { timeout: 15_000 }).toBe(true);
  await shot('release-notes');
  await expectNoSeriousViolations(page, '[data-testid="release-notes-overlay"]');
  await cards.first().click();
  const dialog = page.getByTestId('release-dialog');
  await expect(dialog.getByRole('region', { name: 'ADDED' })).toContainText('Send a Mythical ticket to your own wallet with the Mythical Bridge');
  await shot('release-dialog');
  await expectNoSeriousViolations(page, '[data-testid="release-dialog"]');
  await page.keyboard.press('Escape'); // closes the release's dialog, not the overlay
  await expect(dialog).toHaveCount(0);
  await expect(notes).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(notes).toHaveCount(0);
  await expect.poll(() => closedOverlays(page)).toContain('releaseNotes');
});
