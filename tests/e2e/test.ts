// The e2e `test`: Playwright's, plus one rule for every spec. Route handlers that proxy or
// delay requests (game data, the Activity origin) may still be running when a test ends; their
// late errors ("Fetch response has been disposed") would then fail a test that passed. Every
// test therefore ends by unrouting with `ignoreErrors`, as Playwright recommends.
import { test as base } from '@playwright/test';

export { expect, type Page } from '@playwright/test';

export const test = base.extend<{ unrouteAtEnd: undefined }>({
  unrouteAtEnd: [async ({ page }, use) => {
    await use(undefined);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }, { auto: true }],
});
