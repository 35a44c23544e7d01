// Crates and coin flips in Chromium against the real server and the demo game, opened from the
// game's menu as a player would: buy crates in the Crate Shop (the game hears OnBuySuccess),
// open one (the game hears OnItemData), and a coin flip created by one player and accepted by
// another in a second browser context, both seeing the provably fair result. Players are
// registered through the API (solving the real ALTCHA proof of work) and paid by the game-server
// award API. Screenshots of every modal go to /tmp/crates-shots/.
import { mkdirSync } from 'node:fs';
import { SHELL_TO_GAME } from '../../contract/game';
import { ITEM_IDS } from '../../contract/items';
import { expectKeyboardReachable, expectNoSeriousViolations } from './axe';
import { fromGameMenu, openGame, received } from './game';
import { awardPlayer, registerPlayer } from './players';
import { expect as baseExpect, test, type Page } from './test';

// Software WebGL at 1-5 fps shares the CPU with the shell here: answers get a generous wait.
const expect = baseExpect.configure({ timeout: 20_000 });

// The game renders at 1-5 fps and the CPU is shared: each test gets five minutes.
test.describe.configure({ timeout: 300_000 });

const SHOTS = '/tmp/crates-shots';
mkdirSync(SHOTS, { recursive: true });

/** A fresh logged-in player in this page's browser context, with `tripcoins` awarded. */
async function newPlayer(page: Page, prefix: string, tripcoins: number): Promise<string> {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
  await registerPlayer(page.request, username);
  await awardPlayer(page.request, { username, tripcoins, awardId: `e2e-crates-${username}` });
  return username;
}

/** axe (no serious or critical findings) and Tab reaching every control, scoped to the open modal. */
async function checkA11y(page: Page): Promise<void> {
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await expectKeyboardReachable(page, '[role="dialog"]');
}

test('buy crates in the Crate Shop and open one, from the game menu', async ({ page }, info) => {
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png` });
  await newPlayer(page, 'crt', 1000);
  await openGame(page);

  // The Base Set shop: supply, odds, the Base Set II announcement; BUY 2.
  await fromGameMenu(page, 'Crate shop (v0)', 'Base Set Crate Shop');
  const shop = page.getByRole('dialog');
  await expect(shop.getByTestId('remaining-supply')).toHaveText(/^[\d,]+\/[\d,]+$/);
  await expect(shop.getByTestId('crate-odds')).toContainText('%');
  // Its release is behind us: said in the past tense, in the player's own time zone.
  await expect(shop.getByTestId('base-set-2-announcement')).toContainText('Available since');
  await expect(shop.getByText('Ŧ1,000.00')).toBeVisible();
  await shop.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(shop.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  await expect(shop.getByTestId('total-cost')).toHaveText('Ŧ200.00');
  await expect(shop.getByTestId('total-cost')).toHaveAttribute('data-affordable', 'true');
  await shot('crate-shop');
  await checkA11y(page);
  // Too many for the balance: red total, the note, BUY disabled.
  await shop.getByRole('spinbutton', { name: 'Quantity' }).fill('11');
  await expect(shop.getByTestId('total-cost')).toHaveAttribute('data-affordable', 'false');
  await expect(shop.getByTestId('insufficient-note')).toHaveText('Insufficient balance (need Ŧ100.00 more)');
  await expect(shop.getByRole('button', { name: 'BUY' })).toBeDisabled();
  await shot('crate-shop-insufficient');
  await checkA11y(page);
  // The Base Set II shop, from the same modal.
  await shop.getByRole('button', { name: 'View Base Set II Crates' }).click();
  await expect(shop.getByText('Base Set II Crate Shop', { exact: true })).toBeVisible();
  await expect(shop.getByTestId('crate-price')).toHaveText('Ŧ300.00');
  await shot('crate-shop-v2');
  await checkA11y(page);
  await shop.getByText('Base Set', { exact: true }).click();
  await expect(shop.getByText('Base Set Crate Shop', { exact: true })).toBeVisible();
  await shop.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await shop.getByRole('button', { name: 'BUY' }).click();
  await expect(page.getByText('Successfully purchased 2 Base Set Crate(s)!')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Spent 200.00 TC')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(async () => (await received(page)).filter((m) => m.method === SHELL_TO_GAME.buySuccess).map((m) => m.value))
    .toContainEqual(JSON.stringify({ quantity: 2, crateVersionId: 0 }));

  // Open one: 'You Got:', Continue reloads the count.
  await fromGameMenu(page, 'Open crates', 'Open Base Set Crates');
  const open = page.getByRole('dialog');
  await expect(open.getByTestId('owned-badge')).toHaveText('2 Owned');
  await expect(open.getByText('Open a crate to receive a random Base Set item!')).toBeVisible();
  await shot('crate-open');
  await checkA11y(page);
  await open.getByRole('button', { name: 'Open 1 Crate' }).click();
  await expect(open.getByText('You Got:')).toBeVisible({ timeout: 15_000 });
  const won = await open.getByTestId('won-item').textContent();
  expect(won).toBeTruthy();
  await shot('crate-result');
  await checkA11y(page);
  await expect.poll(async () => (await received(page)).filter((m) => m.method === SHELL_TO_GAME.itemData).map((m) => m.value))
    .toContainEqual(JSON.stringify({ itemUuid: ITEM_IDS.baseSetCrate }));
  await open.getByRole('button', { name: 'Continue' }).click();
  await expect(open.getByTestId('owned-badge')).toHaveText('1 Owned');
  await open.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The coin flip modal's checks (the two-player flip is the next test).
  await fromGameMenu(page, 'Coin flip', 'Create Coin Flip Wager');
  const flip = page.getByRole('dialog');
  await flip.getByLabel(/Wager amount/).fill('9.5');
  await flip.getByRole('button', { name: 'Create Wager' }).click();
  await expect(flip.getByText('Minimum wager is 10 TC')).toBeVisible();
  await flip.getByLabel(/Wager amount/).fill('900');
  await flip.getByRole('button', { name: 'Create Wager' }).click();
  await expect(flip.getByText('Insufficient balance. You have 800.00 TC')).toBeVisible();
  await shot('coinflip-validation');
  await checkA11y(page);
});

test('a coin flip created by one player and accepted by another, from the game menu', async ({ page, browser }) => {
  // Two games render at once here: give it the time of two.
  test.setTimeout(420_000);
  const shot = (p: Page, name: string) => p.screenshot({ path: `${SHOTS}/desktop-${name}.png` });
  const creatorName = await newPlayer(page, 'cfa', 500);
  const otherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const other = await otherContext.newPage();
  try {
    await newPlayer(other, 'cfb', 500);
    await Promise.all([openGame(page), openGame(other)]);

    // The creator offers Ŧ123.45 on Tails.
    await fromGameMenu(page, 'Coin flip', 'Create Coin Flip Wager');
    const flip = page.getByRole('dialog');
    await shot(page, 'coinflip-empty');
    await expect(flip.getByTestId('coinflip-balance')).toHaveText('Ŧ500.00', { timeout: 20_000 });
    await flip.getByLabel(/Wager amount/).fill('123.45');
    await flip.getByLabel('Tails').check();
    await flip.getByRole('button', { name: 'Create Wager' }).click();
    await expect(page.getByText('Coin flip offer created')).toBeVisible({ timeout: 15_000 });
    await expect(flip.getByTestId('my-wager-hash')).toHaveAttribute('data-hash', /^[0-9a-f]{64}$/);
    const hash = await flip.getByTestId('my-wager-hash').getAttribute('data-hash');
    await expect(flip.getByTestId('coinflip-balance')).toHaveText('Ŧ376.55');
    await expect(flip.getByRole('button', { name: 'Cancel your wager of Ŧ123.45' })).toBeVisible();
    // Reset and locked until the player starts another.
    await expect(flip.getByLabel(/Wager amount/)).toBeDisabled();
    await expect(flip.getByRole('button', { name: 'Start another wager' })).toBeVisible();
    await shot(page, 'coinflip-created');
    await checkA11y(page);

    // The other player accepts it.
    await fromGameMenu(other, 'Coin flip', 'Create Coin Flip Wager');
    const otherFlip = other.getByRole('dialog');
    const accept = otherFlip.getByRole('button', { name: `Accept ${creatorName}'s wager of Ŧ123.45` });
    await expect(accept).toBeVisible({ timeout: 15_000 });
    await other.screenshot({ path: `${SHOTS}/desktop-coinflip-open-wagers.png` });
    await accept.click();
    const result = otherFlip.getByTestId('coinflip-result');
    await expect(result).toBeVisible({ timeout: 15_000 });
    await expect(result.getByTestId('seed-hash')).toHaveAttribute('data-hash', hash ?? '');
    await expect(result.getByTestId('server-seed')).toHaveAttribute('data-hash', /^\S{16,}$/);
    await expect(result.getByTestId('fairness')).toContainText('Verified');
    const acceptorWon = (await result.getAttribute('data-won')) === 'true';
    await expect(otherFlip.getByTestId('coinflip-balance')).toHaveText(acceptorWon ? 'Ŧ623.45' : 'Ŧ376.55');
    await other.screenshot({ path: `${SHOTS}/desktop-coinflip-acceptor-result.png` });
    await checkA11y(other);

    // The creator sees the settled result too, with the same seed.
    const creatorResult = flip.getByTestId('coinflip-result');
    await expect(creatorResult).toBeVisible({ timeout: 15_000 });
    await expect(creatorResult).toHaveAttribute('data-won', String(!acceptorWon));
    await expect(creatorResult.getByTestId('fairness')).toContainText('Verified');
    await expect(flip.getByTestId('coinflip-balance')).toHaveText(acceptorWon ? 'Ŧ376.55' : 'Ŧ623.45');
    await shot(page, 'coinflip-result');
  } finally {
    await otherContext.close();
  }
});
