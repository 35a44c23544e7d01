// The shell's type faces: Exo 2 for titles and figures, Inter for the body,
// bundled from their Fontsource packages (Latin and Cyrillic files only), declared in the page
// itself with font-display swap and never preloaded, so no font holds up the first paint; the
// browser fetches only the files whose characters the page shows.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitForGame, type TestWindow } from './game';
import { expect, test, type Page } from './test';
import { holdGameData } from './settle';

const DIST = 'dist';

// eslint-disable-next-line no-empty-pattern -- Playwright reads the destructuring to know no fixture is needed
test('the build declares the bundled faces in index.html with font-display swap, Latin and Cyrillic only, nothing preloaded', async ({}) => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const faces = [...html.matchAll(/@font-face\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  expect(faces.length).toBe(4);
  const families = new Set<string>();
  for (const face of faces) {
    expect(face).toContain('font-display:swap');
    families.add(/font-family:"?([^";]+?)"?;/.exec(face)?.[1] ?? ''); // the minifier drops the quotes around Inter Variable
    const file = /url\(\/(assets\/[^)]+\.woff2)\)/.exec(face)?.[1] ?? '';
    expect(file).toMatch(/^assets\/(exo-2|inter)-(latin|cyrillic)-wght-normal-[\w-]+\.woff2$/);
    expect(existsSync(join(DIST, file)), file).toBe(true);
  }
  expect([...families].sort()).toEqual(['Exo 2 Variable', 'Inter Variable']);
  // no font is preloaded: the first frame paints in the fallback face and swaps
  expect(html).not.toMatch(/<link[^>]+rel="preload"[^>]+as="font"/);
  expect(html).not.toMatch(/<link[^>]+\.woff2/);
});

async function fontFamilyOf(page: Page, selector: string): Promise<string> {
  return page.locator(selector).first().evaluate((el) => getComputedStyle(el).fontFamily);
}

test('the loading screen and the overlays show the bundled faces; an English page fetches only the Latin files', async ({ page }) => {
  const data = await holdGameData(page);
  await page.goto('/');
  await expect(page.getByTestId('loading-screen')).toBeVisible();
  expect(await fontFamilyOf(page, '.ls-title')).toMatch(/^"Exo 2 Variable"/);
  expect(await fontFamilyOf(page, '.ls-message')).toMatch(/^"Inter Variable"/);
  await expect.poll(() => page.evaluate(async () => {
    await document.fonts.ready;
    return document.fonts.check('900 40px "Exo 2 Variable"', 'TRIPSHELL') && [...document.fonts].some((f) => f.family.includes('Exo 2') && f.status === 'loaded');
  }), { timeout: 15_000 }).toBe(true);
  data.release();
  await waitForGame(page);
  await expect(async () => {
    await page.evaluate(() => (window as TestWindow).showSettings?.('general'));
    await expect(page.locator('[data-active-section="general"]')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const overlay = page.getByTestId('settings-overlay');
  expect(await overlay.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"Inter Variable"/);
  expect(await overlay.locator('h1, h2').first().evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"Exo 2 Variable"/);
  await page.evaluate(() => document.fonts.ready);
  const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.woff2')).map((n) => n.split('/').pop() ?? ''));
  expect(fetched.some((f) => f.startsWith('exo-2-latin-'))).toBe(true);
  expect(fetched.some((f) => f.startsWith('inter-latin-'))).toBe(true);
  expect(fetched.filter((f) => f.includes('cyrillic'))).toEqual([]);
});
