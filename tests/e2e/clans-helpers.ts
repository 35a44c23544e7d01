// What both clan specs do to reach the Clans section of the settings overlay.
import { expect, type Page } from './test';
import type { TestWindow } from './game';

export const SECTION = '[data-active-section="clans"]';
export const SHOTS = '/tmp/clans-shots';


/** Opens settings on Clans through the game's hook, which installs with the shell's second chunk: repeated until the section is there. */
export async function showClans(page: Page): Promise<void> {
  await expect(async () => {
    await page.evaluate(() => (window as TestWindow).showSettings?.('clans'));
    await expect(page.locator(SECTION)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}

/** Settings closed and opened again: the section loads the player's status and lists afresh. */
export async function reopenClans(page: Page, timeout: number): Promise<void> {
  await page.getByRole('button', { name: 'Close settings' }).click();
  await expect(page.getByTestId('settings-overlay')).toHaveCount(0, { timeout });
  await showClans(page);
}
