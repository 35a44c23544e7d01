// A player's evening, the screens' part: no stale claims (the streak and the Base Set II
// announcement speak from release data, in the past tense once it is past) and no dead end in
// the crate shop (coins the game awards show in the open shop at once, through a live event).
//   npm run build && E2E_PORT=9500 npx playwright test tests/e2e/evening-screens.spec.ts --project desktop
import { GAME_BUILD_FILES } from '../../contract/game';
import { awardPlayer, registerPlayer } from './players';
import { expect, test, type Page } from './test';

const name = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);

/** The shell without the game's data (the loading screen stays up), with the Base Set shop open over it. */
async function openCrateShop(page: Page): Promise<void> {
  await page.route(`**${GAME_BUILD_FILES.dataUrl}`, () => undefined);
  await page.goto('/');
  await expect(page.getByTestId('streak-badge')).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => window.postMessage({ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 }, location.origin));
  await expect(page.getByRole('dialog').getByTestId('base-set-2-announcement')).toBeVisible({ timeout: 30_000 });
}

test('claims no streak that ended and announces no release that is past', async ({ page }) => {
  await openCrateShop(page);
  // The shipped release log ends in January 2025: the badge says when the last update was.
  await expect(page.getByTestId('streak-badge')).toHaveText(/^Last update .*2025$/);
  const announcement = page.getByRole('dialog').getByTestId('base-set-2-announcement');
  await expect(announcement).toHaveAttribute('data-tense', 'released');
  await expect(announcement).toContainText(/Available since .*2025/);
  await expect(announcement).not.toContainText(/Releasing|EST/);
});

test('the open crate shop shows coins the game awards without being reopened', async ({ page }) => {
  const username = name('evs');
  await registerPlayer(page.request, username);
  // What the page asked and heard from its start, for a failure to say where the coins stopped:
  // the stream's openings and reconnections, whether the shop read the holdings again and what
  // came back, and what the page said (a stream's error, an overlay that could not start).
  let since = Date.now();
  const heard: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) heard.push(`${Date.now() - since} ms ${r.request().method()} ${path} ${r.status()}`);
  });
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) heard.push(`${Date.now() - since} ms asked ${r.method()} ${path}`);
  });
  page.on('requestfailed', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) heard.push(`${Date.now() - since} ms failed ${r.method()} ${path}: ${r.failure()?.errorText ?? ''}`);
  });
  page.on('console', (message) => { heard.push(`${Date.now() - since} ms console.${message.type()}: ${message.text().slice(0, 300)}`); });
  // The page's live stream is open before the award (an event before it would not be replayed).
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200, { timeout: 30_000 });
  await openCrateShop(page);
  const summary = page.getByRole('dialog').getByTestId('crate-summary');
  // The balance as read (the total cost also reads Ŧ0.00 while the shop's status loads). An award
  // arriving during that first read is tests/unit/query-client-invalidate.test.ts's case.
  await expect(summary.getByTestId('crate-balance')).toHaveText('Ŧ0.00', { timeout: 20_000 });
  await stream;
  heard.push(`${Date.now() - since} ms the award is sent (times below count from here)`);
  since = Date.now();
  await awardPlayer(page.request, { username, tripcoins: 250, awardId: name('evs-award') });
  heard.push(`${Date.now() - since} ms the award answered`);
  try {
    await expect(summary.getByTestId('crate-balance')).toHaveText('Ŧ250.00', { timeout: 15_000 });
  } catch (error) {
    throw new Error(`${(error as Error).message}\nWhat the page asked, got and said:\n${heard.join('\n') || '(none)'}`, { cause: error });
  }
});
