// Screenshots of the screens the evening's small fixes touched, for a person to look at, desktop
// and phone, in each of LOOK_LOCALE (en,de,ko by default): the signed-out Account text, the
// guest's General settings, sign-up with every field's error, the coin flip short of TripCoins,
// the crate shop short of TripCoins, crate opening with none left and a toast over it, the
// history, the release notes' figures and the log-out confirmation. Written to LOOK_SHOTS_DIR
// (/tmp/shots-evening). A tool, not a check: only with LOOK_SHOTS=1.
//   npm run build && LOOK_SHOTS=1 LOOK_SHOTS_DIR=/work/shots/G E2E_PORT=8321 \
//     npx playwright test tests/e2e/look-evening-minor.spec.ts
import { mkdirSync, readFileSync } from 'node:fs';
import { awardPlayer, registerPlayer } from './players';
import { waitForGame, type TestWindow } from './game';
import { answerAgeScreen } from './age';
import { expect, test, type Page } from './test';
import { settled } from './settle';

const LOCALES = (process.env.LOOK_LOCALE ?? 'en,de,ko').split(',');
const DIR = process.env.LOOK_SHOTS_DIR ?? '/tmp/shots-evening';
const catalog = (locale: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/catalogs/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
test.skip(process.env.LOOK_SHOTS !== '1', 'screenshot tool: run with LOOK_SHOTS=1');
test.describe.configure({ timeout: 900_000 });

const post = (page: Page, message: unknown) => page.evaluate((m) => window.postMessage(m, window.location.origin), message);
async function closeAll(page: Page) {
  for (let i = 0; i < 4 && (await page.getByRole('dialog').count()) > 0; i += 1) {
    await page.keyboard.press('Escape');
    await settled(page);
  }
}

for (const LOCALE of LOCALES) test.describe(`in ${LOCALE}`, () => {
  const HERE = catalog(LOCALE);
  test.use({ locale: LOCALE });

  test(`evening screens ${LOCALE} [both]`, async ({ page }, info) => {
    mkdirSync(DIR, { recursive: true });
    const shot = async (name: string) => {
      await settled(page);
      await page.screenshot({ path: `${DIR}/${LOCALE}-${info.project.name}-${name}.png` });
    };
    const step = async (name: string, body: () => Promise<void>) => {
      try { await body(); } catch (error) { console.log(`look-evening: ${name} failed: ${String(error).split('\n')[0]}`); await shot(`${name}-FAILED`); }
      await closeAll(page);
    };
    const section = (id: string) => expect(async () => {
      await page.evaluate((s) => (window as TestWindow).showSettings?.(s), id);
      await expect(page.locator(`[data-active-section="${id}"]`)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });

    await page.goto('/');
    await waitForGame(page);
    await step('account-signed-out', async () => { await section('accounts'); await expect(page.getByText(HERE['accounts.AccountSection.youAreCurrentlyLoggedOut']!)).toBeVisible(); await shot('account-signed-out'); });
    await step('general-guest', async () => { await section('general'); await shot('general-guest'); });
    await step('signup-errors', async () => {
      await post(page, { type: 'switchAuthMode', mode: 'signup' });
      const dialog = page.getByRole('dialog');
      await answerAgeScreen(dialog);
      await dialog.getByLabel(HERE['accounts.AuthModal.username']!, { exact: true }).fill('a!');
      await dialog.getByLabel(HERE['accounts.AuthModal.password']!, { exact: true }).fill('123');
      await dialog.getByLabel(HERE['accounts.AuthModal.confirmPassword']!, { exact: true }).fill('1234');
      await dialog.locator('button[type="submit"]').click();
      await expect(dialog.locator('.mantine-InputWrapper-error')).toHaveCount(3);
      await shot('signup-errors');
    });

    const stamp = `${LOCALE}${info.project.name.slice(0, 2)}${Date.now().toString(36).slice(-6)}`;
    const uuid = await registerPlayer(page.request, `g_${stamp}`);
    await awardPlayer(page.request, { uuid, tripcoins: 150, items: {}, awardId: `g-${stamp}` });
    await page.reload();
    await waitForGame(page);

    await step('coinflip-short', async () => {
      await post(page, { type: 'SHOW_COINFLIP_MODAL', modalType: 'create' });
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('coinflip-form').locator('input').first().fill('300');
      await dialog.locator('button[type="submit"]').click();
      await expect(dialog.getByTestId('get-tripcoins-short')).toBeVisible();
      await shot('coinflip-short');
    });
    await step('crate-shop-short', async () => {
      await post(page, { type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 });
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: HERE['crates.CrateShopModal.increaseQuantity']! }).click();
      await expect(dialog.getByTestId('get-tripcoins-short')).toBeVisible();
      await shot('crate-shop-short');
    });
    await step('crate-open-none-toast', async () => {
      await post(page, { type: 'SHOW_CRATE_OPEN_MODAL' });
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('no-crates')).toBeVisible();
      await post(page, { type: 'WALLET_NOTIFICATION', walletData: { wasError: false, notifTitle: 'Wallet', notifMessage: 'Wallet linked' } });
      await expect(page.locator('[data-toast-area]').first()).toBeVisible();
      await shot('crate-open-none-toast');
    });
    await step('history', async () => {
      await post(page, { type: 'SHOW_INVENTORY', tab: 'history' });
      await expect(page.getByTestId('history-entry').first()).toBeVisible();
      await shot('history');
    });
    await step('release-notes', async () => {
      await page.evaluate(() => (window as unknown as { showReleaseLogs?: () => void }).showReleaseLogs?.());
      await expect(page.getByTestId('release-streak')).toBeVisible();
      await shot('release-notes');
    });
    await step('logout', async () => {
      await post(page, { type: 'switchAuthMode', mode: 'logout' });
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot('logout');
    });
  });
});
