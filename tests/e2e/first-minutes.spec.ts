// A new player's first minutes on a local demo server: they sign up, play the demo game, and a
// finished round is paid by the local demo game server through the game-server award API (the
// key never reaches the page); the crate shop, short of coins, says how coins are earned here;
// the round's stats, reported by the same game server, put the player on this week's board.
import { randomUUID } from 'node:crypto';
import { altchaToken, startOwnServer, type OwnServer } from './accounts-helpers';
import { waitForGame, type TestWindow } from './game';
import { expect, test } from './test';

const KEY = 'e2e-demo-game-server-key-0123456789';
let server: OwnServer;

test.describe.configure({ timeout: 150_000 });
test.beforeAll(async () => {
  // Its own server starts from source (tsx, a fresh PGlite): on a busy machine that takes minutes.
  test.setTimeout(240_000);
  server = await startOwnServer({ DEMO_GAME_SERVER: '1', DEMO_ROUND_SECONDS: '3', GAME_SERVER_KEY: KEY });
});
test.afterAll(() => { server?.stop(); });

test('a newcomer is paid for a round of the demo game, and the shop says how coins are earned', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => { sent.push(`${r.method()} ${new URL(r.url()).pathname} ${r.headers().authorization ?? ''}`); });
  const username = `new_${randomUUID().slice(0, 8)}`;
  const signedUp = await page.request.post(`${server.base}/api/register`, { headers: { origin: server.base }, data: { username, password: 'e2e-pass-1', turnstile_token: await altchaToken(server.base) } });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  await page.goto(`${server.base}/`);
  await waitForGame(page);
  await expect.poll(() => page.evaluate(() => (window as TestWindow).__demoGame?.state().rounds.paid.length ?? 0), { timeout: 60_000 }).toBeGreaterThan(0);
  const inventory = await (await page.request.get(`${server.base}/api/getBaseInventory`)).json() as { tripcoins: number };
  expect(inventory.tripcoins).toBe(5);
  // The page only started and finished rounds; it never sent the game-server key nor called the award API.
  expect(sent.filter((s) => s.includes('/api/server/') || s.includes(KEY))).toEqual([]);
  expect(sent.some((s) => s.startsWith('POST /api/demo-game-server/rounds/'))).toBe(true);
  // Short of coins for a 100 TC crate, the shop says how they are earned on this server.
  await page.evaluate(() => window.postMessage({ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 }, location.origin));
  await expect(page.getByTestId('how-to-earn')).toContainText('each round of the game (3 s) pays', { timeout: 20_000 });
  // The round the demo game server reported is on this week's board: the player's own row, highlighted.
  await page.keyboard.press('Escape');
  await page.evaluate(() => window.postMessage({ type: 'SHOW_LEADERBOARD' }, location.origin));
  const mine = page.getByTestId('leaderboard-overlay').locator('[data-mine]');
  await expect(mine).toContainText(username, { timeout: 20_000 });
  await expect(mine.locator('td').last()).not.toHaveText('0');
  await expect(page.getByTestId('leaderboard-season')).toBeVisible();
});
