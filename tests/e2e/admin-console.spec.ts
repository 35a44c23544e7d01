// The studio's console: an admin finds a player, reverses their crate purchase after typing
// their password again (coins and crates back, ledger balanced, an audit row), cannot ban an
// admin, and bans another player, whose open page hears it on its live event stream and signs
// out within 2 s, and whose session is gone at their next request.
// With LOOK_SHOTS=1 it also writes the console's screenshots, desktop and phone, to
// $LOOK_SHOTS_DIR (default /tmp/shots-admin).
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { request as http, type APIRequestContext } from '@playwright/test';
import { stubGame } from './accounts-helpers';
import { awardPlayer, registerPlayer } from './players';
import { expect, test, type Page } from './test';
import { settled } from './settle';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const BASE = `http://127.0.0.1:${PORT}`;
const SHOTS = process.env.LOOK_SHOTS === '1';
const DIR = process.env.LOOK_SHOTS_DIR ?? '/tmp/shots-admin';

/** The e2e server's stand-in for `npm run admin -- grant-admin <name>` (tests/e2e/server.ts). */
async function grantAdmin(username: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${PORT + 3}/grant-admin?username=${encodeURIComponent(username)}`, { method: 'POST' });
  expect(response.status, await response.text()).toBe(200);
}

const name = (prefix: string) => `${prefix}_${randomUUID().slice(0, 8)}`;

async function playerWithCrates(): Promise<{ api: APIRequestContext; username: string; uuid: string }> {
  const api = await http.newContext({ baseURL: BASE });
  const username = name('buyer');
  const uuid = await registerPlayer(api, username);
  await awardPlayer(api, { uuid, tripcoins: 1000, awardId: randomUUID() });
  const bought = await api.post('/api/crates/buy', { data: { quantity: 2 }, headers: { 'idempotency-key': randomUUID() } });
  expect(bought.status(), await bought.text()).toBe(200);
  return { api, username, uuid };
}

async function openPlayer(page: Page, username: string): Promise<void> {
  await page.getByRole('tab', { name: 'Players' }).click();
  const back = page.getByRole('button', { name: '← Players' });
  if (await back.isVisible()) await back.click();
  await page.getByLabel('Find a player').fill(username);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: username, exact: true }).click();
  await expect(page.getByRole('heading', { name: username, exact: true })).toBeVisible();
}

test('an admin reverses a crate purchase and bans a player from the console', { tag: '@timing' }, async ({ page, browser }) => {
  const adminName = name('admin');
  await registerPlayer(page.request, adminName);
  // Not an admin yet: the console says so, offers its sign-in and shows nothing else.
  await page.goto('/admin');
  await expect(page.getByText(`${adminName} is not an admin of this studio`)).toBeVisible();
  await grantAdmin(adminName);

  const buyer = await playerWithCrates();
  // The player to ban has the game open, signed in, with its live event stream connected.
  const cheatContext = await browser.newContext({ baseURL: BASE });
  const cheatPage = await cheatContext.newPage();
  const cheat = cheatPage.request;
  const cheatName = name('cheat');
  await registerPlayer(cheat, cheatName);
  expect((await (await cheat.get('/api/whoami')).json() as { username: string }).username).toBe(cheatName);
  await stubGame(cheatPage);
  const stream = cheatPage.waitForResponse((r) => r.url().endsWith('/api/events') && r.status() === 200);
  await cheatPage.goto('/');
  await stream;

  await page.reload();
  await expect(page.getByRole('heading', { name: /TripShell console/ })).toBeVisible();
  await openPlayer(page, buyer.username);
  await expect(page.getByTestId('player-coins')).not.toHaveText('Ŧ1,000.00');
  await page.getByRole('tab', { name: 'History' }).click();
  await page.locator('[data-testid="ledger-row"][data-reason="crate purchase"]').first().getByRole('button', { name: 'Reverse…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reverse a posting' });
  await expect(dialog.getByText('2 Base Set Crate', { exact: false })).toBeVisible();
  await dialog.getByLabel(/Reason/).fill('Bought the wrong crate (ticket 7)');
  await dialog.getByRole('button', { name: 'Reverse', exact: true }).click();
  // The first write of the session asks for the admin's password, then goes through as asked.
  await dialog.getByLabel('Your password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Reverse with password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That password is not right');
  await dialog.getByLabel('Your password').fill('e2e-pass-1');
  await dialog.getByRole('button', { name: 'Reverse with password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reversed' })).toBeVisible();
  await page.getByRole('tab', { name: 'Balances' }).click();
  await expect(page.getByTestId('player-coins')).toHaveText('Ŧ1,000.00');
  const inventory = await (await buyer.api.get('/api/getBaseInventory')).json() as { inventory: Record<string, string>; tripcoins: number };
  expect([inventory.tripcoins, Object.values(inventory.inventory).filter((n) => Number(n) > 0)]).toEqual([1000, []]);
  const audit = await (await page.request.get(`/api/admin/audit?target=${buyer.uuid}`)).json() as { rows: Array<{ action: string; reason: string }> };
  expect(audit.rows[0]).toMatchObject({ action: 'posting.reverse', reason: 'Bought the wrong crate (ticket 7)' });

  // An admin cannot be banned from the console: the button is off and the page says why.
  await openPlayer(page, adminName);
  await expect(page.getByRole('button', { name: 'Ban', exact: true })).toBeDisabled();
  await expect(page.getByText(/An admin cannot be banned from the console/)).toBeVisible();

  // Within the few minutes after the password, the next write is not asked for it again.
  await openPlayer(page, cheatName);
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  const ban = page.getByRole('dialog', { name: `Ban ${cheatName}` });
  await ban.getByLabel(/Reason/).fill('Aimbot');
  await ban.getByLabel(/Message to the player/).fill('Cheating is not allowed here.');
  await ban.getByRole('button', { name: 'Ban', exact: true }).click();
  const bannedAt = Date.now();
  // The player reads the admin's message to them, never the internal reason.
  await expect(cheatPage.getByText('Message from the studio: Cheating is not allowed here.')).toBeVisible({ timeout: 2_000 });
  expect(Date.now() - bannedAt).toBeLessThan(2_000);
  await expect(cheatPage.getByText('Your account was banned. You have been signed out.')).toBeVisible();
  await expect(cheatPage.getByText(/Aimbot/)).toHaveCount(0);
  await expect(page.getByText(/Banned .*: Aimbot/)).toBeVisible();
  // The banned player's next request: no session any more, and sign-in says why.
  expect((await (await cheat.get('/api/whoami')).json() as { uuid: string }).uuid).toBe('anonymous');

  await page.getByRole('tab', { name: 'Economy' }).click();
  await page.getByRole('button', { name: 'Run conservation check' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Balanced' })).toBeVisible();
  await Promise.all([buyer.api.dispose(), cheatContext.close()]);
});

test('look: the console, desktop and phone [both]', async ({ page }, info) => {
  test.skip(!SHOTS, 'screenshots: run with LOOK_SHOTS=1');
  mkdirSync(DIR, { recursive: true });
  const adminName = name('admin');
  await registerPlayer(page.request, adminName);
  await grantAdmin(adminName);
  const buyer = await playerWithCrates();
  const shot = async (what: string) => { await settled(page); await page.screenshot({ path: `${DIR}/${info.project.name}-${what}.png`, fullPage: true }); };
  if (info.project.name === 'desktop') await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin');
  await openPlayer(page, adminName);
  await shot('admin-player');
  await openPlayer(page, buyer.username);
  await shot('player');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('ledger-row').first()).toBeVisible();
  await shot('history');
  await page.locator('[data-testid="ledger-row"][data-reason="crate purchase"]').first().getByRole('button', { name: 'Reverse…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await shot('reverse');
  await dialog.getByLabel(/Reason/).fill('Bought the wrong crate');
  await dialog.getByRole('button', { name: 'Reverse', exact: true }).click();
  await expect(dialog.getByLabel('Your password')).toBeVisible();
  await shot('reverse-password');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Crate shops' }).click();
  await expect(page.getByTestId('odds-total-0')).toBeVisible();
  await shot('crates');
  await page.getByRole('tab', { name: 'Economy' }).click();
  await page.getByRole('button', { name: 'Run conservation check' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Balanced' })).toBeVisible();
  await shot('economy');
  await buyer.api.dispose();
});
