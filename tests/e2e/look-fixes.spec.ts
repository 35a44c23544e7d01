// What a person saw on the screenshots and a cheaper test cannot: how Chromium breaks lines.
// Japanese has no spaces, and the default line breaking split words on a phone ("販売 / 中",
// "1 / 個", "クレー / ト"); the shell's stylesheet (src/app/look.css) breaks between phrases.
import { waitForGame, type TestWindow } from './game';
import { expect, test } from './test';

test.use({ locale: 'ja' });

test('Japanese lines break between phrases, never inside a word [both]', async ({ page }) => {
  await page.goto('/');
  await waitForGame(page);
  // The shell's stylesheet is in once an overlay of its own is on screen.
  await page.evaluate(() => (window as TestWindow).showSettings?.('general'));
  await expect(page.locator('[data-active-section="general"]')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
  const split = await page.evaluate(() => {
    const text = '2025年10月19日 21:30 UTCから販売中、1クレート300 TripCoins。Base Set II クレート1個とTechnical Difficultiesアイテム1個。';
    const box = document.createElement('div');
    box.style.fontSize = '16px';
    box.textContent = text;
    document.body.append(box);
    const words = ['販売中', '1個', 'クレート'];
    const found: string[] = [];
    for (let width = 160; width <= 400; width += 2) {
      box.style.width = `${width}px`;
      for (const word of words) {
        for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
          const range = document.createRange();
          range.setStart(box.firstChild!, at);
          range.setEnd(box.firstChild!, at + word.length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) found.push(`${word} at ${width}px`);
        }
      }
    }
    box.remove();
    return found;
  });
  expect(split).toEqual([]);
});
