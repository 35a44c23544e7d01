// Live events in the browser: a seller's open page shows "Your {item} sold for
// Ŧ{price}" while a buyer in another browser context buys the listing. With TEST_DATABASE_URL
// (CI sets it) the two pages are on two API processes (server/main.ts) over one scratch
// PostgreSQL database, so the event crosses processes through LISTEN/NOTIFY; without it both
// pages use the e2e server (one process on PGlite, where the event stays in-process).
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser } from '@playwright/test';
import { ITEM_IDS } from '../../contract/items';
import { LIVE_TEXT } from '../../contract/liveEvents';
import { createScratchDatabase, FAST_SERVER_ENV, startServerProcess, type ScratchDatabase, type ServerProcess } from '../api/harness/servers';
import { waitForGame } from './game';
import { registerPlayer } from './players';
import { expect, test } from './test';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
let database: ScratchDatabase | undefined;
let servers: ServerProcess[] = [];

test.beforeAll(async () => {
  if (!ADMIN_URL) return;
  test.setTimeout(120_000);
  database = await createScratchDatabase(ADMIN_URL, 'e2elive');
  servers = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: database?.url ?? '' })));
});
test.afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.drop();
});

async function post(request: APIRequestContext, path: string, data: unknown, headers: Record<string, string> = {}) {
  const response = await request.post(path, { data, headers: { 'idempotency-key': randomUUID(), ...headers } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

async function contextOn(browser: Browser, baseURL: string | undefined) {
  return browser.newContext(baseURL ? { baseURL } : {});
}

test('a seller\'s open page shows the sold toast while a buyer buys in another browser, and their Inventory and History show the sale', async ({ browser }) => {
  const [sellerBase, buyerBase] = [servers[0]?.url, servers[1]?.url];
  const gameKey = sellerBase ? FAST_SERVER_ENV.GAME_SERVER_KEY : (await import('./players')).GAME_SERVER_KEY;
  const seller = await contextOn(browser, sellerBase);
  const buyer = await contextOn(browser, buyerBase);
  try {
    const tag = Date.now().toString(36).slice(-6);
    const sellerName = `sell${tag}`;
    const buyerName = `buy${tag}`;
    await registerPlayer(seller.request, sellerName);
    await registerPlayer(buyer.request, buyerName);
    const award = (username: string, grant: Record<string, unknown>) => post(seller.request, '/api/server/award', { username, awardId: `live-${randomUUID()}`, ...grant }, { authorization: `Bearer ${gameKey}` });
    await award(sellerName, { items: { [ITEM_IDS.technicalDifficulties]: 1 } });
    await award(buyerName, { tripcoins: 100 });
    const { listing } = await post(seller.request, '/api/seaport/create-listing', { itemUuid: ITEM_IDS.technicalDifficulties, priceInTripCoins: 12.5, quantity: 1, durationDays: 30 }) as { listing: { order_id: string } };

    const page = await seller.newPage();
    const stream = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.status() === 200);
    await page.goto('/');
    await waitForGame(page);
    await stream;
    await post(buyer.request, '/api/seaport/buy-listing', { orderId: listing.order_id });
    await expect(page.getByText(LIVE_TEXT.listingSold('Technical Difficulties', '12.50'))).toBeVisible({ timeout: 5_000 });
    // The seller's own view shows what happened in this test: the balance from the sale, nothing
    // left listed, and the sale first in the history with the buyer as counterparty.
    await page.evaluate(() => window.postMessage({ type: 'SHOW_INVENTORY', tab: 'history' }, window.location.origin));
    const sale = page.getByTestId('history-entry').first();
    await expect(sale).toContainText('Marketplace sale');
    await expect(sale).toContainText(buyerName);
    await expect(sale).toContainText('+Ŧ12.50');
    await page.getByRole('tab', { name: 'Items' }).click();
    await expect(page.getByTestId('inventory-balance')).toHaveText('Ŧ12.50');
    await expect(page.getByTestId('inventory-listing')).toHaveCount(0);
  } finally {
    await seller.close();
    await buyer.close();
  }
});
