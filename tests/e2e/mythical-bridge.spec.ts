// The Mythical Bridge modal in Chromium, opened from the demo game's menu by a logged-in player.
// The e2e server (tests/e2e/server.ts) runs a local ganache chain with the test token contract,
// so the whole flow is real: a ticket from the game-server award API, a wallet linked by its
// SIWE signature, the marketplace lookup (the fake), the burn and the on-chain transfer, read
// back from the chain. Also: the way to link a wallet for a player without one, the address
// check, and the "not configured" red box (the server's 503 itself is covered by
// tests/api/bridge.test.ts). Screenshots go to /tmp/bridge-shots/.
import { mkdirSync } from 'node:fs';
import { createPublicClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { BRIDGE_TEXT } from '../../contract/bridge';
import { ITEM_IDS } from '../../contract/items';
import { unavailable } from '../../server/errors';
import { E2E_CONTRACT, e2eRpcUrl } from '../chain/e2eChain';
import { balanceAbi, TOKEN_ID } from '../chain/localChain';
import { expectKeyboardReachable, expectNoSeriousViolations } from './axe';
import { awardPlayer, registerPlayer } from './players';
import { expect, test, type Page } from './test';
import { loadingScreenGone, type TestWindow } from './game';

// Software WebGL draws a frame or two per second here: the game's tests get more than a minute.
test.describe.configure({ timeout: 200_000 });

const SHOTS = '/tmp/bridge-shots';
mkdirSync(SHOTS, { recursive: true });


/** A fresh player, registered through the API: the page's cookies log it in. */
async function newPlayer(page: Page, project: string): Promise<string> {
  const username = `br_${project.slice(0, 2)}${Date.now().toString(36)}`.slice(0, 20);
  await registerPlayer(page.request, username);
  return username;
}

/** Loads the shell and the demo game, then opens the Mythical Bridge from the game's menu. */
async function openBridgeFromGame(page: Page) {
  await page.goto('/');
  await loadingScreenGone(page, 45_000);
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
  return dialog;
}

/**
 * Holds requests matching `pattern` (they still go to the real server) until the returned
 * function is called: the test sees the in-between state ('Verifying...', 'Finalizing...').
 */
async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(pattern, async (route) => { await released; await route.continue(); });
  return release;
}

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

test('the Mythical Bridge from the game menu: no wallet, address check, not configured', async ({ page }, info) => {
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png` });
  await newPlayer(page, info.project.name);
  const dialog = await openBridgeFromGame(page);

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

  // A server without a chain answers 503 with its text (this e2e server has one, so that one
  // answer is the server's own error body): the text is in the red box.
  await page.route('**/api/mythicalBridgeVerify/**', (route) => route.fulfill({ status: 503, json: unavailable(BRIDGE_TEXT.notConfigured).body() }));
  await input.fill(WALLET);
  await input.press('Enter');
  await expect(dialog.getByTestId('bridge-error')).toHaveText(BRIDGE_TEXT.notConfigured, { timeout: 15_000 });
  expect(verifies).toHaveLength(1);
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await shot('not-configured');

  // The way to link a wallet: the settings overlay replaces the modal, on Account → Wallets.
  await dialog.getByRole('button', { name: 'Link a wallet' }).click();
  await expect(page.locator('[data-active-section="accounts"]')).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Wallets' })).toHaveAttribute('aria-selected', 'true', { timeout: 15_000 });
  await expect(page.getByText('Connected Wallets')).toBeVisible({ timeout: 15_000 });
  await shot('wallets-tab');
});

test('the Mythical Bridge end to end: a ticket becomes a token on chain, with the explorer link', async ({ page, baseURL }, info) => {
  const origin = baseURL ?? '';
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${info.project.name}-flow-${name}.png` });
  const username = await newPlayer(page, info.project.name);

  // The game server awards a Mythical Ticket.
  await awardPlayer(page.request, { username, items: { [ITEM_IDS.mythicalTicket]: 1 }, awardId: `e2e-bridge-${username}` });
  const tickets = async () => {
    const inventory = await page.request.get('/api/getBaseInventory');
    expect(inventory.status()).toBe(200);
    return (await inventory.json() as { inventory: Record<string, string> }).inventory[ITEM_IDS.mythicalTicket] ?? '0';
  };
  expect(await tickets()).toBe('1');

  // A wallet of the player's own, linked for real: the server's SIWE message, signed by its key.
  const wallet = privateKeyToAccount(generatePrivateKey());
  const nonce = await page.request.post('/api/wallet/nonce', { data: { address: wallet.address }, headers: { origin } });
  expect(nonce.status(), await nonce.text()).toBe(200);
  const { message } = await nonce.json() as { message: string };
  const linked = await page.request.post('/api/wallet/link', { data: { message, signature: await wallet.signMessage({ message }) }, headers: { origin } });
  expect(linked.status(), await linked.text()).toBe(200);

  // The fake marketplace's profile picture, served here (it has no server of its own).
  await page.route('https://img.example/**', (route) => route.fulfill({
    contentType: 'image/svg+xml',
    body: '<svg xmlns="http://www.w3.org/2000/svg" width="72" height="72"><rect width="72" height="72" fill="#7b3fe4"/><circle cx="36" cy="30" r="14" fill="#f3d36b"/></svg>',
  }));

  const dialog = await openBridgeFromGame(page);

  // Step 1: the linked wallet is picked with one click, then Continue → 'Verifying...'.
  await dialog.getByRole('button', { name: `Use wallet #1 ${wallet.address}` }).click({ timeout: 15_000 });
  await expect(dialog.getByLabel(/Wallet address/)).toHaveValue(wallet.address);
  await shot('1-address');
  const releaseVerify = await holdRequests(page, '**/api/mythicalBridgeVerify/**');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
  await shot('2-verifying');
  releaseVerify();

  // Step 2: the marketplace profile of that wallet.
  await expect(dialog.getByRole('heading', { name: 'Confirm that this is you' })).toBeVisible({ timeout: 15_000 });
  const profileName = `relic_${wallet.address.slice(2, 10).toLowerCase()}`;
  await expect(dialog.getByTestId('bridge-profile-username')).toHaveText(profileName);
  await expect(dialog.getByText(wallet.address.toLowerCase())).toBeVisible();
  await expect(dialog.getByText('Collector of ancient relics.')).toBeVisible();
  await expect(dialog.getByText('Member since April 5, 2023')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Social accounts' })).toContainText('twitter');
  const picture = dialog.getByRole('img', { name: profileName });
  await expect(picture).toHaveAttribute('src', `https://img.example/${profileName}.png`);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await shot('3-confirm-profile');
  await dialog.getByRole('button', { name: 'YES THIS IS ME' }).click();

  // Step 3: Final Confirmation → 'Finalizing...' → 'Complete!'.
  await expect(dialog.getByRole('heading', { name: 'Final Confirmation' })).toBeVisible();
  await expect(dialog.getByText(wallet.address, { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await shot('4-final-confirmation');
  const releaseFinalize = await holdRequests(page, '**/api/mythicalBridgeFinalize');
  await dialog.getByRole('button', { name: 'Finalize Airdrop' }).click();
  await expect(dialog.getByRole('button', { name: 'Finalizing...' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Go Back' })).toBeDisabled();
  await shot('5-finalizing');
  const finalized = page.waitForResponse('**/api/mythicalBridgeFinalize');
  releaseFinalize();
  const answer = await (await finalized).json() as { transactionHash: Hex; explorerUrl: string };
  expect(answer.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);

  // Step 4, its own: the heading 'Transaction Complete!', a toast, Done; no Go Back.
  const success = dialog.getByTestId('bridge-success');
  await expect(success.getByRole('heading', { name: BRIDGE_TEXT.complete })).toBeVisible({ timeout: 15_000 });
  await expect(success).toContainText(answer.transactionHash);
  await expect(page.locator('[data-toast-area="economy"]').filter({ hasText: BRIDGE_TEXT.complete })).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Go Back' })).toHaveCount(0);
  // Sent, then confirmed once the chain has mined it (the modal asks the server's status).
  await expect(success.getByTestId('bridge-status')).toHaveAttribute('data-status', 'confirmed', { timeout: 15_000 });
  await expect(success).toContainText('The transfer is confirmed on chain.');
  const link = success.getByRole('link', { name: 'View the transaction on the block explorer' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tx\/0x[0-9a-f]{64}$/);
  expect(href?.endsWith(`/tx/${answer.transactionHash}`)).toBe(true);
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await shot('6-complete');

  // The chain: the transaction succeeded, on the token contract, and the token arrived.
  const chain = createPublicClient({ transport: http(e2eRpcUrl(Number(new URL(origin).port))) });
  const receipt = await chain.getTransactionReceipt({ hash: answer.transactionHash });
  expect(receipt.status).toBe('success');
  expect(receipt.to?.toLowerCase()).toBe(E2E_CONTRACT.toLowerCase());
  expect(await chain.readContract({ address: E2E_CONTRACT, abi: balanceAbi, functionName: 'balanceOf', args: [wallet.address, TOKEN_ID] })).toBe(1n);
  // The ticket is gone from the player's inventory.
  expect(await tickets()).toBe('0');

  // The explorer link leads to that transaction, successful.
  const opened = page.waitForEvent('popup');
  await link.click();
  const explorer = await opened;
  await expect(explorer.getByRole('row', { name: /Hash/ })).toContainText(answer.transactionHash);
  await expect(explorer.getByRole('row', { name: /Status/ })).toContainText('success');
  await explorer.screenshot({ path: `${SHOTS}/${info.project.name}-flow-7-explorer.png` });
  await explorer.close();
});
