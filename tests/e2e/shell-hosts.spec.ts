// The standalone site in Chromium never loads the portal SDK. The portal's lifecycle and mute
// (once here, with a fake SDK served at the portal SDK's real address) run in the host
// playground's portal now, framed cross-site as the portal does: tests/e2e/hosts-playground.spec.ts.
import { expect, test } from './test';
import { loadingScreenGone } from './game';

test.describe.configure({ timeout: 150_000 });

test('the standalone site never loads the portal SDK', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => { if (r.url().includes('crazygames')) requested.push(r.url()); });
  await page.goto('/');
  await loadingScreenGone(page, 60_000);
  expect(requested).toEqual([]);
  expect(await page.evaluate(() => 'CrazyGames' in window)).toBe(false);
});
