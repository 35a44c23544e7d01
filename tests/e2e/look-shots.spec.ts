// Screenshots of every overlay and modal a player sees, desktop and phone, for a person to look
// at when the look changes (logged out: auth, Sell, Transfer, the
// bridge and the crate shop; logged in: every settings section with content, Change Password,
// the logout confirmation, both crate shops, crate opening, coin flip, the market modals with the
// item picker open, the bridge, Items Removed, Sorry, profile, level progress, release notes):
// written to $LOOK_SHOTS_DIR
// (/tmp/shots-look/current by default). Only with LOOK_SHOTS=1: it opens a dozen screens over the
// running game and is a tool, not a check, so `npm test` skips it.
//   npm run build && LOOK_SHOTS=1 LOOK_SHOTS_DIR=/tmp/shots-look/after E2E_PORT=9001 \
//     npx playwright test tests/e2e/look-shots.spec.ts
// LOOK_LOCALE=de (or ja, ru, any of the eight) runs it in a browser speaking that language: the
// files get the language as a prefix, and the screens are found by their texts in that language
// (looked up from the English in the catalogs), so the same walk serves every language. A list
// (LOOK_LOCALE=de,ko) walks each in turn, or side by side with --workers=2; "{locale}" in
// LOOK_SHOTS_DIR becomes the language (LOOK_SHOTS_DIR=/tmp/look/{locale}).
// "look: the evening's screens" adds what a newcomer's evening passes through: the error screen,
// the auth forms with their validation errors, the account's tabs, the too-few-coins shop, Get
// TripCoins, the create-clan dialog, a crate's reveal, the coin in the air with its toast over the
// modal, an item's price chart (one sale and several), "Sell an item" from My listings, and /admin.
import { mkdirSync, readFileSync } from 'node:fs';
import { request as apiRequest } from '@playwright/test';
import { GAME_BUILD_FILES } from '../../contract/game';
import { xpRequiredForLevel } from '../../contract/levels';
import { BASE_SET_ITEMS, ITEM_IDS } from '../../contract/items';
import { seriousViolations, type Finding } from './axe';
import { awardPlayer, registerPlayer } from './players';
import { waitForGame, type TestWindow } from './game';
import { expect, test, type Page } from './test';
import { holdGameData, settled } from './settle';
import { answerAgeScreen } from './age';

const LOCALES = (process.env.LOOK_LOCALE ?? 'en').split(',');
const catalog = (locale: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/catalogs/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const EN = catalog('en');
test.skip(process.env.LOOK_SHOTS !== '1', 'screenshot tool: run with LOOK_SHOTS=1');
test.describe.configure({ timeout: 1_500_000 });

async function closeAll(page: Page) {
  for (let i = 0; i < 4 && (await page.getByRole('dialog').count()) > 0; i += 1) {
    await page.keyboard.press('Escape');
    await settled(page);
  }
}

/** A game message, posted as the game would. */
async function post(page: Page, message: unknown) {
  await page.evaluate((m) => window.postMessage(m, window.location.origin), message);
}

for (const LOCALE of LOCALES) test.describe(`in ${LOCALE}`, () => {
  const DIR = (process.env.LOOK_SHOTS_DIR ?? '/tmp/shots-look/current').replace('{locale}', LOCALE);
  const PREFIX = LOCALE === 'en' ? '' : `${LOCALE}-`;
  const HERE = LOCALE === 'en' ? EN : catalog(LOCALE);
  /** A text as the shell shows it in LOCALE (the first catalog key whose English it is; the English when none). */
  function say(english: string): string {
    const key = Object.keys(EN).find((k) => EN[k] === english);
    return key !== undefined && HERE[key] !== undefined ? HERE[key] : english;
  }
  /** Whether `english` is a whole catalog text (else a screen is found by its dialog alone outside English). */
  const known = (english: string) => LOCALE === 'en' || Object.values(EN).includes(english);
  test.use({ locale: LOCALE });

  test('look: loading screen [both]', async ({ page }, info) => {
    mkdirSync(DIR, { recursive: true });
    await holdGameData(page);
    await page.goto('/');
    await expect(page.getByTestId('loading-screen')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${DIR}/${PREFIX}${info.project.name}-loading.png` });
  });

  test('look: overlays and modals [both]', async ({ page }, info) => {
    mkdirSync(DIR, { recursive: true });
    if (info.project.name === 'desktop') await page.setViewportSize({ width: 1440, height: 900 });
    // Every screen is also checked with axe (serious and critical findings), in the dialog shown.
    const findings: Array<Finding & { screen: string }> = [];
    const shot = async (name: string) => {
      await settled(page);
      await page.screenshot({ path: `${DIR}/${PREFIX}${info.project.name}-${name}.png` });
      if (name.endsWith('-FAILED')) return;
      const scope = (await page.getByRole('dialog').count()) > 0 ? '[role="dialog"]' : undefined;
      for (const f of await seriousViolations(page, scope)) findings.push({ ...f, screen: name });
    };
    const step = async (name: string, run: () => Promise<void>) => {
      try { await run(); } catch (error) { console.log(`look-shots: ${name} failed: ${String(error).split('\n')[0]}`); await shot(`${name}-FAILED`).catch(() => undefined); }
      await closeAll(page);
    };

    // Logged out first: the auth modal.
    await page.goto('/');
    await waitForGame(page);
    await step('auth-login', async () => {
      await post(page, { type: 'switchAuthMode', mode: 'login' });
      await expect(page.getByText(say('Welcome back'))).toBeVisible({ timeout: 30_000 });
      await shot('auth-login');
    });
    await step('auth-signup', async () => {
      await post(page, { type: 'switchAuthMode', mode: 'signup' });
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
      await shot('auth-signup');
    });

    // Logged out, the economy modals offer Log In instead of empty pickers.
    const loggedOut = async (name: string, message: unknown, text: string) => step(name, async () => {
      await post(page, message);
      const dialog = page.getByRole('dialog');
      await expect(known(text) ? dialog.getByText(say(text), { exact: false }).first() : dialog).toBeVisible({ timeout: 30_000 });
      await shot(name);
    });
    await loggedOut('sell-logged-out', { type: 'SHOW_MARKETPLACE_MODAL', modalType: 'sell' }, 'Log in to sell');
    await loggedOut('transfer-logged-out', { type: 'SHOW_MARKETPLACE_MODAL', modalType: 'transfer' }, 'Log in to transfer');
    await loggedOut('bridge-logged-out', { type: 'SHOW_MYTHICAL_BRIDGE_MODAL' }, 'Log In');
    await loggedOut('crate-shop-logged-out', { type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 }, 'Base Set Crate Shop');

    // A level-15 player with coins and items, in a clan with a long name.
    const stamp = `${info.project.name.slice(0, 2)}${Date.now().toString(36).slice(-6)}`;
    const me = `look_${stamp}`;
    const uuid = await registerPlayer(page.request, me);
    await awardPlayer(page.request, {
      uuid, xp: xpRequiredForLevel(15), tripcoins: 2500,
      items: { [BASE_SET_ITEMS[0]!.uuid]: 3, [BASE_SET_ITEMS[5]!.uuid]: 2 }, awardId: `look-${stamp}`,
    });
    const clan = await page.request.post('/api/clans/create', { data: { clanName: info.project.name === 'desktop' ? 'Midnight Longnames' : 'Midnight Longnamez', clanTag: info.project.name === 'desktop' ? 'LKD' : 'LKP' } });
    if (!clan.ok()) console.log(`look-shots: clan not created: ${clan.status()} ${await clan.text()}`);
    await page.reload();
    await waitForGame(page);

    /** Opens a settings section the way the game does, retrying until the section is on screen. */
    const openSection = (section: string) => expect(async () => {
      await page.evaluate((s) => (window as TestWindow).showSettings?.(s), section);
      await expect(page.locator(`[data-active-section="${section}"]`)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    const settings = async (section: string, name: string) => step(name, async () => {
      await openSection(section);
      // The account section draws its tabs once the player's account has been read.
      if (section === 'accounts') await expect(page.locator('[data-active-section="accounts"] [role="tab"]').first()).toBeVisible({ timeout: 20_000 });
      await settled(page);
      await shot(name);
    });
    await settings('general', 'settings-general');
    await settings('accounts', 'settings-account');
    await settings('keyboard', 'settings-keyboard');
    await settings('mouse', 'settings-mouse');
    await settings('about', 'settings-about');
    await settings('clans', 'settings-clans');
    await settings('airdrops', 'settings-airdrops');
    await step('account-change-password', async () => {
      await openSection('accounts');
      await page.getByRole('button', { name: say('Change Password') }).click({ timeout: 10_000 });
      await expect(page.getByRole('dialog', { name: say('Change Password') })).toBeVisible({ timeout: 10_000 });
      await shot('account-change-password');
    });
    await step('account-logout-confirm', async () => {
      await openSection('accounts');
      // Exact and inside the section: in Japanese "ログアウト" also names other buttons on the page.
      await page.locator('[data-active-section="accounts"]').getByRole('button', { name: say('Log Out'), exact: true }).click({ timeout: 10_000 });
      await expect(page.getByRole('dialog', { name: say('Log out?') })).toBeVisible({ timeout: 10_000 });
      await shot('account-logout-confirm');
    });

    await step('settings-clans-browse', async () => {
      await openSection('clans');
      const browse = page.getByRole('tab', { name: say('Browse Clans') }).or(page.getByRole('button', { name: say('Browse Clans') }));
      await browse.first().click({ timeout: 10_000 });
      await settled(page);
      await shot('settings-clans-browse');
    });

    const modal = async (name: string, message: unknown, text: string) => step(name, async () => {
      await expect(async () => {
        if ((await page.getByRole('dialog').count()) === 0) await post(page, message);
        const dialog = page.getByRole('dialog');
        await expect(known(text) ? dialog.getByText(say(text), { exact: true }).first() : dialog.first()).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 60_000 });
      await settled(page);
      await shot(name);
    });
    await modal('crate-shop', { type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 }, 'Base Set Crate Shop');
    await modal('crate-shop-v2', { type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 1 }, 'Base Set II Crate Shop');
    await modal('crate-open', { type: 'SHOW_CRATE_OPEN_MODAL' }, 'Open Base Set Crates');
    await step('bridge', async () => {
      await post(page, { type: 'SHOW_MYTHICAL_BRIDGE_MODAL' });
      await expect(page.getByTestId('bridge-ticket')).toBeVisible({ timeout: 30_000 });
      await shot('bridge');
    });
    await modal('removed-items', { type: 'SHOW_REMOVED_ITEMS_MODAL', removedItems: [{ itemUuid: BASE_SET_ITEMS[0]!.uuid, quantity: 2 }, { name: 'A Rusty Knife With A Long Name', quantity: 1 }] }, 'Items Removed');
    await modal('sorry', { type: 'SHOW_SORRY_POPUP' }, 'Sorry!');
    await step('listing-cancel', async () => {
      const listing = await page.request.post('/api/seaport/create-listing', { data: { itemUuid: BASE_SET_ITEMS[5]!.uuid, priceInTripCoins: '12.5', quantity: 1, durationDays: 30 } });
      const { listing: { order_id: listingId } } = await listing.json() as { listing: { order_id: string } };
      await post(page, { type: 'SHOW_MARKETPLACE_LISTING_MODAL', listingId, modalType: 'cancelConfirm' });
      await expect(page.getByRole('dialog', { name: say('Cancel Listing') })).toBeVisible({ timeout: 30_000 });
      await settled(page);
      await shot('listing-cancel');
    });
    await modal('coin-flip', { type: 'SHOW_COINFLIP_MODAL', modalType: 'create' }, 'Create Coin Flip Wager');
    await modal('marketplace', { type: 'SHOW_MARKETPLACE_MODAL', modalType: 'buy' }, 'Marketplace');
    await step('sell', async () => {
      await post(page, { type: 'SHOW_MARKETPLACE_MODAL', modalType: 'sell' });
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
      await settled(page);
      await shot('sell');
      await page.getByRole('dialog').getByLabel(say('Item'), { exact: true }).click({ timeout: 5_000 });
      await settled(page);
      await shot('sell-open');
      await page.getByRole('option').first().click({ timeout: 5_000 });
      await settled(page);
      await shot('sell-picked');
    });
    await step('transfer', async () => {
      await post(page, { type: 'SHOW_MARKETPLACE_MODAL', modalType: 'transfer' });
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
      await settled(page);
      await shot('transfer');
      await page.getByRole('dialog').getByLabel(say('Item'), { exact: true }).click({ timeout: 5_000 });
      await settled(page);
      await shot('transfer-open');
    });

    const hook = async (name: string, fn: string, label: string) => step(name, async () => {
      await expect(async () => {
        if ((await page.getByRole('dialog').count()) === 0) await page.evaluate((f) => (window as unknown as Record<string, () => void>)[f]?.(), fn);
        await expect(page.getByRole('dialog', { name: say(label) })).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 60_000 });
      await settled(page);
      await shot(name);
    });
    await hook('profile', 'showProfile', 'Profile');
    await hook('level-progress', 'showLevelProgress', 'Level Progress');
    await hook('release-notes', 'showReleaseLogs', 'Release Notes');
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  });

  test('look: inventory and history [both]', async ({ page, browser }, info) => {
    mkdirSync(DIR, { recursive: true });
    if (info.project.name === 'desktop') await page.setViewportSize({ width: 1440, height: 900 });
    const tag = `${Date.now().toString(36).slice(-5)}${info.project.name[0]}`;
    const me = `inv${tag}`;
    await registerPlayer(page.request, me);
    const [crate, ...base] = BASE_SET_ITEMS.map((i) => i.uuid);
    await awardPlayer(page.request, { username: me, awardId: `look-inv-${tag}`, tripcoins: 2500, items: { [crate ?? '']: 3, [base[0] ?? '']: 2, [base[1] ?? '']: 1, [base[2] ?? '']: 4 } });
    const key = () => ({ 'idempotency-key': crypto.randomUUID() });
    const sell = async (item: string, price: number) => (await page.request.post('/api/seaport/create-listing', { data: { itemUuid: item, priceInTripCoins: price, quantity: 1, durationDays: 30 }, headers: key() })).json() as Promise<{ listing: { order_id: string } }>;
    await sell(base[2] ?? '', 75);
    const sold = await sell(base[0] ?? '', 42.5);
    await page.request.post('/api/coinflip/create', { data: { wager_amount: 25, choice: 0 }, headers: key() });
    await page.request.post('/api/crates/buy', { data: { quantity: 1 }, headers: key() });
    // A buyer in another context, so the history has a counterparty.
    const other = await browser.newContext();
    await registerPlayer(other.request, `buy${tag}`);
    await awardPlayer(other.request, { username: `buy${tag}`, awardId: `look-buy-${tag}`, tripcoins: 100 });
    await other.request.post('/api/seaport/buy-listing', { data: { orderId: sold.listing.order_id }, headers: key() });
    await other.close();

    await page.goto('/');
    await waitForGame(page);
    await post(page, { type: 'SHOW_INVENTORY' });
    await expect(page.getByTestId('inventory-item').first()).toBeVisible({ timeout: 30_000 });
    await settled(page);
    await page.screenshot({ path: `${DIR}/${PREFIX}${info.project.name}-inventory.png` });
    await page.getByRole('tab', { name: say('History') }).click();
    await expect(page.getByTestId('history-entry').first()).toBeVisible({ timeout: 30_000 });
    await settled(page);
    await page.screenshot({ path: `${DIR}/${PREFIX}${info.project.name}-history.png` });
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  });

  test('look: the evening\'s screens [both]', async ({ page, baseURL }, info) => {
    mkdirSync(DIR, { recursive: true });
    if (info.project.name === 'desktop') await page.setViewportSize({ width: 1440, height: 900 });
    const findings: Array<Finding & { screen: string }> = [];
    /** A screenshot, then axe on the dialog shown (or the page); `still` false for a moving screen. */
    const shot = async (name: string, still = true) => {
      if (still) await settled(page);
      await page.screenshot({ path: `${DIR}/${PREFIX}${info.project.name}-${name}.png` });
      if (name.endsWith('-FAILED')) return;
      const scope = (await page.getByRole('dialog').count()) > 0 ? '[role="dialog"]' : undefined;
      for (const f of await seriousViolations(page, scope)) findings.push({ ...f, screen: name });
    };
    const step = async (name: string, run: () => Promise<void>) => {
      try { await run(); } catch (error) { console.log(`look-shots: ${name} failed: ${String(error).split('\n')[0]}`); await shot(`${name}-FAILED`).catch(() => undefined); }
      await closeAll(page);
    };
    const stamp = `${info.project.name.slice(0, 1)}${Date.now().toString(36).slice(-6)}`;

    await step('error', async () => {
      await page.route(`**${GAME_BUILD_FILES.loaderUrl}`, (route) => route.fulfill({ status: 500, body: '' }));
      await page.goto('/');
      await expect(page.getByTestId('loading-error')).toBeVisible({ timeout: 30_000 });
      await shot('error');
      await page.unroute(`**${GAME_BUILD_FILES.loaderUrl}`);
    });

    // Logged out: the auth forms, sent as they are with their fields wrong.
    await page.goto('/');
    await waitForGame(page);
    await step('auth-signup-errors', async () => {
      await post(page, { type: 'switchAuthMode', mode: 'signup' });
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await answerAgeScreen(dialog);
      await dialog.getByLabel(say('Username'), { exact: true }).fill('x!');
      await dialog.getByLabel(say('Password'), { exact: true }).fill('short');
      await dialog.getByLabel(say('Confirm password'), { exact: true }).fill('shorter');
      await dialog.locator('button[type="submit"]').click();
      await expect(dialog.locator('[role="alert"], .mantine-InputWrapper-error').first()).toBeVisible({ timeout: 10_000 });
      await shot('auth-signup-errors');
    });
    await step('auth-login-errors', async () => {
      await post(page, { type: 'switchAuthMode', mode: 'login' });
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await dialog.getByLabel(say('Username'), { exact: true }).fill('nobody_here_at_all');
      await dialog.getByLabel(say('Password'), { exact: true }).fill('wrong-pass-1');
      await dialog.locator('button[type="submit"]').click();
      await expect(dialog.locator('[role="alert"], .mantine-InputWrapper-error').first()).toBeVisible({ timeout: 20_000 });
      await shot('auth-login-errors');
    });

    // A newcomer at level 15 with no coins: the shop's hint, Get TripCoins, the create-clan dialog.
    const me = `eve_${stamp}`;
    const uuid = await registerPlayer(page.request, me);
    await awardPlayer(page.request, { uuid, xp: xpRequiredForLevel(15), awardId: `eve-xp-${stamp}` });
    await page.reload();
    await waitForGame(page);
    await step('crate-shop-no-coins', async () => {
      await post(page, { type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 });
      await expect(page.getByRole('dialog').getByTestId('how-to-earn')).toBeVisible({ timeout: 30_000 });
      await shot('crate-shop-no-coins');
    });
    await step('get-tripcoins', async () => {
      await post(page, { type: 'SHOW_GET_TRIPCOINS' });
      await expect(page.getByTestId('get-tripcoins')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('purchase-loading')).toHaveCount(0, { timeout: 20_000 });
      await shot('get-tripcoins');
    });
    const openSection = (section: string) => expect(async () => {
      await page.evaluate((s) => (window as TestWindow).showSettings?.(s), section);
      await expect(page.locator(`[data-active-section="${section}"]`)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await step('clan-create', async () => {
      await openSection('clans');
      await page.getByTestId('clan-non-member').getByRole('button', { name: say('Create a Clan') }).click({ timeout: 10_000 });
      await expect(page.getByRole('dialog', { name: say('Create a Clan') }).or(page.getByRole('dialog').last())).toBeVisible({ timeout: 10_000 });
      await shot('clan-create');
    });
    await step('settings-account-tabs', async () => {
      await openSection('accounts');
      const tabs = page.locator('[data-active-section="accounts"] [role="tab"]');
      const count = await tabs.count();
      for (let i = 0; i < count; i += 1) {
        await tabs.nth(i).click();
        await shot(`settings-account-tab-${i + 1}`);
      }
    });

    // Coins and crates arrive; a seller whose items sold once and three times; an open wager.
    await awardPlayer(page.request, { uuid, tripcoins: 3000, items: { [ITEM_IDS.baseSetCrate]: 2, [BASE_SET_ITEMS[0]!.uuid]: 2, [BASE_SET_ITEMS[3]!.uuid]: 1 }, awardId: `eve-coins-${stamp}` });
    const seller = await apiRequest.newContext({ baseURL });
    const sellerName = `sel_${stamp}`;
    await registerPlayer(seller, sellerName);
    await awardPlayer(seller, { username: sellerName, tripcoins: 500, items: { [BASE_SET_ITEMS[6]!.uuid]: 4, [BASE_SET_ITEMS[7]!.uuid]: 2 }, awardId: `eve-sel-${stamp}` });
    const key = () => ({ 'idempotency-key': crypto.randomUUID() });
    const list = async (item: string, price: number) => (await (await seller.post('/api/seaport/create-listing', { data: { itemUuid: item, priceInTripCoins: price, quantity: 1, durationDays: 30 }, headers: key() })).json() as { listing: { order_id: string } }).listing.order_id;
    for (const price of [12, 18.5, 15]) await page.request.post('/api/seaport/buy-listing', { data: { orderId: await list(BASE_SET_ITEMS[6]!.uuid, price) }, headers: key() });
    await page.request.post('/api/seaport/buy-listing', { data: { orderId: await list(BASE_SET_ITEMS[7]!.uuid, 22) }, headers: key() });
    await list(BASE_SET_ITEMS[6]!.uuid, 16);
    await list(BASE_SET_ITEMS[7]!.uuid, 24);
    await seller.post('/api/coinflip/create', { data: { wager_amount: 40, choice: 1 }, headers: key() });
    await seller.dispose();
    await page.reload();
    await waitForGame(page);

    await step('crate-reveal', async () => {
      await post(page, { type: 'SHOW_CRATE_OPEN_MODAL' });
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('crate-open')).toBeVisible({ timeout: 30_000 });
      await shot('crate-open-owned');
      // The footer's last button opens (the first one cancels).
      const open = dialog.getByRole('button').last();
      await expect(open).toBeEnabled({ timeout: 20_000 });
      await open.click();
      await expect(dialog.getByTestId('crate-reveal').or(dialog.getByTestId('crate-result')).first()).toBeVisible({ timeout: 20_000 });
      await shot('crate-reveal', false);
      await expect(dialog.getByTestId('crate-result')).toBeVisible({ timeout: 30_000 });
      await shot('crate-result');
    });
    await step('coin-flip-flipping', async () => {
      await post(page, { type: 'SHOW_COINFLIP_MODAL', modalType: 'create' });
      const dialog = page.getByRole('dialog');
      const wager = dialog.getByTestId('open-wager').first();
      await expect(wager).toBeVisible({ timeout: 30_000 });
      await shot('coin-flip-open-wagers');
      await wager.getByRole('button').last().click();
      await expect(dialog.getByTestId('coin-flip')).toBeVisible({ timeout: 20_000 });
      await shot('coin-flip-flipping', false);
      await expect(dialog.getByTestId('coinflip-result')).toBeVisible({ timeout: 20_000 });
      await shot('coin-flip-result-toast');
    });
    await step('market-item-chart', async () => {
      await post(page, { type: 'SHOW_MARKETPLACE_MODAL', modalType: 'buy' });
      const dialog = page.getByRole('dialog');
      const item = (n: number) => dialog.getByTestId('market-item').filter({ hasText: say(BASE_SET_ITEMS[n]!.name) }).first();
      await expect(item(6)).toBeVisible({ timeout: 30_000 });
      await item(6).getByRole('button').last().click();
      await expect(dialog.getByTestId('price-chart')).toBeVisible({ timeout: 20_000 });
      await shot('market-item-chart');
      await page.keyboard.press('Escape');
      await settled(page);
      if ((await dialog.count()) === 0) await post(page, { type: 'SHOW_MARKETPLACE_MODAL', modalType: 'buy' });
      await expect(item(7)).toBeVisible({ timeout: 30_000 });
      await item(7).getByRole('button').last().click();
      await expect(dialog.getByTestId('price-single-sale')).toBeVisible({ timeout: 20_000 });
      await shot('market-item-one-sale');
    });
    await step('market-my-listings', async () => {
      await page.request.post('/api/seaport/create-listing', { data: { itemUuid: BASE_SET_ITEMS[0]!.uuid, priceInTripCoins: '9.5', quantity: 1, durationDays: 30 }, headers: key() });
      await post(page, { type: 'SHOW_MARKETPLACE_MODAL', modalType: 'buy' });
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab').nth(1).click({ timeout: 30_000 });
      await expect(dialog.getByTestId('start-sale')).toBeVisible({ timeout: 20_000 });
      await shot('market-my-listings');
      await dialog.getByTestId('start-sale').click();
      await expect(page.getByRole('dialog').getByLabel(say('Item'), { exact: true })).toBeVisible({ timeout: 20_000 });
      await shot('market-sell-from-listings');
    });

    // The console: its own sign-in, then signed in.
    await step('admin', async () => {
      const port = Number(new URL(baseURL ?? 'http://127.0.0.1:8181').port);
      const granted = await fetch(`http://127.0.0.1:${port + 3}/grant-admin?username=${encodeURIComponent(me)}`, { method: 'POST' });
      expect(granted.status).toBe(200);
      await page.context().clearCookies();
      await page.goto('/admin');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 20_000 });
      await shot('admin-sign-in');
      await page.getByLabel('Username').fill(me);
      await page.getByRole('textbox', { name: 'Password' }).fill('e2e-pass-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('tab', { name: 'Players' })).toBeVisible({ timeout: 20_000 });
      await shot('admin-console');
    });
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  });
});
