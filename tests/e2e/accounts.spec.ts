// Accounts in Chromium against the real server: sign up solving the real ALTCHA proof of work,
// the Account section, Change Password, log out, log in with the new password, and the
// airdrop claim. Screenshots of each modal and the section go to /tmp/accounts-shots/.
import { mkdirSync } from 'node:fs';
import { privateKeyToAccount } from 'viem/accounts';
import { finishLoading, stubGame, PAGE_HELD_LOADING } from './accounts-helpers';
import { expectNoSeriousViolations } from './axe';
import { expect, test, type Page } from './test';
import { loadingScreenGone, type TestWindow } from './game';
import { answerAgeScreen } from './age';

test.describe.configure({ timeout: 150_000 });

const SHOTS = '/tmp/accounts-shots';
mkdirSync(SHOTS, { recursive: true });


async function openAuth(page: Page, mode: 'login' | 'signup') {
  // The bridge installs with the shell's second chunk: repeat until the modal is there.
  await expect(async () => {
    await page.evaluate((m) => window.postMessage({ type: 'switchAuthMode', mode: m }, location.origin), mode);
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

async function showSettings(page: Page, section: string) {
  await expect(async () => {
    await page.evaluate((s) => (window as TestWindow).showSettings?.(s), section);
    await expect(page.locator(`[data-active-section="${section}"]`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/** A browser wallet (EIP-1193) backed by a real key: the page asks, Node signs with viem. */
async function injectWallet(page: Page) {
  const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
  await page.exposeFunction('__e2eSign', (message: string) => account.signMessage({ message }));
  await page.addInitScript((address) => {
    const sign = (window as unknown as { __e2eSign: (m: string) => Promise<string> }).__e2eSign;
    (window as unknown as { ethereum: unknown }).ethereum = {
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
        if (method === 'eth_chainId') return '0x1';
        if (method === 'personal_sign') return sign(String(params?.[0]));
        throw new Error(`unsupported ${method}`);
      },
    };
  }, account.address);
  return account.address;
}

async function solveBotCheck(page: Page) {
  const widget = page.locator('altcha-widget');
  await expect(widget).toBeVisible({ timeout: 20_000 });
  // The proof of work starts by itself when the form opens: the player never clicks it.
  await expect(widget.getByText(/verified/i)).toBeVisible({ timeout: 30_000 });
}

test('sign up, account section, change password, log out, log in, wallets, claim the airdrop', async ({ page }, info) => {
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png` });
  const username = `e2e_${info.project.name.slice(0, 2)}${Date.now().toString(36)}`.slice(0, 20);
  await stubGame(page, { completeWhenTold: true });
  const address = await injectWallet(page);
  await page.goto(PAGE_HELD_LOADING);

  // Sign up, with the real proof of work.
  await openAuth(page, 'signup');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Create an Account')).toBeVisible();
  await answerAgeScreen(dialog);
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill('first-pass');
  await dialog.getByLabel('Confirm password').fill('first-pass');
  await solveBotCheck(page);
  await shot('signup');
  await expectNoSeriousViolations(page, '.mantine-Modal-content');
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  // The welcome answers the player's click in a modal open over the loading screen: it shows
  // at once (a toast raised with nothing open over the loading screen waits for it to go:
  // tests/unit/toasts.test.ts).
  await expect(page.getByText(`Welcome to the game, ${username}!`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('loading-screen')).toBeVisible();
  await finishLoading(page);
  await loadingScreenGone(page, 15_000);

  // The Account section shows the new player.
  await showSettings(page, 'accounts');
  await expect(page.getByTestId('account-username')).toHaveText(username, { timeout: 15_000 });
  await expect(page.getByText('Member Since')).toBeVisible();
  await shot('account');
  await expectNoSeriousViolations(page, '[data-testid="settings-overlay"]');

  // Change Password: the client check, then the real change.
  await page.getByRole('button', { name: 'Change Password' }).click();
  const change = page.getByRole('dialog', { name: 'Change Password' });
  await change.getByLabel('Current password').fill('first-pass');
  await change.getByLabel('New password', { exact: true }).fill('abc');
  await change.getByLabel('Confirm new password').fill('abc');
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(change.getByRole('alert')).toHaveText('New password must be at least 6 characters long');
  await shot('change-password');
  await expectNoSeriousViolations(page, '.mantine-Modal-content');
  await change.getByLabel('New password', { exact: true }).fill('second-pass');
  await change.getByLabel('Confirm new password').fill('second-pass');
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible({ timeout: 15_000 });

  // Log out from the Profile card (shown by default, a player on a shared
  // computer must be able to sign out), through the spec's logout confirmation.
  await page.getByRole('button', { name: 'Log Out', exact: true }).click();
  const logoutDialog = page.getByRole('dialog', { name: 'Log out?' });
  await expect(logoutDialog).toBeVisible({ timeout: 10_000 });
  await shot('account-logout-confirm');
  await logoutDialog.getByRole('button', { name: 'Log Out', exact: true }).click();
  await expect(page.getByText('You have been logged out successfully.')).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await showSettings(page, 'accounts');
  await expect(page.getByText('You are logged out. Settings work without an account and stay on this device; log in to keep them with your account on every device.')).toBeVisible();
  await shot('account-logged-out');
  await expectNoSeriousViolations(page, '[data-testid="settings-overlay"]');

  // Log in again with the new password, from the section's Log In button.
  await page.getByRole('button', { name: 'Log In' }).click();
  const login = page.getByRole('dialog');
  await expect(login.getByText('Welcome back')).toBeVisible({ timeout: 10_000 });
  await login.getByLabel('Username').fill(username);
  await login.getByLabel('Password', { exact: true }).fill('second-pass');
  await solveBotCheck(page);
  await shot('login');
  await expectNoSeriousViolations(page, '.mantine-Modal-content');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(`Welcome back, ${username}!`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('account-username')).toHaveText(username);

  // Wallets: connect the injected wallet (a real SIWE signature), then disconnect it.
  await page.getByRole('tab', { name: 'Wallets' }).click();
  await expect(page.getByText('No Wallets Connected')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Connect New Wallet' }).click();
  await expect(page.getByText('Wallet #1')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(address)).toBeVisible();
  await expect(page.getByText('Main', { exact: true })).toBeVisible();
  await shot('wallets');
  await expectNoSeriousViolations(page, '[data-testid="settings-overlay"]');
  await page.getByRole('button', { name: 'Disconnect wallet #1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disconnect Wallet' });
  await expect(confirm.getByText('Are you sure you want to disconnect this wallet? This will remove it from your account.')).toBeVisible();
  await shot('wallet-disconnect');
  await expectNoSeriousViolations(page, '.mantine-Modal-content');
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Wallet Disconnected')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('No Wallets Connected')).toBeVisible({ timeout: 15_000 });

  // The airdrop: eligible, claim once, then claimed.
  await showSettings(page, 'airdrops');
  await expect(page.getByText('Technical Difficulties Airdrop').first()).toBeVisible();
  await page.getByRole('button', { name: 'Claim Airdrop' }).click();
  await expect(page.getByText('Airdrop Claimed!').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('airdrop-claimed')).toContainText('You received', { timeout: 15_000 });
  await expect(page.getByTestId('airdrop-reward-card')).toHaveCount(2);
  await shot('airdrop');
  await expectNoSeriousViolations(page, '[data-testid="settings-overlay"]');
});
