// The airdrop, the crate opening and the reveal in Chromium against the real server: the Airdrops section shows what the
// airdrop gives and, once claimed, what it gave (cards with images and names) and when; its
// "Open Crate" opens crate opening on the set the player owns (the airdrop's Base Set II crate);
// opening one rolls the reveal, which a click skips, landing on the item in its rarity colour.
// The UI sounds are fetched only once a sound plays (never for the first screen). axe on each.
// Screenshots go to /tmp/shots/h-crates/after/ (SHOT_LOCALES=en,de,ja for more languages; the
// assertions on English texts run in English only).
import { mkdirSync } from 'node:fs';
import { expectNoSeriousViolations } from './axe';
import { stubGame } from './accounts-helpers';
import { callShowSettings, loadingScreenGone } from './game';
import { registerPlayer } from './players';
import { expect as baseExpect, test, type Page } from './test';
import { settled } from './settle';

const expect = baseExpect.configure({ timeout: 20_000 });
const DIR = process.env.SHOTS_DIR ?? '/tmp/shots/h-crates/after';
const LOCALES = (process.env.SHOT_LOCALES ?? 'en').split(',');

async function showSettings(page: Page, section: string) {
  await expect(async () => {
    await callShowSettings(page, section);
    await expect(page.locator(`[data-active-section="${section}"]`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });
    test(`the airdrop shows what it gave and its crate opens into a reveal (${locale})`, async ({ page }, info) => {
      mkdirSync(DIR, { recursive: true });
      if (info.project.name === 'desktop') await page.setViewportSize({ width: 1440, height: 900 });
      const en = locale === 'en';
      // A still screen, or (still = false) the moment as it is: the reveal mid-animation.
      const shot = async (name: string, still = true) => { if (still) await settled(page); await page.screenshot({ path: `${DIR}/${locale}-${info.project.name}-${name}.png` }); };
      const sounds: string[] = [];
      page.on('request', (request) => { if (request.url().includes('/sounds/')) sounds.push(new URL(request.url()).pathname); });
      await stubGame(page);
      await registerPlayer(page.request, `air${info.project.name.slice(0, 2)}${locale}${Date.now().toString(36)}`.slice(0, 20));
      await page.goto('/');
      await loadingScreenGone(page, 60_000);
      // No sound file for the first screen.
      expect(sounds).toEqual([]);

      // Eligible: the cards of what the airdrop gives, and Claim.
      await showSettings(page, 'airdrops');
      const section = page.locator('[data-active-section="airdrops"]');
      await expect(section.getByTestId('airdrop-reward-card')).toHaveCount(2);
      await shot('airdrop-eligible');
      await expectNoSeriousViolations(page, '[data-testid="settings-overlay"]');
      await section.getByTestId('airdrop-claim').click();

      // Claimed: what it gave, with images and names, and when; the purchase sound was fetched.
      await expect(section.getByTestId('airdrop-claimed')).toBeVisible();
      const cards = section.getByTestId('airdrop-reward-card');
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0).getByRole('img', { name: 'Base Set II Crate' })).toBeVisible();
      await expect(cards.nth(1).getByRole('img', { name: 'Technical Difficulties' })).toBeVisible();
      await expect.poll(() => cards.nth(0).locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      if (en) await expect(section.getByTestId('airdrop-claimed-at')).toHaveText(/^Claimed on /);
      await expect.poll(() => sounds).toContain('/sounds/purchase.wav');
      await expect(page.locator('.mantine-Notifications-notification')).toHaveCount(0, { timeout: 15_000 }); // the claim's toast goes
      await shot('airdrop-claimed');
      await expectNoSeriousViolations(page, '[data-testid="settings-overlay"]');

      // Its crate: crate opening starts on Base Set II, where the player's one crate is.
      await section.getByTestId('airdrop-open-crate').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('owned-badge')).toHaveText(/(^|\D)1(\D|$)/);
      await expect(dialog.getByTestId('crate-open')).toHaveAttribute('data-version', '1');
      if (en) {
        await expect(dialog.getByText('Open Base Set II Crates')).toBeVisible();
        await expect(dialog.getByTestId('crate-open-text')).toHaveText('Open a Base Set II crate to receive a random item, with better odds of rare ones!');
      }
      await shot('crate-open');
      await expectNoSeriousViolations(page, '[role="dialog"]');

      // The reveal rolls (REVEAL_MS, 2.6 s), a click skips it, and it lands on the item in its
      // rarity. axe on the rolling reel is in tests/unit/crates-airdrop-reveal.test.tsx: it runs
      // longer than the reveal does here.
      await dialog.getByTestId('open-one-crate').click();
      const reveal = dialog.getByTestId('crate-reveal');
      await expect(reveal).toBeVisible();
      await shot('crate-reveal', false);
      // Skipped while it still rolls (a slow machine may have seen it land already).
      await reveal.getByRole('button').click({ timeout: 1_000 }).catch(() => undefined);
      const result = dialog.getByTestId('crate-result');
      await expect(result).toBeVisible();
      await expect(result).toHaveAttribute('data-rarity', /^(common|uncommon|rare|epic|legendary)$/);
      await expect(dialog.getByTestId('won-item')).not.toBeEmpty();
      await expect.poll(() => sounds).toContain('/sounds/reveal.wav');
      await shot('crate-result');
      await expectNoSeriousViolations(page, '[role="dialog"]');
      await expect(dialog.getByTestId('owned-badge')).toHaveCount(0);
    });
  });
}
