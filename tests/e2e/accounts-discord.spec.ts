// Discord on the web against tests/fakes/discord.ts: the real popup (500x700) to the fake
// authorize page, back to our /api/discord/callback, the exchange, the account decision (fuse
// with a wrong then the right password; create), a returning player signed straight in, and
// Verify Account linking Discord to a logged-in player. This spec runs its own server (the
// shared one has no Discord configured): the same product, with DISCORD_* pointing at the fake.
import { mkdirSync } from 'node:fs';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord';
import { expectNoSeriousViolations } from './axe';
import { stubGame, registerAccount, startOwnServer, type OwnServer } from './accounts-helpers';
import { expect, test, type Page } from './test';

test.describe.configure({ timeout: 150_000 });

const SHOTS = '/tmp/accounts-shots';
mkdirSync(SHOTS, { recursive: true });

let fake: FakeDiscord;
let server: OwnServer | undefined;
let base = '';

test.beforeAll(async () => {
  fake = await startFakeDiscord({ clientId: 'e2e-discord-client', clientSecret: 'e2e-discord-secret' });
  server = await startOwnServer({
    DISCORD_CLIENT_ID: 'e2e-discord-client', DISCORD_CLIENT_SECRET: 'e2e-discord-secret',
    DISCORD_API_BASE: fake.apiBase, DISCORD_AUTHORIZE_URL: fake.authorizeUrl,
  });
  base = server.base;
});

test.afterAll(async () => {
  server?.stop();
  await fake?.close();
});

async function openLogin(page: Page) {
  await expect(async () => {
    await page.evaluate(() => window.postMessage({ type: 'switchAuthMode', mode: 'login' }, location.origin));
    await expect(page.getByRole('dialog', { name: /Welcome back/ })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/** Clicks 'Continue with Discord' and checks the popup went to the authorize page as the spec says. */
async function continueWithDiscord(page: Page) {
  const login = page.getByRole('dialog', { name: /Welcome back/ });
  await expect(login.getByRole('button', { name: 'Continue with Discord' })).toBeEnabled({ timeout: 15_000 });
  const [popup] = await Promise.all([page.waitForEvent('popup'), login.getByRole('button', { name: 'Continue with Discord' }).click()]);
  const first = await popup.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight })).catch(() => null);
  await popup.waitForURL(/\/api\/discord\/callback\?/, { timeout: 15_000 });
  const back = new URL(popup.url());
  expect(back.origin).toBe(base);
  expect(back.searchParams.get('state')).toMatch(/^[0-9a-f]{64}$/);
  return { popup, size: first };
}

const whoami = (page: Page) => page.evaluate(async () => (await (await fetch('/api/whoami', { credentials: 'include' })).json()) as { username: string; verified: number });
const logout = (page: Page) => page.evaluate(async () => (await fetch('/api/logout', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' })).status);

test('Discord popup sign-in: fuse (wrong, then right password), returning player, create', async ({ page }, info) => {
  const tag = `${info.project.name.slice(0, 2)}${Date.now().toString(36).slice(-5)}`;
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png` });
  const existing = `fuse_${tag}`;
  await registerAccount(base, existing, 'fuse-pass-1');
  await stubGame(page);
  await page.goto(`${base}/`);

  // A Discord identity with no account: the decision, then Fuse Account.
  fake.setAuthorizeUser({ id: `2${Date.now()}1`, username: `dc_a_${tag}` });
  await openLogin(page);
  await shot('login-discord');
  await continueWithDiscord(page);
  const decision = page.getByRole('dialog', { name: 'Account Setup' });
  await expect(decision.getByText('Have you played here before, with a username and password?')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: /Welcome back/ })).toHaveCount(0);
  await shot('discord-decision');
  await expectNoSeriousViolations(page, '[role="dialog"]');
  // A reload does not lose the decision: the app brings it back from session storage at start.
  await page.reload();
  await expect(decision.getByText('Have you played here before, with a username and password?')).toBeVisible({ timeout: 30_000 });
  await expect(decision).toContainText(`Signed in with Discord as dc_a_${tag}.`);
  await decision.getByRole('button', { name: 'Yes, I have an account' }).click();
  const fuse = page.getByRole('dialog', { name: 'Fuse Account' });
  await expect(fuse.getByLabel('Username')).toBeVisible();
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await fuse.getByRole('button', { name: 'Link Accounts' }).click();
  await expect(fuse.getByRole('alert')).toHaveText('Please enter both username and password');
  await fuse.getByLabel('Username').fill(existing);
  await fuse.getByLabel('Password', { exact: true }).fill('wrong-password');
  await fuse.getByRole('button', { name: 'Link Accounts' }).click();
  await expect(fuse.getByRole('alert')).toHaveText('Unable to link accounts. Please check your credentials.', { timeout: 15_000 });
  await shot('discord-fuse');
  await fuse.getByLabel('Password', { exact: true }).fill('fuse-pass-1');
  await fuse.getByRole('button', { name: 'Link Accounts' }).click();
  await expect(page.getByText(`Accounts linked! Welcome back, ${existing}!`)).toBeVisible({ timeout: 15_000 });
  expect((await whoami(page)).username).toBe(existing);

  // The same Discord account again: signed straight in (existing_user), no decision.
  expect(await logout(page)).toBe(200);
  await openLogin(page);
  await continueWithDiscord(page);
  await expect(page.getByText(`Welcome back, ${existing}!`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Another Discord identity: No, I'm a new player -> an account under the suggested name.
  expect(await logout(page)).toBe(200);
  const newName = `dc_b_${tag}`;
  fake.setAuthorizeUser({ id: `3${Date.now()}1`, username: newName });
  await openLogin(page);
  await continueWithDiscord(page);
  await page.getByRole('dialog', { name: 'Account Setup' }).getByRole('button', { name: "No, I'm a new player" }).click();
  await expect(page.getByText(`Welcome to the game, ${newName}!`)).toBeVisible({ timeout: 15_000 });
  expect(await whoami(page)).toMatchObject({ username: newName });
});

test('Verify Account links Discord to the logged-in player', async ({ page }, info) => {
  const tag = `${info.project.name.slice(0, 2)}${Date.now().toString(36).slice(-5)}`;
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png` });
  const username = `vfy_${tag}`;
  await registerAccount(base, username, 'verify-pass');
  await stubGame(page);
  await page.goto(`${base}/`);
  // Log in through the API in the page (the password form is covered by accounts.spec.ts).
  await page.waitForFunction(() => document.readyState === 'complete');
  const linkedName = `dc_v_${tag}`;
  fake.setAuthorizeUser({ id: `4${Date.now()}1`, username: linkedName });
  const status = await page.evaluate(async ([u, token]) => (await fetch('/api/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: u, password: 'verify-pass', remember_me: true, turnstile_token: token }) })).status, [username, await (await import('./accounts-helpers')).altchaToken(base)] as const);
  expect(status).toBe(200);

  await expect(async () => {
    await page.evaluate(() => window.postMessage('daily spin not verified', location.origin));
    await expect(page.getByRole('dialog', { name: 'Verify Account' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const verify = page.getByRole('dialog', { name: 'Verify Account' });
  await expect(verify.getByRole('button', { name: 'Connect' })).toBeEnabled({ timeout: 15_000 });
  await shot('verify-discord');
  await expectNoSeriousViolations(page, '[role="dialog"]');
  const [popup] = await Promise.all([page.waitForEvent('popup'), verify.getByRole('button', { name: 'Connect' }).click()]);
  await popup.waitForURL(/\/api\/discord\/callback\?/, { timeout: 15_000 });
  await expect(page.getByText(`Discord connected: ${linkedName}`)).toBeVisible({ timeout: 20_000 });
  await expect(verify).toHaveCount(0);
});
