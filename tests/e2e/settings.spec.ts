// The settings overlay in Chromium against the real demo game: a slider reaches the game with
// the toast, a rebinding arrives, conflicts are refused, values survive a reload, the drawer on
// a phone, Escape closes; and screenshots of every section into /tmp/settings-shots/. Beyond
// the spec: the search, the preloaded overlay's opening time, reset with confirmation, export
// then import, and settings that follow a logged-in player to another browser.
import { mkdirSync, readFileSync } from 'node:fs';
import { GAME_BUILD_FILES } from '../../contract/game';
import { expectKeyboardReachable, expectNoSeriousViolations } from './axe';
import { demoState, openGame as openGameAt, type TestWindow } from './game';
import { botCheckToken, registerPlayer } from './players';
import { expect, test, type Page } from './test';
import { gameFramesDrawn, idle } from './settle';

test.describe.configure({ timeout: 150_000 });

// Video is disabled in the current configuration; the parent's list is switched off so the
// FOV slider (the demo game's most visible setting) can be driven.
const ALL_SECTIONS = '/?settingsDisabled=';
const SHOTS = '/tmp/settings-shots';

/** The game with every section enabled (unless another address is given). */
const openGame = (page: Page, url = ALL_SECTIONS) => openGameAt(page, url);
async function openSettings(page: Page, section?: string) {
  await page.evaluate((s) => (window as TestWindow).showSettings?.(s), section);
  await expect(page.getByTestId('settings-overlay')).toBeVisible({ timeout: 20_000 });
}
const demo = demoState;

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop' && !testInfo.title.includes('[both]'), 'desktop only');
});

test('the FOV slider reaches the game with a Setting updated toast, and a reload keeps it', async ({ page }) => {
  await openGame(page);
  await openSettings(page, 'video');
  const fov = page.getByRole('slider', { name: 'Field of View' });
  await fov.focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('setting-fov-value')).toHaveText('95');
  await expect.poll(async () => (await demo(page)).fov, { timeout: 20_000 }).toBe(95);
  await expect(page.getByText('Setting updated').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-overlay')).toHaveCount(0);
  await expect.poll(async () => (await demo(page)).received.some((m) => m.method === 'OnSettingsClosed')).toBe(true);

  // After a reload the saved value reaches the game as soon as it loads, before any overlay opens.
  await openGame(page);
  await expect.poll(async () => (await demo(page)).fov, { timeout: 20_000 }).toBe(95);
  await openSettings(page, 'video');
  await expect(page.getByTestId('setting-fov-value')).toHaveText('95');
});

test('rebinding moveForward reaches the game; a conflicting key asks with the rule text, and Swap exchanges the keys', async ({ page }) => {
  await openGame(page);
  await openSettings(page, 'keyboard');
  const forward = page.getByRole('button', { name: /^Move Forward:/ });
  await forward.click();
  await expect(forward).toHaveText('Press a key or mouse button...');
  await page.keyboard.press('ArrowUp');
  await expect(forward).toHaveText('Up Arrow');
  await expect.poll(async () => (await demo(page)).keyBindings.moveForward, { timeout: 20_000 }).toBe(273);

  // The conflict is asked in place with Swap and Cancel, clear of the footer.
  const jump = page.getByRole('button', { name: /^Jump:/ });
  await jump.click();
  await page.keyboard.press('KeyA');
  const prompt = page.getByRole('alertdialog', { name: 'A is already bound to Move Left' });
  await expect(prompt).toContainText('Choose a different key or unbind the existing one first');
  await expect(jump).toHaveText('Space');
  const promptBox = (await prompt.boundingBox())!;
  const footerBox = (await page.locator('footer[data-settings-footer]').boundingBox())!;
  expect(promptBox.y + promptBox.height).toBeLessThanOrEqual(footerBox.y);
  await expectNoSeriousViolations(page, '[data-testid="settings-overlay"]');
  await page.keyboard.press('Enter'); // the focus is on Swap
  await expect(prompt).toHaveCount(0);
  await expect(jump).toHaveText('A');
  await expect(page.getByRole('button', { name: /^Move Left:/ })).toHaveText('Space');
  await expect.poll(async () => (await demo(page)).keyBindings.moveLeft, { timeout: 20_000 }).toBe(32);
  // The change's toast starts above the footer on a desktop too (it sat on Export and Import).
  const toast = page.locator('.mantine-Notifications-notification').first();
  await expect(toast).toBeVisible();
  await expect.poll(async () => { const t = (await toast.boundingBox())!; return t.y + t.height <= footerBox.y; }).toBe(true);

  await page.getByText('Double-Tap Forward', { exact: true }).click();
  await expect(page.getByRole('button', { name: /^Sprint:/ })).toHaveText('Double Tap W');
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(forward).toHaveText('W');
});

test('on a 390x844 phone the sidebar is a drawer that closes when a section is chosen, or on Escape or Back [both]', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openGame(page);
  await openSettings(page, 'mouse');
  await expect(page.getByRole('navigation', { name: 'Settings sections' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(nav).toBeVisible();
  const box = await page.locator('.mantine-Drawer-content').boundingBox();
  expect(box?.width).toBeGreaterThan(299);
  expect(box?.width).toBeLessThanOrEqual(300.5); // 85% of 390 is 331.5, capped at 300
  // Escape, then Back (the back gesture), close the drawer, not the overlay.
  await page.keyboard.press('Escape');
  await expect(nav).toHaveCount(0);
  await expect(page.getByTestId('settings-overlay')).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toBeVisible();
  await page.goBack();
  await expect(nav).toHaveCount(0);
  await expect(page.getByTestId('settings-overlay')).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('button', { name: 'Audio' }).click();
  await expect(nav).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Audio' })).toBeVisible();
  // A touch-only phone says what the key bindings are for; a desktop with a mouse does not.
  await openSettings(page, 'keyboard');
  await expect(page.getByTestId('keyboard-touch-note')).toHaveCount(testInfo.project.name === 'phone' ? 1 : 0);
  await page.getByRole('button', { name: 'Close settings' }).click();
  await expect(page.getByTestId('settings-overlay')).toHaveCount(0);
});

test('the default configuration hides video (general holds the language), the spec preset both, and every section renders (screenshots) [both]', async ({ page }, testInfo) => {
  mkdirSync(SHOTS, { recursive: true });
  const names = ['Mouse Settings', 'Audio', 'Regions', 'Gameplay', 'Keyboard', 'About'];
  if (testInfo.project.name === 'desktop') {
    const nav = page.getByRole('navigation', { name: 'Settings sections' });
    await openGame(page, '/');
    await openSettings(page);
    await expect(nav.getByRole('button', { name: 'General' })).toHaveCount(1);
    await expect(nav.getByRole('button', { name: 'Video' })).toHaveCount(0);
    await openGame(page, '/?settingsDisabled=general,video');
    await openSettings(page);
    await expect(nav.getByRole('button', { name: 'General' })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Video' })).toHaveCount(0);
  }
  await openGame(page);
  await openSettings(page);
  for (const name of ['General', ...names.slice(0, 3), 'Video', ...names.slice(3)]) {
    const id = name === 'Mouse Settings' ? 'mouse' : name.toLowerCase();
    await openSettings(page, id);
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${testInfo.project.name}-${id}.png` });
  }
  // The default Regions tab shows no latency setting, so it does not explain one.
  await openSettings(page, 'regions');
  await expect(page.getByRole('heading', { name: 'Regions', exact: true })).toBeVisible();
  await expect(page.getByTestId('latency-description')).toHaveCount(0);
  await openSettings(page, 'about');
  await expect(page.getByTestId('about-version')).toHaveText('v1.3');
  await expect(page.getByText('Stable Channel')).toBeVisible();
});

test('the preloaded overlay opens in under 200 ms, and the search filters across sections', { tag: '@timing' }, async ({ page }) => {
  await openGame(page);
  // The overlay's chunk, then its sections' chunks, are fetched when the browser is idle after the game starts.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /AirdropSection[^/]*\.js$/.test(e.name))), { timeout: 30_000 }).toBe(true);
  await idle(page); // the chunks have evaluated
  const openMs = await page.evaluate(() => new Promise<number>((resolve) => {
    const visible = () => { const el = document.querySelector('[data-testid="settings-overlay"]'); return el !== null && el.getBoundingClientRect().width > 0; };
    const start = performance.now();
    const observer = new MutationObserver(() => { if (visible()) { observer.disconnect(); resolve(performance.now() - start); } });
    observer.observe(document.body, { childList: true, subtree: true });
    (window as TestWindow).showSettings?.('audio');
  }));
  console.log(`[settings] overlay opened ${openMs.toFixed(1)} ms after window.showSettings() (chunk preloaded)`);
  test.info().annotations.push({ type: 'settings-open-ms', description: openMs.toFixed(1) });
  // The precise figure is the bench's (against a bare DOM toggle in the same run); here the bound
  // only catches a return to a suspended first render (hundreds of ms). 100 ms failed at 120 ms
  // on a 2-core machine running four other test suites.
  expect(openMs).toBeLessThan(200);
  await expect(page.getByTestId('settings-overlay')).toBeVisible();

  const search = page.getByRole('textbox', { name: 'Search settings' });
  await search.fill('auto');
  const results = page.getByTestId('settings-search-results');
  // Auto Login is an account's switch: a guest's search does not find it (tests/unit/settings-guest).
  await expect(results.getByRole('switch', { name: 'Auto Reload' })).toBeVisible(); // Gameplay
  await expect(results.getByRole('switch', { name: 'Auto Login' })).toHaveCount(0);
  await expect(results.getByRole('slider')).toHaveCount(0);
  await search.fill('volume');
  await expect(results.getByRole('slider')).toHaveCount(5);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Search results'); // not "Audio"
  await search.fill('zzz');
  await expect(page.getByText('No settings match “zzz”.')).toBeVisible();
  await search.fill('');
  await expect(page.getByRole('heading', { name: 'Audio', exact: true })).toBeVisible();
});

test('export then import round trip; reset behind a confirmation; a bad file is refused (screenshots)', async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  await openGame(page);
  await openSettings(page, 'audio');
  const master = page.getByRole('slider', { name: 'Master Volume' });
  await master.focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('setting-masterVolume-value')).toHaveText('75%');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export settings' }).click()]);
  expect(download.suggestedFilename()).toBe('tripshell-settings.json');
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as { format: string; settings: Record<string, unknown> };
  expect(exported.format).toBe('tripshell-settings');
  expect(exported.settings.masterVolume).toBe(75);

  // Reset all, behind its confirmation; the changed value reaches the game.
  await page.getByRole('button', { name: 'Reset all', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset all settings?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-reset-all-dialog.png` });
  await expectNoSeriousViolations(page, '.mantine-Modal-content');
  await expectKeyboardReachable(page, '.mantine-Modal-content');
  await dialog.getByRole('button', { name: 'Reset all' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('setting-masterVolume-value')).toHaveText('80%', { timeout: 15_000 });
  await expect.poll(async () => (await demo(page)).received.filter((m) => m.method === 'OnSettingChanged' && JSON.stringify(m.value).includes('masterVolume')).length).toBeGreaterThanOrEqual(2);

  // Import the exported file: the value comes back.
  await page.getByTestId('settings-import-input').setInputFiles(await download.path());
  await expect(page.getByTestId('setting-masterVolume-value')).toHaveText('75%', { timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('game_settings_masterVolume'))).toBe('75');

  // A tampered file: refused with its reason, nothing applied.
  const tampered = JSON.stringify({ ...exported, settings: { ...exported.settings, masterVolume: 40, fov: 999 } });
  await page.getByTestId('settings-import-input').setInputFiles({ name: 'tampered.json', mimeType: 'application/json', buffer: Buffer.from(tampered) });
  await expect(page.getByTestId('settings-import-error')).toContainText('fov', { timeout: 20_000 });
  await expect(page.getByTestId('setting-masterVolume-value')).toHaveText('75%');
  await page.screenshot({ path: `${SHOTS}/desktop-import-error.png` });
  await expectNoSeriousViolations(page, '[data-testid="settings-overlay"]');

  // The same on a phone (once the layout has switched to the drawer); Escape closes the dialog only.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/phone-import-error.png` });
  await page.getByRole('button', { name: 'Reset Audio', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Reset Audio?' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/phone-reset-section-dialog.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Reset Audio?' })).toHaveCount(0);
  await expect(page.getByTestId('settings-overlay')).toBeVisible();
  await expect(page.getByTestId('setting-masterVolume-value')).toHaveText('75%');
});

test('settings follow a logged-in player to a second browser context', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const username = `set_${Date.now().toString(36)}`.slice(0, 20);
  const password = 'follow-me-22';
  await registerPlayer(page.request, username, password);

  // The shell's second chunk installs window.showSettings; repeat until the overlay is there.
  const show = async (p: Page) => expect(async () => {
    await p.evaluate(() => (window as TestWindow).showSettings?.('audio'));
    await expect(p.locator('[data-active-section="audio"]')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });

  await page.goto(ALL_SECTIONS);
  await show(page);
  await page.getByRole('slider', { name: 'Master Volume' }).focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('setting-masterVolume-value')).toHaveText('75%');
  // The change reaches the account (PUT /api/settings, debounced).
  await expect.poll(async () => ((await (await page.request.get('/api/settings')).json()) as { settings: { masterVolume: number } | null }).settings?.masterVolume, { timeout: 60_000 }).toBe(75);

  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const login = await other.request.post('/api/login', { data: { username, password, turnstile_token: await botCheckToken(other.request) } });
    expect(login.status()).toBe(200);
    const second = await other.newPage();
    await second.goto(ALL_SECTIONS);
    await show(second);
    await expect(second.getByTestId('setting-masterVolume-value')).toHaveText('75%', { timeout: 20_000 });
    expect(await second.evaluate(() => localStorage.getItem('game_settings_masterVolume'))).toBe('75');
  } finally {
    await other.close();
  }
});

test('Escape closes only the open dropdown or the typed search; Tab never leaves the overlay for the game', async ({ page }) => {
  await openGame(page);
  await page.locator('#unity-canvas').focus();
  const start = (await demo(page)).position;
  await openSettings(page, 'general');
  const overlay = page.getByTestId('settings-overlay');
  // A dropdown open: Escape closes it, the overlay stays.
  const language = page.getByRole('combobox', { name: 'Language' });
  await language.click();
  await expect(language).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(language).toHaveAttribute('aria-expanded', 'false');
  await expect(overlay).toBeVisible();
  // Typing in the search box: Escape clears the search, the overlay stays.
  const search = page.getByRole('textbox', { name: 'Search settings' });
  await search.fill('volume');
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await expect(overlay).toBeVisible();
  // Tab, forwards then backwards, many times: the focus stays in the overlay, and W typed
  // along the way never reaches the game.
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press(i < 40 ? 'Tab' : 'Shift+Tab');
    expect(await page.evaluate(() => document.querySelector('[data-overlay="settings"]')?.contains(document.activeElement) ?? false)).toBe(true);
  }
  await search.focus();
  for (let i = 0; i < 25; i += 1) await page.keyboard.press('Tab');
  await page.keyboard.down('w');
  await gameFramesDrawn(page, 5); // a W held that long would have walked the player
  await page.keyboard.up('w');
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  expect((await demo(page)).position.z).toBeCloseTo(start.z, 3);
});

test('on a 390x844 phone a toast raised with the overlay open stays clear of the footer buttons [both]', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the footer and the toasts only meet on a phone');
  // src/app/look.css lifts bottom toasts above the settings footer below 768 px; without it the
  // toast sat on Reset and Export. The game's data is held back: the overlay is the shell's.
  await page.route(`**${GAME_BUILD_FILES.dataUrl}`, () => undefined);
  await page.goto('/');
  await expect(async () => {
    await page.evaluate(() => (window as TestWindow).showSettings?.('mouse'));
    await expect(page.locator('[data-active-section="mouse"]')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const footer = page.locator('footer[aria-label="Manage settings"]');
  await expect(footer).toBeVisible();
  const buttons = footer.getByRole('button');
  expect(await buttons.count()).toBeGreaterThanOrEqual(4);
  // The footer's own Reset raises the toast, as a player would. The toast lasts 2 s, so it is
  // measured in one step once its entry transition has ended (and raised again if a slow machine missed it).
  await expect(async () => {
    await footer.getByRole('button', { name: /^Reset Mouse/ }).click();
    await page.getByTestId('settings-confirm').getByRole('button', { name: /^Reset Mouse/ }).click();
    const toast = page.locator('.mantine-Notifications-notification').filter({ hasText: /reset to defaults/ });
    await expect(toast).toBeVisible({ timeout: 2_000 });
    const found = await page.evaluate(async () => {
      const toastEl = [...document.querySelectorAll('.mantine-Notifications-notification')].find((n) => /reset to defaults/.test(n.textContent ?? ''));
      if (!toastEl) return null;
      // Its entry transition has ended.
      await Promise.all(toastEl.getAnimations({ subtree: true }).map((a) => a.finished));
      if (!toastEl.isConnected) return null;
      const t = toastEl.getBoundingClientRect();
      return [...document.querySelectorAll('footer[aria-label="Manage settings"] button')].map((button) => {
        const b = button.getBoundingClientRect();
        const overlaps = t.left < b.right && b.left < t.right && t.top < b.bottom && b.top < t.bottom;
        // What a tap at the button's centre reaches: the button, not the toast over it.
        const onTop = button.contains(document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2));
        return { button: button.getAttribute('aria-label') ?? button.textContent, overlaps, onTop, toast: [t.top, t.bottom], at: [b.top, b.bottom] };
      });
    });
    expect(found, 'the toast left before it was measured').not.toBeNull();
    expect(found!.filter((f) => f.overlaps || !f.onTop), JSON.stringify(found)).toEqual([]);
  }).toPass({ timeout: 30_000 });
});
