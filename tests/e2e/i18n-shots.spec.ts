// Screenshots of the shell in the long (de, ru) and CJK (ja, ko, zh) languages, desktop 1440x900
// and phone 390x844, for a person to look at (issue 24: no clipped buttons, no overflow, no tofu).
// A tool, not a check: only with LOOK_SHOTS=1, into $LOOK_SHOTS_DIR (/tmp/shots-i18n by default):
//   npm run build && LOOK_SHOTS=1 LOOK_SHOTS_DIR=/tmp/shots-i18n E2E_PORT=9401 npx playwright test tests/e2e/i18n-shots.spec.ts
// LOOK_SHOTS_LOCALES=de,ja,ru picks the languages (default de,ja,ru).
import { mkdirSync } from 'node:fs';
import { waitForGame, type TestWindow } from './game';
import { test, type Page } from './test';

const DIR = process.env.LOOK_SHOTS_DIR ?? '/tmp/shots-i18n';
const LOCALES = (process.env.LOOK_SHOTS_LOCALES ?? 'de,ja,ru').split(',');
test.skip(process.env.LOOK_SHOTS !== '1', 'screenshot tool: run with LOOK_SHOTS=1');
test.describe.configure({ timeout: 180_000 });

const post = (page: Page, message: unknown) => page.evaluate((m) => window.postMessage(m, window.location.origin), message);

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });
    test(`look: ${locale} [both]`, async ({ page }, info) => {
      mkdirSync(DIR, { recursive: true });
      if (info.project.name === 'desktop') await page.setViewportSize({ width: 1440, height: 900 });
      const shot = async (name: string) => { await page.waitForTimeout(700); await page.screenshot({ path: `${DIR}/${locale}-${info.project.name}-${name}.png` }); };
      await page.goto('/');
      await page.waitForTimeout(300);
      await shot('loading');
      await waitForGame(page);
      await post(page, { type: 'switchAuthMode', mode: 'login' });
      await page.getByRole('dialog').waitFor({ timeout: 30_000 });
      await shot('auth-login');
      await page.keyboard.press('Escape');
      await page.waitForTimeout(500);
      for (const section of ['general', 'keyboard', 'accounts', 'clans']) {
        await page.evaluate((s) => (window as TestWindow).showSettings?.(s), section);
        await page.getByTestId('settings-overlay').waitFor({ timeout: 30_000 });
        await shot(`settings-${section}`);
      }
    });
  });
}
