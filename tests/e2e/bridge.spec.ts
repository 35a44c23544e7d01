// The Mythical Bridge modal in Chromium, opened from the demo game's menu by a logged-in player:
// the way to link a wallet for a player without one, the address check, and the server's
// "not configured" answer in the red box (the e2e server has no chain; the transfer itself is
// covered by tests/api/bridge.test.ts against a local chain; the later steps by the machine and
// component tests). Screenshots go to /tmp/bridge-shots/.
import { mkdirSync } from 'node:fs';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { BRIDGE_TEXT } from '../../contract/bridge';
import { expectKeyboardReachable, expectNoSeriousViolations } from './axe';
import { expect, test, type Page } from './test';

// Software WebGL draws a frame or two per second here: the game's tests get more than a minute.
test.describe.configure({ timeout: 200_000 });

const SHOTS = '/tmp/bridge-shots';
mkdirSync(SHOTS, { recursive: true });

type TestWindow = Window & { __demoGame?: { state(): unknown } };

/** Registers a fresh player through the API (solving the real ALTCHA challenge): the page's cookies log it in. */
async function registerPlayer(page: Page, baseURL: string, project: string): Promise<string> {
  const challenge = await (await page.request.get('/api/altcha/challenge')).json();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  expect(solution).toBeTruthy();
  const username = `br_${project.slice(0, 2)}${Date.now().toString(36)}`.slice(0, 20);
  const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const response = await page.request.post('/api/register', { data: { username, password: 'bridge-pass', turnstile_token: token }, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
  return username;
}

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

test('the Mythical Bridge from the game menu: no wallet, address check, not configured [both]', async ({ page, baseURL }, info) => {
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png` });
  await registerPlayer(page, baseURL ?? '', info.project.name);
  await page.goto('/');
  await expect(page.getByTestId('loading-screen')).toHaveCount(0, { timeout: 45_000 });
  await page.waitForFunction(() => typeof (window as TestWindow).__demoGame?.state === 'function', undefined, { timeout: 30_000 });

  // The game's menu raises SHOW_MYTHICAL_BRIDGE_MODAL.
  await page.getByTestId('demo-menu-toggle').click();
  const trigger = page.getByTestId('demo-trigger-SHOW_MYTHICAL_BRIDGE_MODAL');
  const dialog = page.getByRole('dialog', { name: 'Mythical Bridge' });
  // The shell's second chunk and the modal's own load on demand: press again until it is there.
  await expect(async () => {
    if (!(await dialog.isVisible())) await trigger.click({ timeout: 10_000 });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 60_000 });

  // No linked wallet: the way to link one is shown.
  await expect(dialog.getByTestId('bridge-no-wallet')).toContainText('No wallet linked yet', { timeout: 15_000 });
  await expect(dialog.getByRole('button', { name: 'Link a wallet' })).toBeVisible();

  // The address check: nothing reaches the server for a bad address.
  const verifies: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/mythicalBridgeVerify/')) verifies.push(r.url()); });
  const input = dialog.getByLabel(/Wallet address/);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(BRIDGE_TEXT.invalidWallet)).toBeVisible();
  await input.fill('0x123');
  await input.press('Enter');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(BRIDGE_TEXT.invalidWallet)).toBeVisible();
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await expectKeyboardReachable(page, '[role="dialog"]');
  await shot('invalid');
  expect(verifies).toEqual([]);

  // A valid address reaches the server, which says the bridge is not configured: red box.
  await input.fill(WALLET);
  await input.press('Enter');
  await expect(dialog.getByTestId('bridge-error')).toHaveText(BRIDGE_TEXT.notConfigured, { timeout: 15_000 });
  expect(verifies).toHaveLength(1);
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await shot('not-configured');

  // The way to link a wallet: the settings overlay replaces the modal, on the Account section.
  await dialog.getByRole('button', { name: 'Link a wallet' }).click();
  await expect(page.locator('[data-active-section="accounts"]')).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toHaveCount(0);
  await page.getByRole('tab', { name: 'Wallets' }).click();
  await expect(page.getByText('Connected Wallets')).toBeVisible({ timeout: 15_000 });
  await shot('wallets-tab');
});
