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
// (looked up from the English in the catalogs), so the same walk serves every language.
import { mkdirSync, readFileSync } from 'node:fs';
import { xpRequiredForLevel } from '../../contract/levels';
import { BASE_SET_ITEMS } from '../../contract/items';
import { seriousViolations, type Finding } from './axe';
import { awardPlayer, registerPlayer } from './players';
import { waitForGame, type TestWindow } from './game';
import { expect, test, type Page } from './test';
import { holdGameData, settled } from './settle';

const DIR = process.env.LOOK_SHOTS_DIR ?? '/tmp/shots-look/current';
const LOCALE = process.env.LOOK_LOCALE ?? 'en';
const PREFIX = LOCALE === 'en' ? '' : `${LOCALE}-`;
const catalog = (locale: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/catalogs/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const EN = catalog('en');
const HERE = LOCALE === 'en' ? EN : catalog(LOCALE);
/** A text as the shell shows it in LOOK_LOCALE (the first catalog key whose English it is; the English when none). */
function say(english: string): string {
  const key = Object.keys(EN).find((k) => EN[k] === english);
  return key !== undefined && HERE[key] !== undefined ? HERE[key] : english;
}
/** Whether `english` is a whole catalog text (else a screen is found by its dialog alone outside English). */
const known = (english: string) => LOCALE === 'en' || Object.values(EN).includes(english);
test.use({ locale: LOCALE });
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
    await page.getByRole('button', { name: say('Log Out') }).click({ timeout: 10_000 });
    await expect(page.getByRole('dialog', { name: say('Confirm Logout') })).toBeVisible({ timeout: 10_000 });
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
