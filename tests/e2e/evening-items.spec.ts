// A player's evening, the items the other specs leave out, each a short step on the idle stand-in
// game (no software-rendered game to starve the page): open all crates with one reveal each,
// skippable; the phone's layout in Japanese (whole-word tile dates, a tab row that shows it
// scrolls, labelled history figures, a toast that keeps clear of a dialog's header); the German
// loading screen's figures from Intl; "tap" on a touch screen; no 'Uncompiled message' from the
// Keyboard section; the coin that flips before its result, and
// not under reduced motion. A step's own check is soft: one test reports every step that fails.
//   npm run build && E2E_PORT=9500 npx playwright test tests/e2e/evening-items.spec.ts --project desktop --project phone
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as playwrightRequest, type APIRequestContext, type Locator } from '@playwright/test';
import { COIN_TAILS } from '../../contract/coinflip';
import { CRATE_VERSIONS } from '../../contract/crates';
import type { MyInventory } from '../../contract/myEconomy';
import { stubGame } from './accounts-helpers';
import { callShowSettings, type TestWindow, loadingScreenGone } from './game';
import { awardPlayer, registerPlayer } from './players';
import { holdGameData, idle } from './settle';
import { expect as baseExpect, test, type Page } from './test';

const expect = baseExpect.configure({ timeout: 20_000 });
// A loaded CI machine: registration's proof of work and the shell's start share two cores.
test.describe.configure({ timeout: 120_000 });
const ja = JSON.parse(readFileSync('src/i18n/catalogs/ja.json', 'utf8')) as Record<string, string>;
const name = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);

/** A new player in `request`'s cookie jar with what a game server awarded them. */
async function player(request: APIRequestContext, prefix: string, grant: Record<string, unknown>): Promise<string> {
  const username = name(prefix);
  await registerPlayer(request, username);
  await awardPlayer(request, { username, awardId: name(`${prefix}-award`), ...grant });
  return username;
}

/** The shell on the idle stand-in game, past its loading screen. */
async function openShell(page: Page): Promise<void> {
  await stubGame(page);
  await page.goto('/');
  await loadingScreenGone(page, 60_000);
}

/** Posts a game trigger until its dialog shows (the shell hears triggers once its second chunk is in). */
async function trigger(page: Page, message: Record<string, unknown>, shows: Locator): Promise<void> {
  await expect(async () => {
    await page.evaluate((m) => window.postMessage(m, location.origin), message);
    await expect(shows).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Whether two boxes share any point. */
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * "Open all" on the open crate dialog with `owned` crates: each reveal is logged as it mounts
 * (how many were won by then, the count shown, its hint), so the check does not race the
 * reveals' own time; one reveal is skipped by a click, then Skip all lists everything won.
 */
async function openAll(page: Page, owned: number, texts: { skipHint: string; otherHint: string; youGot: string }): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('open-all-crates')).toBeVisible();
  await page.evaluate(() => {
    const log: Array<{ won: number; owned: string; hint: string }> = [];
    (window as unknown as { __reveals: typeof log }).__reveals = log;
    let last: Element | null = null;
    new MutationObserver(() => {
      const reveal = document.querySelector('[data-testid="crate-batch"] [data-testid="crate-reveal"]');
      if (reveal && reveal !== last) {
        const batch = reveal.closest('[data-testid="crate-batch"]')!;
        log.push({ won: Number(batch.getAttribute('data-won')), owned: batch.querySelector('[data-testid="owned-badge"]')?.textContent ?? '', hint: reveal.textContent ?? '' });
      }
      last = reveal;
    }).observe(document.body, { childList: true, subtree: true });
  });
  const reveals = () => page.evaluate(() => (window as unknown as { __reveals: Array<{ won: number; owned: string; hint: string }> }).__reveals);
  await dialog.getByTestId('open-all-crates').click();
  await expect.poll(async () => (await reveals()).length).toBeGreaterThan(0);
  // A click on the reel ends that reveal at once (the next crate is opening), whatever its time left.
  const skipped = await page.evaluate(async () => {
    const reel = document.querySelector<HTMLButtonElement>('[data-testid="crate-batch"] [data-testid="crate-reveal"] button');
    if (!reel) return 'no reel';
    reel.click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return document.querySelector('[data-testid="crate-batch"] [data-testid="crate-reveal"] button') === reel ? 'still shown' : 'skipped';
  });
  expect(skipped).toBe('skipped');
  // The next crate gets its own reveal.
  await expect.poll(async () => (await reveals()).length).toBeGreaterThan(1);
  const skipAll = dialog.getByTestId('batch-skip-all');
  if (await skipAll.isVisible()) await skipAll.click().catch(() => undefined);
  const summary = dialog.getByTestId('crate-batch-summary');
  await expect(summary).toHaveAttribute('data-won', String(owned));
  await expect(summary.getByText(texts.youGot)).toBeVisible();
  await expect(summary.getByRole('listitem')).toHaveCount(owned);
  const seen = await reveals();
  // One reveal per won item at most, each showing the count left then, with the device's hint.
  expect(seen.map((r) => r.won)).toEqual(seen.map((_, i) => i + 1));
  for (const r of seen) {
    expect(r.owned).toContain(String(owned - r.won));
    expect(r.hint).toContain(texts.skipHint);
    expect(r.hint).not.toContain(texts.otherHint);
  }
}

test('on a desktop: open all, the Keyboard section, the coin flip', async ({ page, baseURL }) => {
  const crate = CRATE_VERSIONS[0]!;
  const warnings: string[] = [];
  page.on('console', (m) => { if (m.text().includes('Uncompiled message')) warnings.push(m.text()); });
  // Another player offers two coin-flip wagers.
  const other = await playwrightRequest.newContext({ baseURL });
  try {
    const otherName = await player(other, 'ot', { tripcoins: 100 });
    const post = async (path: string, data: unknown) => {
      const answer = await other.post(path, { data, headers: { 'idempotency-key': randomUUID() } });
      expect(answer.status(), await answer.text()).toBe(200);
      return answer.json() as Promise<Record<string, unknown>>;
    };
    await post('/api/coinflip/create', { wager_amount: 10, choice: COIN_TAILS });
    await post('/api/coinflip/create', { wager_amount: 10, choice: COIN_TAILS });
    await player(page.request, 'ev', { tripcoins: 100, items: { [crate.crateItemUuid]: 3 } });
    await openShell(page);
    const dialog = page.getByRole('dialog');

    await test.step('open all: a reveal per crate, a click skips one, Skip all lists everything won', async () => {
      await trigger(page, { type: 'SHOW_CRATE_OPEN_MODAL' }, dialog.getByTestId('crate-open'));
      await expect(dialog.getByTestId('owned-badge')).toHaveText('3 Owned');
      // The spec's own button stays beside the new one.
      await expect(dialog.getByTestId('open-one-crate')).toHaveText('Open 1 Crate');
      await expect(dialog.getByTestId('open-all-crates')).toHaveText('Open 3 Crates');
      await openAll(page, 3, { skipHint: 'Click or press any key to skip', otherHint: 'Tap', youGot: 'You Got:' });
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByTestId('owned-badge')).toHaveText('0 Owned');
      await expect(dialog.getByTestId('open-all-crates')).toHaveCount(0);
      // The server agrees: no crate left, three items won.
      const inventory = await (await page.request.get('/api/me/inventory')).json() as MyInventory;
      expect(inventory.items.filter((i) => i.itemUuid === crate.crateItemUuid)).toEqual([]);
      expect(inventory.items.reduce((n, i) => n + i.count, 0)).toBe(3);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    await test.step('the Keyboard section opens without an "Uncompiled message" warning', async () => {
      await callShowSettings(page, 'keyboard');
      await expect(page.locator('[data-active-section="keyboard"]')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[data-active-section="keyboard"] kbd, [data-active-section="keyboard"] button').first()).toBeVisible();
      await idle(page);
      expect.soft(warnings).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.locator('[data-active-section="keyboard"]')).toHaveCount(0);
    });

    await test.step('the coin flips before the result, and not at all under reduced motion', async () => {
      const accept = dialog.getByRole('button', { name: `Accept ${otherName}'s wager of Ŧ10.00` });
      // Watches for the coin from before the click: it must show before the result does.
      const watch = () => page.evaluate(() => {
        const seen = { coin: false, resultBeforeCoin: false };
        (window as unknown as { __flip: typeof seen }).__flip = seen;
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="coin-flip"]')) seen.coin = true;
          if (document.querySelector('[data-testid="coinflip-result"]') && !seen.coin) seen.resultBeforeCoin = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      const seen = () => page.evaluate(() => (window as unknown as { __flip: { coin: boolean; resultBeforeCoin: boolean } }).__flip);
      await trigger(page, { type: 'SHOW_COINFLIP_MODAL' }, accept.first());
      await watch();
      await accept.first().click();
      await expect(dialog.getByTestId('coinflip-result')).toBeVisible();
      expect.soft(await seen()).toEqual({ coin: true, resultBeforeCoin: false });

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await trigger(page, { type: 'SHOW_COINFLIP_MODAL' }, accept.first());
      await watch();
      await accept.first().click();
      await expect(dialog.getByTestId('coinflip-result')).toBeVisible();
      expect.soft(await seen()).toEqual({ coin: false, resultBeforeCoin: true });
    });
  } finally {
    await other.dispose();
  }
});

test.describe('on a Japanese touch phone', () => {
  test.use({ locale: 'ja-JP' });

  test('tile dates in whole words, a tab row that shows it scrolls, labelled history figures, a toast clear of the dialog header [both]', async ({ page }, info) => {
    test.skip(info.project.name !== 'phone', 'the phone layout');
    // Twelve thousand XP unlocks levels with dates; the award is the history's entry.
    const username = await player(page.request, 'ph', { xp: 12_500, tripcoins: 10 });
    await openShell(page);

    // Level tiles: where each line of a tile's date and time starts on screen. A line may start
    // with a new element, after a space or after a unit ("2026年" / "11月29日"), never inside a
    // number or word ("11月29" / "日").
    await page.evaluate(() => (window as TestWindow & { showLevelProgress?: () => void }).showLevelProgress?.());
    await expect(page.getByTestId('level-cell-when').first()).toBeVisible({ timeout: 30_000 });
    // The phone's own width, then tiles from 16 to 80 px wide (a narrower phone, a larger font, a
    // wider CJK font than this machine's): where lines fall depends on the font's widths.
    for (const width of ['', ...Array.from({ length: 33 }, (_, i) => `${16 + 2 * i}px`)]) {
      const tiles = await page.getByTestId('level-cell-when').evaluateAll((cells, w) => cells.slice(0, 3).map((cell) => {
        cell.style.width = w;
        const chars: Array<{ char: string; top: number; first: boolean }> = [];
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < (node.textContent ?? '').length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            chars.push({ char: node.textContent![i]!, top: rect ? Math.round(rect.top) : NaN, first: i === 0 });
          }
        }
        // Each line on screen, and whether it starts inside one element's text.
        const lines: Array<{ text: string; midText: boolean }> = [];
        chars.forEach((c, i) => {
          if (i === 0 || c.top > chars[i - 1]!.top + 2) lines.push({ text: '', midText: !c.first });
          lines[lines.length - 1]!.text += c.char;
        });
        return lines;
      }), width);
      expect(tiles.length).toBeGreaterThan(0);
      const insideWord = tiles.filter((lines) => lines.some((line, i) => line.midText && /[\p{N}\p{Script=Latin}]$/u.test(lines[i - 1]!.text) && /^[\p{L}\p{N}]/u.test(line.text)));
      expect.soft(insideWord, `tile width ${width || 'as laid out'}: ${JSON.stringify(tiles)}`).toEqual([]);
      if (insideWord.length > 0) break;
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The account's tabs: each on screen, or the row says more are off the edge.
    await callShowSettings(page, 'accounts');
    const tabs = page.locator('[data-active-section="accounts"]').getByRole('tab');
    await expect(tabs.first()).toBeVisible({ timeout: 30_000 });
    // One row (not wrapped onto a second), and any tab cut off by the row's edge or the screen's has
    // the row's sign beside it (the arrow that scrolls to it).
    const row = await tabs.evaluateAll((all) => {
      const list = all[0]!.closest('[role="tablist"]')!.getBoundingClientRect();
      const right = Math.min(list.right, window.innerWidth);
      return {
        tops: [...new Set(all.map((tab) => Math.round(tab.getBoundingClientRect().top)))],
        cut: all.filter((tab) => tab.getBoundingClientRect().right > right + 1).map((tab) => tab.textContent),
      };
    });
    expect.soft(row.tops, 'the tabs wrap onto a second row').toHaveLength(1);
    if (row.cut.length > 0) await expect.soft(page.getByTestId('scroll-tabs-more'), `${row.cut.join(', ')} cut off without a sign`).toBeVisible();
    // Japanese fits today's tabs on a phone; a row too narrow for them (a longer language, more
    // tabs) stays one row that shows it scrolls: its last tab is cut and the sign is there.
    await tabs.first().evaluate((tab) => { (tab.closest('.mantine-Tabs-root') as HTMLElement).style.width = '120px'; });
    const narrow = await tabs.evaluateAll((all) => ({
      tops: new Set(all.map((tab) => Math.round(tab.getBoundingClientRect().top))).size,
      cut: all.at(-1)!.getBoundingClientRect().right > all[0]!.closest('[role="tablist"]')!.getBoundingClientRect().right + 1,
    }));
    expect.soft(narrow, 'a narrow row: one row, its last tab cut').toEqual({ tops: 1, cut: true });
    await expect.soft(page.getByTestId('scroll-tabs-more'), 'a narrow row shows it scrolls').toBeVisible();
    await expect.soft(page.locator('[data-active-section="accounts"] [role="tab"][disabled], [data-active-section="accounts"] [role="tab"][aria-disabled="true"]')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // History cards: the balance after each entry says what it is.
    await page.evaluate(() => window.postMessage({ type: 'SHOW_INVENTORY', tab: 'history' }, location.origin));
    const labels = page.getByTestId('history-after-label');
    // The history's first entry (the award), then the label each card's figure carries.
    await expect(page.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
    await expect.soft(labels.first()).toBeVisible();
    for (const label of await labels.all()) await expect.soft(label).toBeVisible();
    await page.keyboard.press('Escape');

    // With no crate, Open 1 Crate is off and the crate shop is offered; a toast raised over the
    // dialog (a wallet notice, as the game sends one) keeps clear of its header and controls.
    const dialog = page.getByRole('dialog');
    await trigger(page, { type: 'SHOW_CRATE_OPEN_MODAL' }, dialog.getByTestId('crate-open'));
    await expect(dialog.getByTestId('owned-badge')).toContainText('0');
    await expect.soft(dialog.getByTestId('open-one-crate')).toBeDisabled();
    await expect.soft(dialog.getByTestId('no-crates')).toBeVisible();
    const toast = page.locator('[data-toast-area]').first();
    // Raised again until seen: on a loaded machine a 4 s toast can come and go between two looks.
    await expect(async () => {
      await page.evaluate(() => window.postMessage({ type: 'WALLET_NOTIFICATION', walletData: { wasError: false, notifTitle: 'Wallet', notifMessage: 'Wallet linked' } }, location.origin));
      await expect(toast).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const toastBox = (await toast.boundingBox())!;
    for (const part of [page.locator('.mantine-Modal-title'), page.locator('.mantine-Modal-close'), ...await dialog.getByRole('button').all()]) {
      const box = (await part.boundingBox())!;
      expect.soft(overlaps(toastBox, box), `toast ${JSON.stringify(toastBox)} over ${JSON.stringify(box)}`).toBe(false);
    }

    // Two crates arrive: open all, the reveal's hint says "tap".
    await awardPlayer(page.request, { username, items: { [CRATE_VERSIONS[0]!.crateItemUuid]: 2 }, awardId: name('ph-crates') });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await trigger(page, { type: 'SHOW_CRATE_OPEN_MODAL' }, dialog.getByTestId('crate-open'));
    await openAll(page, 2, { skipHint: ja['crates.reveal.skipHintTouch']!, otherHint: ja['crates.reveal.skipHint']!, youGot: ja['crates.CrateOpenModal.youGot']! });
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the loading screen writes its size and percent the German way', async ({ page }) => {
    await holdGameData(page);
    await page.goto('/');
    await expect(page.getByTestId('loading-megabytes')).toHaveText(/^\d+,\d MB \/ \d+(,\d)? MB$/, { timeout: 30_000 });
    // Intl's German percent: a (no-break) space before the sign.
    await expect(page.getByTestId('loading-percent')).toHaveText(/^\d+\s%$/);
  });
});
