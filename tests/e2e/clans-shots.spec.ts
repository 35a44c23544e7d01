// Screenshots of the Clans section (your clan as admin, the Danger Zone open, Browse with a clan's
// members open), the loading screen and the General settings (the type faces), desktop 1440x900
// and phone 390x844, in en, de, ja and ru, each screen checked with axe.
// A tool, not a check: only with LOOK_SHOTS=1, into $LOOK_SHOTS_DIR (/tmp/shots-clans by default):
//   npm run build && LOOK_SHOTS=1 LOOK_SHOTS_DIR=/tmp/shots-clans E2E_PORT=9500 npx playwright test tests/e2e/clans-shots.spec.ts
// LOOK_SHOTS_LOCALES=en,de picks the languages (default en,de,ja,ru).
import { mkdirSync } from 'node:fs';
import { request as apiRequest } from '@playwright/test';
import { xpRequiredForLevel } from '../../contract/levels';
import { seriousViolations } from './axe';
import { SECTION, showClans } from './clans-helpers';
import { waitForGame, type TestWindow } from './game';
import { awardPlayer, registerPlayer } from './players';
import { expect, test } from './test';
import { holdGameData, settled } from './settle';

const DIR = process.env.LOOK_SHOTS_DIR ?? '/tmp/shots-clans';
const LOCALES = (process.env.LOOK_SHOTS_LOCALES ?? 'en,de,ja,ru').split(',');
test.skip(process.env.LOOK_SHOTS !== '1', 'screenshot tool: run with LOOK_SHOTS=1');
test.describe.configure({ timeout: 300_000 });

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });
    test(`clans look: ${locale} [both]`, async ({ page, baseURL }, info) => {
      mkdirSync(DIR, { recursive: true });
      if (info.project.name === 'desktop') await page.setViewportSize({ width: 1440, height: 900 });
      const findings: string[] = [];
      const shot = async (name: string, scope?: string) => {
        await settled(page);
        await page.screenshot({ path: `${DIR}/${locale}-${info.project.name}-${name}.png` });
        for (const f of await seriousViolations(page, scope)) findings.push(`${name}: ${f.rule} ${f.targets.join(', ')}`);
      };

      // The loading screen, held up by a slow game data file.
      const data = await holdGameData(page);
      await page.goto('/');
      await expect(page.getByTestId('loading-screen')).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${DIR}/${locale}-${info.project.name}-loading.png` });
      data.release();
      await waitForGame(page);

      // An admin at level 15 with a clan and two members (one of them at level 7).
      const stamp = `${locale}${info.project.name.slice(0, 1)}${Date.now().toString(36).slice(-5)}`;
      const admin = `Lead_${stamp}`;
      const clanName = `Nightfall Raid ${locale}${info.project.name.slice(0, 1)}`; // names are unique
      const uuid = await registerPlayer(page.request, admin);
      await awardPlayer(page.request, { uuid, xp: xpRequiredForLevel(15), tripcoins: 2500, awardId: `cs-a-${stamp}` });
      const created = await page.request.post('/api/clans/create', { data: { clanName: clanName, clanTag: `N${stamp.slice(-3)}`.toUpperCase(), clanColor: '#f08c00' } });
      expect(created.ok(), await created.text()).toBe(true);
      const status = await (await page.request.get('/api/clans/my-status')).json() as { clan: { clanId: string } };
      for (const [i, name] of [`vera_${stamp}`, `otto_${stamp}`].entries()) {
        const other = await apiRequest.newContext({ baseURL });
        const otherUuid = await registerPlayer(other, name);
        await awardPlayer(other, { uuid: otherUuid, xp: xpRequiredForLevel(i === 0 ? 7 : 22), tripcoins: 40 + i * 900, awardId: `cs-${i}-${stamp}` });
        expect((await other.post(`/api/clans/${status.clan.clanId}/request`, { data: {} })).ok()).toBe(true);
        await other.dispose();
      }
      const requests = await (await page.request.get(`/api/clans/${status.clan.clanId}/requests`)).json() as Array<{ requestId: string }>;
      for (const r of requests) expect((await page.request.post(`/api/clans/requests/${r.requestId}/accept`, { data: {} })).ok()).toBe(true);
      await page.reload();
      await waitForGame(page);

      await showClans(page);
      await expect(page.getByTestId('clan-member')).toHaveCount(3, { timeout: 20_000 });
      await shot('clans-yours', SECTION);
      const danger = page.locator(`${SECTION} [aria-controls="clan-danger-zone"]`);
      await danger.click();
      await page.getByTestId('clan-color-editor').scrollIntoViewIfNeeded();
      await shot('clans-danger', SECTION);
      await page.locator(`${SECTION} [role="tab"]`).nth(1).click();
      const item = page.getByTestId('clan-browse-item').filter({ hasText: clanName }).first();
      await item.getByRole('button').first().click();
      await shot('clans-browse', SECTION);
      await page.evaluate(() => (window as TestWindow).showSettings?.('general'));
      await expect(page.locator('[data-active-section="general"]')).toBeVisible({ timeout: 20_000 });
      await shot('settings-general', '[data-testid="settings-overlay"]');
      console.log(`[clans-shots] ${locale} ${info.project.name} axe serious: ${findings.length ? findings.join(' | ') : 'none'}`);
    });
  });
}

