// Screenshots of the Log In prompts, the ticket line, Log Out and the clan views, at 1280x800 and
// 390x844, into /tmp/shots-ux/: Sell and Transfer logged out (Log In prompt), the bridge's first
// step (the ticket line), the Account section with Log Out and its confirmation, the Clans section.
import { mkdirSync } from 'node:fs';
import { openGame, type TestWindow } from './game';
import { registerPlayer } from './players';
import { expect, test, type Page } from './test';

const SHOTS = '/tmp/shots-ux';
test.describe.configure({ timeout: 240_000 });

async function trigger(page: Page, message: Record<string, unknown>, title: string) {
  await page.evaluate((m) => window.postMessage(m, location.origin), message);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  return dialog;
}

test('screenshots of the Log In prompts, the ticket line, Log Out and the clan views, desktop and phone', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'sizes are set here');
  mkdirSync(SHOTS, { recursive: true });
  await openGame(page);
  for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}-${size}.png` });
    for (const [modalType, title] of [['sell', 'List Item for Sale'], ['transfer', 'Transfer Items']] as const) {
      const dialog = await trigger(page, { type: 'SHOW_MARKETPLACE_MODAL', modalType }, title);
      await expect(dialog.getByRole('button', { name: 'Log In' })).toBeVisible({ timeout: 15_000 });
      await shot(`${modalType}-logged-out`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  }
  await registerPlayer(page.request, `ux${Date.now().toString(36)}`.slice(0, 20));
  await page.reload();
  await openGame(page);
  for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}-${size}.png` });
    const bridge = await trigger(page, { type: 'SHOW_MYTHICAL_BRIDGE_MODAL' }, 'Mythical Bridge');
    await expect(bridge.getByTestId('bridge-ticket')).toContainText('Mythical Ticket', { timeout: 15_000 });
    await shot('bridge-first-step');
    await page.keyboard.press('Escape');
    await page.evaluate(() => (window as TestWindow).showSettings?.('accounts'));
    await expect(page.getByRole('button', { name: 'Log Out', exact: true })).toBeVisible({ timeout: 20_000 });
    await shot('account-log-out');
    await page.getByRole('button', { name: 'Log Out', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Log out?' })).toBeVisible();
    await shot('account-logout-confirm');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Log out?' })).toHaveCount(0);
    await expect(page.getByTestId('settings-overlay')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.evaluate(() => (window as TestWindow).showSettings?.('clans'));
    await expect(page.getByTestId('clan-non-member')).toBeVisible({ timeout: 20_000 });
    await shot('clans-non-member');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('settings-overlay')).toHaveCount(0);
  }
});
