// A web player's rights over their data, in Chromium against the real server:
// from Account they download their data (the file names them and their balance), then delete
// their account with their password: the page is signed out, another session of theirs too, and
// the old password no longer signs in.
// With RIGHTS_SHOTS=1 it also writes screenshots (the Your data card, the delete dialog) to
// $RIGHTS_SHOTS_DIR (default /tmp/shots-rights), in the browser language RIGHTS_LOCALE (en-US).
import { mkdirSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { request as http } from '@playwright/test';
import { finishLoading, stubGame, PAGE_HELD_LOADING } from './accounts-helpers';
import { awardPlayer, botCheckToken, registerPlayer } from './players';
import { expect, test } from './test';
import { callShowSettings, loadingScreenGone } from './game';

const SHOTS = process.env.RIGHTS_SHOTS === '1';
const DIR = process.env.RIGHTS_SHOTS_DIR ?? '/tmp/shots-rights';
const LOCALE = process.env.RIGHTS_LOCALE ?? 'en-US';
if (SHOTS) mkdirSync(DIR, { recursive: true });

test.describe.configure({ timeout: 120_000 });
test.use({ locale: LOCALE });

test('a web player downloads their data and deletes their account', async ({ page, baseURL }, info) => {
  const shot = async (name: string) => { if (SHOTS) await page.screenshot({ path: `${DIR}/${info.project.name}-${LOCALE.slice(0, 2)}-${name}.png` }); };
  const username = `rt_${info.project.name.slice(0, 2)}${randomUUID().slice(0, 8)}`;
  const password = 'e2e-pass-1';
  const uuid = await registerPlayer(page.request, username, password);
  await awardPlayer(page.request, { uuid, tripcoins: 42.5, awardId: randomUUID() });
  // A second device, signed in too.
  const laptop = await http.newContext({ baseURL });
  const signIn = await laptop.post('/api/login', { data: { username, password, remember_me: true, turnstile_token: await botCheckToken(laptop) } });
  expect(signIn.status()).toBe(200);

  await stubGame(page, { completeWhenTold: true });
  await page.goto(PAGE_HELD_LOADING);
  await finishLoading(page);
  await loadingScreenGone(page, 20_000);
  await expect(async () => {
    await callShowSettings(page, 'accounts');
    await expect(page.getByTestId('account-username')).toHaveText(username, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const card = page.getByTestId('your-data');
  await card.scrollIntoViewIfNeeded();
  await shot('your-data');

  // The download: one JSON file that names the player and their balance.
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('download-my-data').click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^tripshell-data-${username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as { account: { username: string; uuid: string }; tripcoins: { balance: string } };
  expect(data.account).toMatchObject({ username, uuid });
  expect(data.tripcoins.balance).toBe('42.50');

  // The deletion, behind the password.
  await card.getByTestId('delete-account').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('confirm-delete-account')).toBeDisabled();
  await dialog.getByTestId('delete-account-password').fill('not-my-password');
  await shot('delete-dialog');
  await dialog.getByTestId('confirm-delete-account').click();
  await expect(dialog.getByRole('alert')).toBeVisible({ timeout: 15_000 });
  await dialog.getByTestId('delete-account-password').fill(password);
  await dialog.getByTestId('confirm-delete-account').click();
  // The dialog closes and the Account section shows a signed-out player.
  await expect(page.getByTestId('delete-account-password')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('account-username')).toHaveCount(0, { timeout: 15_000 });
  await shot('deleted');

  // Every session ended; the old password no longer signs in.
  expect((await (await page.request.get('/api/whoami')).json() as { uuid: string }).uuid).toBe('anonymous');
  expect((await (await laptop.get('/api/whoami')).json() as { uuid: string }).uuid).toBe('anonymous');
  const again = await laptop.post('/api/login', { data: { username, password, remember_me: true, turnstile_token: await botCheckToken(laptop) } });
  expect(again.status()).toBe(401);
  await laptop.dispose();
});

// Screenshots only (RIGHTS_SHOTS=1): the console's Deletions tab after a deletion, looked at.
test('the console lists the deletion', async ({ page }, info) => {
  test.skip(!SHOTS, 'screenshots only: RIGHTS_SHOTS=1');
  const port = Number(process.env.E2E_PORT ?? 8181);
  const adminName = `ad_${randomUUID().slice(0, 8)}`;
  await registerPlayer(page.request, adminName);
  const granted = await fetch(`http://127.0.0.1:${port + 3}/grant-admin?username=${encodeURIComponent(adminName)}`, { method: 'POST' });
  expect(granted.status).toBe(200);
  const gone = await http.newContext({ baseURL: `http://127.0.0.1:${port}` });
  await registerPlayer(gone, `gone_${randomUUID().slice(0, 8)}`, 'e2e-pass-1');
  expect((await gone.post('/api/account/delete', { data: { password: 'e2e-pass-1' }, headers: { 'x-tripshell-client': '1' } })).status()).toBe(200);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Deletions' }).click();
  await expect(page.getByTestId('deletion-row').first()).toBeVisible();
  await page.screenshot({ path: `${DIR}/${info.project.name}-console-deletions.png` });
});
