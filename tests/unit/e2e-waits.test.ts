import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A wait that holds before the state it waits for has begun lets a test run ahead of the page.
// The loading screen is the one the suite met: index.html's first frame (`.ls-root`) is up from
// the first byte, but the shell gives it the test id `loading-screen` only once it takes the frame
// over, after the game's first paint. "No element with that id" therefore held at once on a page
// still loading, and a Discord test read the SDK's handshake before there was one (under load, in
// CI). "No `.ls-root`" holds early too, in a frame that has not loaded the product yet. So the
// specs wait for the loading screen to go through one helper that waits for the product's page
// first (tests/e2e/game.ts, loadingScreenGone), and through nothing else.
const E2E = join(process.cwd(), 'tests/e2e');
const HELPER_FILE = 'game.ts';
/** `expect(<locator>)` followed by an assertion that it is gone, in any of its forms. */
const gone = (locator: string): RegExp => new RegExp(`${locator}\\s*\\)\\s*\\.(?:toHaveCount\\(\\s*0\\b|toBeHidden\\(|not\\.toBeVisible\\(|not\\.toBeAttached\\()`, 'g');
const BY_TEST_ID = gone(String.raw`getByTestId\(\s*['"]loading-screen['"]\s*\)`);
const BY_CLASS = gone(String.raw`locator\(\s*['"][^'"]*\.ls-root['"]\s*\)`);

/** Every end-to-end source with the lines where it waits for the loading screen to go on its own. */
function hollowWaits(sources: Record<string, string>): string[] {
  return Object.entries(sources).flatMap(([file, source]) =>
    [...source.matchAll(BY_TEST_ID), ...(file === HELPER_FILE ? [] : source.matchAll(BY_CLASS))]
      .map((match) => `${file}:${source.slice(0, match.index).split('\n').length}`));
}

describe('end-to-end waits for the loading screen to go', () => {
  it('finds such a wait in any of its forms', () => {
    expect(hollowWaits({
      'a.spec.ts': "await expect(page.getByTestId('loading-screen')).toHaveCount(0, { timeout: 1 });",
      'b.spec.ts': "\nawait expect(frame.getByTestId(\"loading-screen\")).toBeHidden();",
      'c.spec.ts': "await expect(page.getByTestId('loading-screen')).not.toBeVisible();",
      'd.spec.ts': "await loadingScreenGone(page);\nawait expect(page.getByTestId('loading-screen')).toBeVisible();",
      'e.spec.ts': "await expect(frame.locator('.ls-root')).toHaveCount(0, { timeout: 1 });",
      'f.spec.ts': "await expect(page.locator('#root > .ls-root')).toBeVisible();\nawait expect(page.locator('#root > .ls-root')).toBeHidden();",
      [HELPER_FILE]: "await expect(scope.locator('.ls-root')).toHaveCount(0, { timeout });",
    })).toEqual(['a.spec.ts:1', 'b.spec.ts:2', 'c.spec.ts:1', 'e.spec.ts:1', 'f.spec.ts:2']);
  });

  it('waits for the loading screen to go only through the helper that waits for the page first', () => {
    const sources = Object.fromEntries(readdirSync(E2E, { recursive: true })
      .map(String)
      .filter((file) => /\.(?:ts|mts|mjs)$/.test(file))
      .map((file) => [file, readFileSync(join(E2E, file), 'utf8')]));
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    expect(hollowWaits(sources)).toEqual([]);
  });
});
