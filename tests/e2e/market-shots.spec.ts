// Screenshots of the Marketplace shop for a person to look at: the grid, a
// search, "My listings" and an item's listings, desktop 1440x900 and phone 390x844, in en, de
// and ja, with axe on each. A tool, not a check: only with LOOK_SHOTS=1, into $LOOK_SHOTS_DIR:
//   npm run build && LOOK_SHOTS=1 LOOK_SHOTS_DIR=/tmp/shots/market E2E_PORT=9400 npx playwright test tests/e2e/market-shots.spec.ts --workers=1
import { mkdirSync, writeFileSync } from 'node:fs';
import { GAME_BUILD_FILES } from '../../contract/game';
import { BASE_SET_ITEMS, ITEM_IDS } from '../../contract/items';
import { seriousViolations } from './axe';
import { awardPlayer, registerPlayer } from './players';
import { expect, test } from './test';
import { settled } from './settle';

const DIR = process.env.LOOK_SHOTS_DIR ?? '/tmp/shots/market';
const LOCALES = (process.env.LOOK_SHOTS_LOCALES ?? 'en,de,ja').split(',');
test.skip(process.env.LOOK_SHOTS !== '1', 'screenshot tool: run with LOOK_SHOTS=1');
test.describe.configure({ timeout: 240_000 });

let serial = 0;
const name = (prefix: string) => `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`.slice(0, 20);

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });
    test(`market shots: ${locale} [both]`, async ({ page, playwright, baseURL }, info) => {
      mkdirSync(DIR, { recursive: true });
      if (info.project.name === 'desktop') await page.setViewportSize({ width: 1440, height: 900 });
      const findings: string[] = [];
      const shot = async (label: string) => {
        await settled(page);
        await page.screenshot({ path: `${DIR}/${locale}-${info.project.name}-${label}.png` });
        const found = await seriousViolations(page, '[role="dialog"]');
        findings.push(`${label}: ${found.length} serious${found.map((f) => `\n  ${f.rule}: ${f.targets.join(', ')}`).join('')}`);
      };
      // A market: a seller with items of every rarity, and this page's player with two listings.
      const seller = await playwright.request.newContext({ baseURL });
      const sellerName = name('shop');
      await registerPlayer(seller, sellerName);
      const stock = [0, 1, 4, 5, 8, 10, 11].map((i) => BASE_SET_ITEMS[i]!.uuid);
      await awardPlayer(seller, { username: sellerName, items: Object.fromEntries([...stock, ITEM_IDS.mythicalTicket, ITEM_IDS.baseSetIICrate].map((u) => [u, 3])), awardId: name('a') });
      let price = 7;
      for (const itemUuid of [...stock, ITEM_IDS.mythicalTicket, ITEM_IDS.baseSetIICrate]) {
        price = Math.round(price * 1.7 * 100) / 100;
        await seller.post('/api/seaport/create-listing', { data: { itemUuid, priceInTripCoins: String(price), quantity: 1, durationDays: 30 } });
      }
      const me = name('me');
      await registerPlayer(page.request, me);
      await awardPlayer(page.request, { username: me, tripcoins: 500, items: { [BASE_SET_ITEMS[2]!.uuid]: 2 }, awardId: name('a') });
      for (const p of ['5', '8.5']) await page.request.post('/api/seaport/create-listing', { data: { itemUuid: BASE_SET_ITEMS[2]!.uuid, priceInTripCoins: p, quantity: 1, durationDays: 30 } });

      await page.route(`**${GAME_BUILD_FILES.dataUrl}`, () => undefined);
      await page.goto('/');
      await page.evaluate(() => window.postMessage({ type: 'SHOW_MARKETPLACE_MODAL', modalType: 'buy' }, location.origin));
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await expect(dialog.getByTestId('market-item').first()).toBeVisible({ timeout: 30_000 });
      await shot('1-shop');
      const search = dialog.getByRole('searchbox');
      if (await search.count()) {
        await search.fill('bl');
        await shot('2-search');
        await search.fill('');
      }
      const tabs = dialog.getByRole('tab');
      if (await tabs.count()) {
        await tabs.nth(1).click();
        await expect(dialog.getByTestId('my-listing').first()).toBeVisible({ timeout: 20_000 });
        await shot('3-my-listings');
        await tabs.nth(0).click();
        await dialog.getByTestId('market-item').first().getByRole('button').last().click();
        await expect(dialog.getByTestId('market-listing').first()).toBeVisible({ timeout: 20_000 });
        await shot('4-item');
      }
      writeFileSync(`${DIR}/${locale}-${info.project.name}-axe.txt`, `${findings.join('\n')}\n`);
    });
  });
}
