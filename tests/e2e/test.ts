// The e2e `test`: Playwright's, plus one rule for every spec. Route handlers that proxy or
// delay requests (game data, the Activity origin) may still be running when a test ends; their
// late errors ("Fetch response has been disposed") would then fail a test that passed. Every
// test therefore ends by unrouting with `ignoreErrors`, as Playwright recommends.
// And the demo game draws at most `demoGameMaxFps` frames a second (demo-game/src/test-api.ts
// says why); a spec about frames sets `test.use({ demoGameMaxFps: 0 })` for the game's own pace.
import { test as base, type BrowserContext } from '@playwright/test';
import { TEST_FRAME_CAP_GLOBAL } from '../../demo-game/src/test-api';

export { expect, type Page } from '@playwright/test';

/** The demo game's frame cap in every page and frame of a test (0: none). */
export const DEMO_GAME_MAX_FPS = 5;

export const test = base.extend<{ unrouteAtEnd: undefined; demoGameMaxFps: number; demoGameFrameCap: undefined }>({
  demoGameMaxFps: [DEMO_GAME_MAX_FPS, { option: true }],
  // Init scripts run in every frame of a page (the playground's and the Activity's game too). The
  // test's own context gets it, and so does every context the test opens itself (second players,
  // a second browser): browser.newContext is wrapped for the length of the test.
  demoGameFrameCap: [async ({ browser, context, demoGameMaxFps }, use) => {
    const cap = (target: BrowserContext) => target.addInitScript(([name, fps]) => { (window as unknown as Record<string, unknown>)[name] = fps; }, [TEST_FRAME_CAP_GLOBAL, demoGameMaxFps] as const);
    const newContext = browser.newContext;
    if (demoGameMaxFps > 0) {
      await cap(context);
      browser.newContext = async (...args) => { const opened = await newContext.apply(browser, args); await cap(opened); return opened; };
    }
    await use(undefined);
    browser.newContext = newContext;
  }, { auto: true }],
  unrouteAtEnd: [async ({ page }, use) => {
    await use(undefined);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }, { auto: true }],
});
