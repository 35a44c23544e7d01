// What the portal allows, in the host playground's CrazyGames page (playground/server.ts): a
// player signed in on the portal is offered no coin flip (the game's SHOW_COINFLIP_MODAL says it
// is not available here) and the server refuses their wager (403 FEATURE_OFF), whatever the page
// would send: the policy follows the host their session was signed in from.
import type { Frame } from '@playwright/test';
import { stubGame } from './accounts-helpers';
import { expect, test, PLAYGROUND_LAUNCH, productFrame, type Page } from './playground';

test.describe.configure({ timeout: 180_000 });
test.use({ launchOptions: PLAYGROUND_LAUNCH });

function game(page: Page): Frame {
  const f = productFrame(page);
  if (!f) throw new Error('no product frame');
  return f;
}

test('the portal: no coin flip offered, and the server refuses a portal player\'s wager', async ({ page, playground }) => {
  await stubGame(page);
  const name = `pp${Date.now().toString(36).slice(-6)}`;
  await page.goto(playground.url('crazygames', { user: 'signed-in', name }));
  await expect.poll(() => productFrame(page) !== undefined, { timeout: 30_000 }).toBe(true);
  const frame = page.frameLocator('#game');
  await expect(frame.getByText(`Welcome to the game, ${name}!`)).toBeVisible({ timeout: 60_000 });

  await game(page).evaluate(() => window.postMessage({ type: 'SHOW_COINFLIP_MODAL', modalType: 'create' }, location.origin));
  await expect(frame.getByTestId('feature-unavailable')).toContainText('This is not available here.', { timeout: 15_000 });
  await expect(frame.getByRole('dialog', { name: 'Create Coin Flip Wager' })).toHaveCount(0);

  // Even a request that claims the web: the session was signed in through the portal.
  const refused = await game(page).evaluate(async () => {
    const r = await fetch('/api/coinflip/create', {
      method: 'POST', credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-tripshell-client': '1', 'x-tripshell-host': 'web', 'idempotency-key': `e2e-${Date.now()}` },
      body: JSON.stringify({ wager_amount: 20, choice: 1 }),
    });
    return { status: r.status, code: ((await r.json()) as { code?: string }).code };
  });
  expect(refused).toEqual({ status: 403, code: 'FEATURE_OFF' });
});
