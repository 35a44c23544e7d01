// The market in Chromium against the real server and the demo game. Players get items and
// coins from the game-server award API, as the game would give them.
// 1. Every market modal (Marketplace shop with per-item rarity, lowest price, count and
//    sales chart, search and "My listings",
//    Confirm Purchase, Cancel Listing, List Item for Sale, Transfer Items, Items Removed, Sorry)
//    on a market prepared through the API; screenshots to /tmp/market-shots/.
// 2. A seller lists an item from the game's menu, a second player buys it from theirs, and
//    transfers it back: the items, the coins and what the game heard are checked.
import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { GAME_BUILD_FILES, SHELL_TO_GAME } from '../../contract/game';
import { BASE_SET_ITEMS } from '../../contract/items';
import { MESSAGE_TRIGGERS } from '../../demo-game/src/triggers';
import { expectNoSeriousViolations } from './axe';
import { openGame, received } from './game';
import { awardPlayer, registerPlayer } from './players';
import { expect, test, type Page } from './test';
import { settled } from './settle';

test.describe.configure({ timeout: 180_000 });

const SHOTS = '/tmp/market-shots';
mkdirSync(SHOTS, { recursive: true });
const [BLASTER, VISOR, HOODIE] = BASE_SET_ITEMS.map((i) => i.uuid) as [string, string, string];


let serial = 0;
const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`.slice(0, 20);

/** Signs up through the API (solving the real ALTCHA challenge); the context keeps the session. */
async function signUp(request: APIRequestContext, prefix: string): Promise<string> {
  const username = uniqueName(prefix);
  await registerPlayer(request, username);
  return username;
}

/** What the game server awards: coins and items. */
async function award(request: APIRequestContext, username: string, grant: { tripcoins?: number; items?: Record<string, number> }) {
  await awardPlayer(request, { username, ...grant, awardId: `e2e-${uniqueName('a')}` });
}

async function post(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(path, { data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

const inventoryOf = async (request: APIRequestContext) => (await request.get('/api/getBaseInventory')).json() as Promise<{ inventory: Record<string, string>; tripcoins: number }>;

/** Posts a trigger the way the game does (the shell queues what arrives before its bridge loads). */
async function trigger(page: Page, message: Record<string, unknown>, title: string) {
  await page.evaluate((m) => window.postMessage(m, location.origin), message);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  return dialog;
}

/** Presses a button of the demo game's in-game menu, opening the menu first. The page is busy
 * drawing software WebGL, so the button is pressed from the page once the menu shows it. */
async function fromGameMenuDialog(page: Page, label: string, title: string) {
  const testId = MESSAGE_TRIGGERS.find((t) => t.label === label)?.testId ?? label;
  const button = page.getByTestId(testId);
  if (!(await button.isVisible())) await page.getByTestId('demo-menu-toggle').click();
  await expect(button).toBeVisible({ timeout: 20_000 });
  await button.evaluate((b) => (b as HTMLButtonElement).click());
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  return dialog;
}

/** Closes the open modal with its close button (Escape would also reach the game, which opens its settings on it). */
async function closeDialog(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

const toast = (page: Page, text: string) => page.locator('[data-toast-area="economy"]').filter({ hasText: text });

test('the market modals show their texts, prices, chart and checks', async ({ page, playwright, baseURL }, info) => {
  // An item of its own per project: both projects run against one server and its data.
  const item = BASE_SET_ITEMS[3] as (typeof BASE_SET_ITEMS)[number];
  const ITEM = item.uuid;
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png` });
  // A market with history: another player sells two of an item to a third, and lists more.
  const seller = await playwright.request.newContext({ baseURL });
  const buyer = await playwright.request.newContext({ baseURL });
  const sellerName = await signUp(seller, 'mseller');
  const buyerName = await signUp(buyer, 'mbuyer');
  await award(seller, sellerName, { items: { [ITEM]: 5, [BLASTER]: 2 } });
  await award(buyer, buyerName, { tripcoins: 1000 });
  for (const price of ['10', '14.5']) {
    const { listing } = await post(seller, '/api/seaport/create-listing', { itemUuid: ITEM, priceInTripCoins: price, quantity: 1, durationDays: 30 });
    await post(buyer, '/api/seaport/buy-listing', { orderId: listing.order_id });
  }
  const forSale = await post(seller, '/api/seaport/create-listing', { itemUuid: ITEM, priceInTripCoins: '12.25', quantity: 1, durationDays: 30 });
  await post(seller, '/api/seaport/create-listing', { itemUuid: ITEM, priceInTripCoins: '99', quantity: 2, durationDays: 30 });
  await post(seller, '/api/seaport/create-listing', { itemUuid: BLASTER, priceInTripCoins: '250', quantity: 1, durationDays: 30 });

  // The player of this page has a few coins and items, and one listing of their own.
  const me = await signUp(page.request, 'mplayer');
  await award(page.request, me, { tripcoins: 100, items: { [HOODIE]: 2, [ITEM]: 1 } });
  const mine = await post(page.request, '/api/seaport/create-listing', { itemUuid: HOODIE, priceInTripCoins: '5', quantity: 1, durationDays: 30 });
  // The game's data is held back: the loading screen stays under the modals and the machine
  // does not draw WebGL in software meanwhile (this test is about the modals, not the game).
  await page.route(`**${GAME_BUILD_FILES.dataUrl}`, () => undefined);
  await page.goto('/');

  // Marketplace: per item the lowest price, how many are listed, the chart of recent sales.
  const market = await trigger(page, { type: 'SHOW_MARKETPLACE_MODAL', modalType: 'buy' }, 'Marketplace');
  const visor = market.getByRole('region', { name: item.name });
  await expect(visor.getByTestId('market-lowest')).toHaveText('Ŧ12.25', { timeout: 20_000 });
  // Items on sale, not listings: one listing of one and one of two.
  await expect(visor.getByTestId('market-count')).toHaveText('3 items on sale');
  await expect(visor.getByTestId('price-chart')).toHaveAttribute('data-sales', '2');
  await expect(visor.getByRole('img', { name: new RegExp(`Price history of ${item.name}: 2 recent sales, from Ŧ10.00 to Ŧ14.50`) })).toBeVisible();
  await expect(market.getByTestId('market-balance')).toHaveText('Balance: Ŧ100.00');
  await expect(visor.getByTestId('market-rarity')).toHaveText(item.name === 'Circuit Boots' ? 'Common' : 'Uncommon');
  await shot('marketplace');
  await expectNoSeriousViolations(page, '[role="dialog"]');
  // The shop's search narrows the grid to the matching cards; "My listings" has the player's own
  // listing, with Cancel instead of Buy (the card shows the cheapest listing of another player).
  await market.getByRole('searchbox', { name: 'Search' }).fill(item.name.slice(0, 6).toLowerCase());
  await expect(market.getByTestId('market-item')).toHaveCount(1);
  await expect(market.getByTestId('market-item')).toHaveAttribute('aria-label', item.name);
  await market.getByRole('searchbox', { name: 'Search' }).fill('');
  await market.getByRole('tab', { name: 'My listings' }).click();
  const own = market.getByTestId('my-listing');
  await expect(own).toHaveCount(1);
  await expect(own.getByRole('button', { name: 'Cancel listing of Trip Hoodie for Ŧ5.00' })).toBeVisible();
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await market.getByRole('tab', { name: 'Shop' }).click();

  // Buy is refused before any request when the balance is short.
  await market.getByRole('button', { name: /^Buy Pixel Blaster for Ŧ250.00/ }).first().click();
  await expect(toast(page, 'You need Ŧ250.00 but only have Ŧ100.00')).toBeVisible();
  // Confirm Purchase from the list, and back.
  await market.getByRole('button', { name: new RegExp(`^Buy ${item.name} for Ŧ12.25`) }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Purchase' });
  await expect(confirm.getByTestId('listing-price')).toHaveText('Ŧ12.25');
  await expect(confirm.getByText(`Seller: ${sellerName}`)).toBeVisible();
  await shot('confirm-purchase');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Marketplace' })).toBeVisible();
  await closeDialog(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Confirm Purchase opened by the game: an unaffordable listing disables the button.
  const expensive = await trigger(page, { type: 'SHOW_MARKETPLACE_LISTING_MODAL', listingId: forSale.listing.order_id, modalType: 'buyConfirm' }, 'Confirm Purchase');
  await expect(expensive.getByRole('button', { name: 'Confirm Purchase' })).toBeEnabled();
  await closeDialog(page);
  const blaster = (await (await page.request.get(`/api/seaport/listings?itemUuid=${BLASTER}&page_size=1000`)).json()).listings[0];
  const short = await trigger(page, { type: 'SHOW_MARKETPLACE_LISTING_MODAL', listingId: blaster.order_id, modalType: 'buyConfirm' }, 'Confirm Purchase');
  await expect(short.getByRole('alert')).toHaveText('Insufficient TripCoins. You need Ŧ250.00 but only have Ŧ100.00');
  await expect(short.getByRole('button', { name: 'Confirm Purchase' })).toBeDisabled();
  await shot('confirm-purchase-short');
  await closeDialog(page);

  // Cancel Listing of the player's own listing.
  const cancel = await trigger(page, { type: 'SHOW_MARKETPLACE_LISTING_MODAL', listingId: mine.listing.order_id, modalType: 'cancelConfirm' }, 'Cancel Listing');
  await expect(cancel.getByText('Are you sure you want to cancel this listing?', { exact: false })).toBeVisible();
  await shot('cancel-listing');
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await closeDialog(page);

  // List Item for Sale: the item's market, 30 days, free, and the price checks.
  const sell = await trigger(page, { type: 'SHOW_MARKETPLACE_MODAL', modalType: 'sell', itemUuid: ITEM }, 'List Item for Sale');
  await expect(sell.getByTestId('sell-market')).toContainText('Lowest listing Ŧ12.25 · 3 items on sale');
  await sell.getByRole('textbox', { name: 'Price' }).fill('3.999');
  await sell.getByRole('button', { name: 'List Item' }).click();
  await expect(sell.getByRole('alert')).toHaveText('Maximum 2 decimal places allowed');
  await shot('sell');
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await closeDialog(page);

  // Transfer Items: a search on Enter, and the quantity check.
  const transfer = await trigger(page, { type: 'SHOW_MARKETPLACE_MODAL', modalType: 'transfer', itemUuid: ITEM }, 'Transfer Items');
  const recipient = transfer.getByRole('textbox', { name: /Recipient/ });
  await recipient.fill(sellerName);
  await recipient.press('Enter');
  await transfer.getByRole('button', { name: `Send to ${sellerName}` }).click();
  await transfer.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(transfer.getByRole('alert')).toHaveText('You only have 1 of this item.');
  await shot('transfer');
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await closeDialog(page);

  // Items Removed and Sorry.
  const removed = await trigger(page, { type: 'SHOW_REMOVED_ITEMS_MODAL', removedItems: [{ itemUuid: VISOR, quantity: 2 }, { name: 'Rusty Knife', quantity: 1 }] }, 'Items Removed');
  await expect(removed.getByTestId('removed-items')).toHaveText(/Neon Visor ×2.*Rusty Knife ×1/);
  await shot('removed-items');
  await removed.getByRole('button', { name: 'OK' }).click();
  const sorry = await trigger(page, { type: 'SHOW_SORRY_POPUP' }, 'Sorry!');
  await shot('sorry');
  await sorry.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await seller.dispose();
  await buyer.dispose();
});

test('list an item from the game, buy it as a second player, transfer it back', async ({ browser, page }) => {
  // Two players each load the game (software WebGL): this test gets more time than the rest.
  test.setTimeout(300_000);
  const started = Date.now();
  const lap = (what: string) => console.log(`[market e2e] ${what} after ${Math.round((Date.now() - started) / 1000)} s`);
  // The seller, in this page.
  const seller = await signUp(page.request, 'eseller');
  await award(page.request, seller, { items: { [VISOR]: 2 } });
  await openGame(page);
  lap('seller game loaded');
  const sell = await fromGameMenuDialog(page, 'Marketplace: sell', 'List Item for Sale');
  await sell.getByRole('combobox', { name: 'Item' }).click();
  await page.getByRole('option', { name: 'Neon Visor (×2)' }).click();
  await sell.getByRole('textbox', { name: 'Price' }).fill('42.50');
  await sell.getByRole('button', { name: 'List Item' }).click();
  await expect(toast(page, 'Item listed for sale')).toBeVisible({ timeout: 15_000 });
  await expect(sell).toBeHidden();
  await expect.poll(async () => (await received(page)).map((m) => `${m.method} ${m.value ?? ''}`)).toEqual(expect.arrayContaining([
    SHELL_TO_GAME.refreshMarketplace + ' ', `${SHELL_TO_GAME.itemData} ${JSON.stringify({ itemUuid: VISOR })}`,
  ]));
  expect((await inventoryOf(page.request)).inventory[VISOR]).toBe('1');
  await page.goto('about:blank'); // stop its game: the machine draws WebGL in software

  // The buyer, in a second browser context.
  const context = await browser.newContext();
  const buyerPage = await context.newPage();
  const buyer = await signUp(buyerPage.request, 'ebuyer');
  await award(buyerPage.request, buyer, { tripcoins: 100 });
  await openGame(buyerPage);
  lap('buyer game loaded');
  const market = await fromGameMenuDialog(buyerPage, 'Marketplace: buy', 'Marketplace');
  // The card offers the lowest listing, which another test's seller may hold: the seller's is on
  // the item's page of every listing.
  await market.getByRole('region', { name: 'Neon Visor' }).getByRole('button', { name: /listings of Neon Visor/ }).click();
  const visor = market.getByTestId('market-item-page');
  await expect(visor.getByRole('button', { name: `Buy Neon Visor for Ŧ42.50 from ${seller}` })).toBeVisible({ timeout: 45_000 });
  await visor.getByRole('button', { name: `Buy Neon Visor for Ŧ42.50 from ${seller}` }).click();
  const confirm = buyerPage.getByRole('dialog', { name: 'Confirm Purchase' });
  await expect(confirm.getByTestId('listing-balance')).toHaveText('Ŧ100.00');
  await confirm.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(toast(buyerPage, 'Purchase successful!')).toBeVisible({ timeout: 15_000 });
  // Back on the list: the listing is gone, the balance and the sales chart are fresh.
  await expect(buyerPage.getByRole('dialog', { name: 'Marketplace' }).getByTestId('market-balance')).toHaveText('Balance: Ŧ57.50', { timeout: 15_000 });
  await expect(buyerPage.getByRole('button', { name: `Buy Neon Visor for Ŧ42.50 from ${seller}` })).toHaveCount(0);
  const bought = await inventoryOf(buyerPage.request);
  expect(bought).toEqual({ inventory: { [VISOR]: '1' }, tripcoins: 57.5 });
  expect((await received(buyerPage)).map((m) => m.method)).toEqual(expect.arrayContaining([SHELL_TO_GAME.refreshMarketplace, SHELL_TO_GAME.itemData]));
  await closeDialog(buyerPage);

  // ... and gives it back to the seller.
  const transfer = await fromGameMenuDialog(buyerPage, 'Marketplace: transfer', 'Transfer Items');
  await transfer.getByRole('combobox', { name: 'Item' }).click();
  await buyerPage.getByRole('option', { name: 'Neon Visor (×1)' }).click();
  const recipient = transfer.getByRole('textbox', { name: /Recipient/ });
  await recipient.fill(seller);
  await recipient.press('Enter');
  // Pressed from the page: the busy page never reports the button "stable" for a pointer click.
  await transfer.getByRole('button', { name: `Send to ${seller}` }).evaluate((b) => (b as HTMLButtonElement).click());
  await expect(transfer.getByTestId('transfer-recipient')).toHaveText(`Sending to ${seller}`);
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(toast(buyerPage, 'NFT transfer successful!')).toBeVisible({ timeout: 15_000 });
  await expect(transfer).toBeHidden();
  expect((await inventoryOf(buyerPage.request)).inventory[VISOR] ?? '0').toBe('0');
  lap('transferred');
  await context.close();

  // The seller was paid and has the Visor back.
  const sellerInventory = await inventoryOf(page.request);
  expect(sellerInventory).toEqual({ inventory: { [VISOR]: '2' }, tripcoins: 42.5 });
});

test('Sell and Transfer open with the item picker closed, over nothing; it opens when the player asks', async ({ page }) => {
  // Regression guard: the searchable item picker had the first focus, and a searchable Select
  // opens on focus, so its list covered the quantity and price fields before the player did
  // anything (on a phone it covered most of the modal).
  const me = await signUp(page.request, 'mpicker');
  await award(page.request, me, { items: { [HOODIE]: 2, [VISOR]: 1 } });
  await page.route(`**${GAME_BUILD_FILES.dataUrl}`, () => undefined);
  await page.goto('/');
  for (const [modalType, title, field] of [['sell', 'List Item for Sale', 'Price'], ['transfer', 'Transfer Items', 'Quantity']] as const) {
    const dialog = await trigger(page, { type: 'SHOW_MARKETPLACE_MODAL', modalType }, title);
    const picker = dialog.getByRole('combobox', { name: 'Item', exact: true });
    await expect(picker).toHaveAttribute('placeholder', 'Select an item', { timeout: 20_000 });
    await expect(picker).toBeFocused(); // still the first focus (keyboard players start there)
    await settled(page); // a list that opens by itself has opened by now
    await expect(page.getByRole('listbox')).toHaveCount(0);
    // What the player sees at the field's centre is the field itself, not a list over it.
    const input = dialog.getByRole('textbox', { name: field });
    const onTop = await input.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === el;
    });
    expect(onTop, `${field} is covered`).toBe(true);
    // Asked for: a tap or click opens it, and a pick closes it.
    await picker.click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.getByRole('option', { name: /Trip Hoodie/ }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(picker).toHaveValue(/Trip Hoodie/);
    // The keyboard way: ArrowDown opens it too.
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await closeDialog(page);
  }
});
