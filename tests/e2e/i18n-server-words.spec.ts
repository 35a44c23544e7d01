// A Japanese player never reads the server's English: the sign-up form's checks, the crate
// purchase toast, the airdrop toast and the ban at log-in are all worded from the ja catalog
// (the server sends codes with values, contract/texts.ts; src/i18n/serverTexts.ts words them).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as http, type Page } from '@playwright/test';
import { stubGame } from './accounts-helpers';
import { callShowSettings, loadingScreenGone } from './game';
import { awardPlayer, registerPlayer } from './players';
import { expect as baseExpect, test } from './test';
import { answerAgeScreen } from './age';

const expect = baseExpect.configure({ timeout: 20_000 });
const PORT = Number(process.env.E2E_PORT ?? 8181);
const ja = JSON.parse(readFileSync('src/i18n/catalogs/ja.json', 'utf8')) as Record<string, string>;
const en = JSON.parse(readFileSync('src/i18n/catalogs/en.json', 'utf8')) as Record<string, string>;
/** The words of an English message outside its placeholders ("Successfully purchased", "Crate(s)!"). */
const englishWords = (key: string) => en[key]!.split(/\{[^}]*\}/).map((s) => s.trim()).filter((s) => /[A-Za-z]{3}/.test(s));
const jaText = (key: string, values: Record<string, string> = {}) => ja[key]!.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

test.use({ locale: 'ja-JP' });
test.describe.configure({ timeout: 150_000 });

async function openAuth(page: Page, mode: 'login' | 'signup') {
  await expect(async () => {
    await page.evaluate((m) => window.postMessage({ type: 'switchAuthMode', mode: m }, location.origin), mode);
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return page.getByRole('dialog');
}

/** Every toast's text on the page now. */
const toasts = (page: Page) => page.locator('[data-toast-area]').allInnerTexts().then((all) => all.join('\n'));

test('in Japanese: sign-up checks, the crate and airdrop toasts and the ban at log-in come from the catalog', async ({ page }) => {
  await stubGame(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await loadingScreenGone(page, 60_000);

  // Sign-up: a name that breaks the rule, then passwords that differ.
  const signup = await openAuth(page, 'signup');
  await answerAgeScreen(signup);
  await signup.getByLabel(ja['accounts.AuthModal.username']!, { exact: true }).fill('ab');
  await signup.getByLabel(ja['accounts.AuthModal.password']!, { exact: true }).fill('secret-1');
  await signup.getByLabel(ja['accounts.AuthModal.confirmPassword']!, { exact: true }).fill('secret-2');
  await signup.locator('button[type="submit"]').click();
  // Both problems at once, each under its own field.
  await expect(signup.locator('.mantine-InputWrapper-error')).toHaveText([ja['text.auth.usernameRule']!, ja['text.auth.passwordsDoNotMatch']!]);
  await signup.getByLabel(ja['accounts.AuthModal.username']!, { exact: true }).fill('valid_name');
  await expect(signup.locator('.mantine-InputWrapper-error')).toHaveText([ja['text.auth.passwordsDoNotMatch']!]);
  await expect(signup).not.toContainText('Username must');
  await expect(signup).not.toContainText('Passwords do not match');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A player with coins buys two crates: the toast is the catalog's, with the values.
  const username = `ja_${Date.now().toString(36)}`.slice(0, 20);
  const password = 'e2e-pass-1';
  await registerPlayer(page.request, username, password);
  await awardPlayer(page.request, { username, tripcoins: 1000, awardId: `e2e-words-${username}` });
  await page.reload();
  await loadingScreenGone(page, 60_000);
  await expect(async () => {
    await page.evaluate(() => window.postMessage({ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 }, location.origin));
    await expect(page.getByTestId('crate-shop')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const shop = page.getByRole('dialog');
  await expect(shop.getByTestId('total-cost')).toHaveAttribute('data-affordable', 'true');
  await shop.getByRole('button', { name: ja['crates.CrateShopModal.buy'], exact: true }).click();
  await expect.poll(() => toasts(page)).toContain(jaText('text.crate.purchased', { 0: '1', 1: 'Base Set' }));
  for (const words of [...englishWords('text.crate.purchased'), ...englishWords('text.crate.spent')]) expect(await toasts(page)).not.toContain(words);

  // The airdrop: one toast, the catalog's, no English beside it.
  await expect(async () => {
    await callShowSettings(page, 'airdrops');
    await expect(page.locator('[data-active-section="airdrops"]')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('airdrop-claim').click();
  await expect.poll(() => toasts(page)).toContain(ja['text.airdrop.claimed']);
  expect(await toasts(page)).not.toContain(en['text.airdrop.claimed']);
  await page.keyboard.press('Escape');

  // The studio bans the player; at the next log-in the refusal is in Japanese, with the studio's
  // message to the player (never the internal reason).
  const admin = await http.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  const adminName = `adm_${randomUUID().slice(0, 8)}`;
  const uuid = (await (await page.request.get('/api/whoami')).json() as { uuid: string }).uuid;
  await registerPlayer(admin, adminName, 'admin-pass-1');
  expect((await fetch(`http://127.0.0.1:${PORT + 3}/grant-admin?username=${adminName}`, { method: 'POST' })).status).toBe(200);
  expect((await admin.post('/api/admin/reauth', { data: { password: 'admin-pass-1' } })).status()).toBe(200);
  const ban = await admin.post(`/api/admin/players/${uuid}/ban`, { data: { reason: 'flagged by the cheat report', playerMessage: 'Aimbot' }, headers: { 'idempotency-key': randomUUID() } });
  expect(ban.status(), await ban.text()).toBe(200);
  await admin.dispose();
  const login = await openAuth(page, 'login');
  await login.getByLabel(ja['accounts.AuthModal.username']!, { exact: true }).fill(username);
  await login.getByLabel(ja['accounts.AuthModal.password']!, { exact: true }).fill(password);
  await login.locator('button[type="submit"]').click();
  await expect(login.getByRole('alert')).toHaveText(jaText('text.auth.banned', { 0: 'Aimbot' }), { timeout: 45_000 });
  await expect(login).not.toContainText('This account is banned');
  await expect(login).not.toContainText('cheat report');
});
