// A console switch stops coin flips: the admin turns them off for the web in the Switches tab
// (reason, message, the password asked again), and a player's page answers the game's
// SHOW_COINFLIP_MODAL with the studio's message instead of the wager screen; back on, the screen
// opens again. With LOOK_SHOTS=1 it also writes screenshots (the dialog in English, German and
// Japanese, desktop and phone; the Switches tab) to $LOOK_SHOTS_DIR (default /tmp/shots-policy).
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { stubGame } from './accounts-helpers';
import { registerPlayer } from './players';
import { expect, test, type Page } from './test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const BASE = `http://127.0.0.1:${PORT}`;
const SHOTS = process.env.LOOK_SHOTS === '1';
const DIR = process.env.LOOK_SHOTS_DIR ?? '/tmp/shots-policy';
const MESSAGE = 'Coin flips are paused for maintenance';

/** The e2e server's stand-in for `npm run admin -- grant-admin <name>` (tests/e2e/server.ts). */
async function grantAdmin(username: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${PORT + 3}/grant-admin?username=${encodeURIComponent(username)}`, { method: 'POST' });
  expect(response.status, await response.text()).toBe(200);
}

async function askForCoinflip(page: Page): Promise<void> {
  await page.evaluate(() => window.postMessage({ type: 'SHOW_COINFLIP_MODAL', modalType: 'create' }, location.origin));
}

test('a switch turned off in the console stops coin flips, with the studio message, and back on', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const adminName = `admin_${randomUUID().slice(0, 8)}`;
  await registerPlayer(page.request, adminName);
  await grantAdmin(adminName);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Switches' }).click();
  await page.getByTestId('switch-coinflip-web').getByRole('button', { name: 'Turn off' }).click();
  const dialog = page.getByRole('dialog', { name: /Coin flips on web: turn off/ });
  await dialog.getByLabel(/Message to the player/).fill(MESSAGE);
  await dialog.getByLabel(/Reason/).fill('Payout bug under investigation');
  await dialog.getByRole('button', { name: 'Turn off', exact: true }).click();
  await dialog.getByLabel('Your password').fill('e2e-pass-1');
  await dialog.getByRole('button', { name: 'Turn off with password' }).click();
  await expect(page.getByText('coinflip is off for web')).toBeVisible();
  await expect(page.getByTestId('switch-coinflip-web').getByText(`“${MESSAGE}”`)).toBeVisible();
  if (SHOTS) { mkdirSync(DIR, { recursive: true }); await page.screenshot({ path: `${DIR}/console-switches.png`, fullPage: true }); }

  try {
    for (const [locale, viewport] of [['en-US', { width: 1280, height: 800 }], ...(SHOTS ? [['de-DE', { width: 390, height: 844 }], ['ja-JP', { width: 1280, height: 800 }], ['ja-JP', { width: 390, height: 844 }]] as const : [])] as const) {
      const context = await browser.newContext({ baseURL: BASE, locale, viewport });
      const player = await context.newPage();
      await registerPlayer(player.request, `p_${randomUUID().slice(0, 8)}`);
      await stubGame(player);
      await player.goto('/');
      await askForCoinflip(player);
      const unavailable = player.getByTestId('feature-unavailable');
      await expect(unavailable).toBeVisible({ timeout: 30_000 });
      await expect(unavailable).toContainText(MESSAGE);
      if (locale === 'en-US') {
        await expect(unavailable).toContainText(`This is not available right now: ${MESSAGE}`);
        await expect(player.getByRole('dialog', { name: 'Create Coin Flip Wager' })).toHaveCount(0);
      }
      if (SHOTS) await player.screenshot({ path: `${DIR}/unavailable-${locale}-${viewport.width}.png` });
      await context.close();
    }
  } finally {
    await page.getByTestId('switch-coinflip-web').getByRole('button', { name: 'Turn on' }).click();
    const on = page.getByRole('dialog', { name: /Coin flips on web: turn on/ });
    await on.getByLabel(/Reason/).fill('Fixed');
    await on.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(page.getByText(/coinflip is back on for web/)).toBeVisible();
  }
  const player = await browser.newContext({ baseURL: BASE }).then((c) => c.newPage());
  await registerPlayer(player.request, `p_${randomUUID().slice(0, 8)}`);
  await stubGame(player);
  await player.goto('/');
  await askForCoinflip(player);
  await expect(player.getByRole('dialog', { name: 'Create Coin Flip Wager' })).toBeVisible({ timeout: 30_000 });
  await player.context().close();
});
