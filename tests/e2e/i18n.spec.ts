// The shell in the player's language: the browser's language from the first loading
// message on with <html lang>, English as the spec writes it, and a switch in the settings that
// changes the texts at once, reaches the game and survives a reload.
import { demoState, openGame, type TestWindow } from './game';
import { expect, test, type Page } from './test';
import { holdGameData } from './settle';
import { answerAgeScreen } from './age';

test.describe.configure({ timeout: 90_000 });
test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'desktop only');
});

/** Keeps the loading screen up: the game's data waits until the test ends. */
async function holdLoading(page: Page) {
  await holdGameData(page);
}

test.describe('Chromium in German', () => {
  test.use({ locale: 'de-DE' });
  test('speaks German from the first loading message on, with <html lang="de">', async ({ page }) => {
    await holdLoading(page);
    // Every loading message the page shows, from its first paint (the first frame shows none).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenMessages: string[] }).seenMessages = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.ls-message')) {
          const text = el.textContent ?? '';
          if (text && getComputedStyle(el).visibility !== 'hidden' && seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.goto('/');
    // The messages cycle on a timer: on a busy machine the page is past the first one before the
    // load event. What counts is the first one shown, which the observer kept.
    await expect.poll(() => page.evaluate(() => (window as unknown as { seenMessages: string[] }).seenMessages.length)).toBeGreaterThan(0);
    await expect(page.getByTestId('loading-message')).toHaveText(/\S/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('progressbar', { name: 'Spiel wird geladen' })).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { seenMessages: string[] }).seenMessages);
    expect(seen[0]).toBe('Spiel wird geladen...');
    expect(seen).not.toContain('Loading game...');
  });

  test('the bot check in the sign-up form speaks German too (altcha\'s own words, loaded with the widget)', async ({ page }) => {
    await openGame(page);
    await page.evaluate(() => window.postMessage({ type: 'switchAuthMode', mode: 'signup' }, window.location.origin));
    await answerAgeScreen(page.getByRole('dialog'));
    const check = page.getByTestId('bot-check');
    await expect(check).toContainText(/Überprüft|Ich bin kein Roboter/, { timeout: 30_000 });
    await expect(check).toContainText('Geschützt durch');
    await expect(check).not.toContainText(/Verified|Protected by/);
  });
});

test.describe('Chromium in English', () => {
  test.use({ locale: 'en-US' });
  test("shows the spec's English; a switch to German changes the texts at once, reaches the game and survives a reload", async ({ page }) => {
    await holdLoading(page);
    await page.goto('/');
    await expect(page.getByTestId('loading-message')).toHaveText('Loading game...');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await openGame(page, '/');
    await page.evaluate(() => (window as TestWindow).showSettings?.('general'));
    const overlay = page.getByTestId('settings-overlay');
    await expect(overlay.getByRole('heading', { name: 'General' })).toBeVisible({ timeout: 20_000 });
    await overlay.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await expect(overlay.getByRole('heading', { name: 'Allgemein' })).toBeVisible();
    await expect(overlay.getByRole('combobox', { name: 'Sprache' })).toHaveValue('Deutsch');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect.poll(async () => (await demoState(page)).received.some((m) => m.method === 'OnSettingChanged' && /language.*\bde\b/.test(String(m.value))), { timeout: 20_000 }).toBe(true);

    await holdLoading(page);
    await page.reload();
    await expect(page.getByTestId('loading-message')).toHaveText('Spiel wird geladen...');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});
