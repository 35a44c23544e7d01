// Every host's own powers reaching the demo game through the host API, in the host
// playground (playground/server.ts): the product on its own server at http://localhost:<E2E_PORT
// + 2>, framed cross-site from the playground at http://127.0.0.1:<E2E_PORT + 1>. The demo game's
// menu buttons (Invite, Rewarded ad, Midgame ad) call window.tripHostCall as a Unity build does
// through TripShell_HostCall; what the game heard is read from window.__demoGame.
// - Discord (the real @discord/embedded-app-sdk in the playground's client): after sign-in the
//   presence is set (SET_ACTIVITY, which the client answers only once rpc.activities.write was
//   granted), the participants reach the game and follow a second participant joining and
//   leaving, and Invite opens the client's invite dialog.
// - The portal: the game's menu stops gameplay (the host API's gameplay call); Rewarded ad runs an
//   ad from it, gameplay back when the menu closes, the
//   page's audio (an AudioContext the page made) suspended while it plays, and the reward
//   delivered; with the ad blocker on, the game hears "unavailable".
// - The web: Invite yields a join link that, opened, hands the game its room.
// One page per host; the demo game renders in software here, so each test loads it once.
import type { Frame, FrameLocator } from '@playwright/test';
import type { DemoGameSnapshot } from '../../demo-game/src/test-api';
import { loadingScreenGone, type TestWindow } from './game';
import { expect, test, PLAYGROUND_LAUNCH, productFrame, clientFrame, need, type Page } from './playground';

test.describe.configure({ timeout: 120_000 });
// The playground's browser (PLAYGROUND_LAUNCH): an AudioContext starts running without a click,
// so the test can see the ad suspend it.
test.use({ launchOptions: PLAYGROUND_LAUNCH });

const stateIn = (frame: Frame) => frame.evaluate(() => (window as TestWindow).__demoGame?.state() ?? null);
const hostOf = async (frame: Frame): Promise<DemoGameSnapshot['host'] | null> => (await stateIn(frame))?.host ?? null;

/** Opens the demo game's menu and presses one of its buttons, by its exact label. */
async function pressMenu(game: Page | FrameLocator, label: string) {
  const menu = game.getByTestId('demo-menu');
  if (!(await menu.isVisible())) await game.getByTestId('demo-menu-toggle').click();
  await menu.getByRole('button', { name: label, exact: true }).click();
}

type Rpc = { commands: string[]; activities: Array<Record<string, unknown> | null>; authorize: Array<{ scope?: string[] }>; invites: number };

test('Discord: after sign-in the presence is set, the participants reach the game and follow a join and a leave, and Invite opens the invite dialog', async ({ page, playground }) => {
  const id = `3${Date.now()}0000`.slice(0, 18);
  const username = `pw${Date.now().toString(36).slice(-6)}`;
  await page.goto(playground.url('discord', { mode: 'normal', user_id: id, username }));
  await expect.poll(() => productFrame(page) !== undefined, { timeout: 30_000 }).toBe(true);
  const client = page.frameLocator('#discord-client');
  const game = client.frameLocator('#activity');
  const rpc = () => need(clientFrame(page), 'Discord client').evaluate(() => (window as unknown as { __rpc: Rpc }).__rpc);

  // A new Discord player: the account decision, then signed in.
  const decision = game.getByRole('dialog', { name: 'Account Setup' });
  await decision.getByRole('button', { name: "No, I'm a new player" }).click({ timeout: 60_000 });
  await expect(game.getByText(`Welcome to the game, ${username}!`)).toBeVisible({ timeout: 30_000 });

  // Presence: the scope was asked at sign-in, and SET_ACTIVITY went out after AUTHENTICATE.
  const asked = await rpc();
  expect(asked.authorize[0]?.scope).toContain('rpc.activities.write');
  await expect.poll(async () => (await rpc()).activities.length, { timeout: 30_000 }).toBeGreaterThan(0);
  const { commands, activities } = await rpc();
  expect(commands.lastIndexOf('SET_ACTIVITY')).toBeGreaterThan(commands.indexOf('AUTHENTICATE'));
  expect(activities.at(-1)).toMatchObject({ details: expect.any(String), state: expect.any(String) });
  await expect(client.getByTestId('presence')).not.toHaveText('none');

  // The participants reach the game, and follow a join and a leave.
  const frame = need(productFrame(page), 'Activity');
  await expect.poll(async () => (await hostOf(frame))?.party?.members.map((m) => [m.displayName, m.self]), { timeout: 30_000 }).toEqual([[username, true]]);
  await client.getByRole('button', { name: 'Friend joins' }).click();
  await expect.poll(async () => (await hostOf(frame))?.party?.members.map((m) => m.displayName), { timeout: 15_000 }).toEqual([username, 'Activity Friend']);
  await expect(game.getByTestId('demo-party')).toContainText('Activity Friend');
  const roomId = (await hostOf(frame))?.party?.roomId;
  expect(roomId).toMatch(/^i-[0-9a-f]{8}$/); // the Activity instance is the room
  await client.getByRole('button', { name: 'Friend leaves' }).click();
  await expect.poll(async () => (await hostOf(frame))?.party?.members.map((m) => m.displayName), { timeout: 15_000 }).toEqual([username]);

  // Invite opens Discord's invite dialog.
  await pressMenu(game, 'Invite');
  await expect(client.getByRole('dialog', { name: 'Invite friends to this Activity' })).toBeVisible({ timeout: 15_000 });
  expect((await rpc()).invites).toBe(1);
  await expect.poll(async () => (await hostOf(frame))?.calls.at(-1)?.answer, { timeout: 15_000 }).toMatchObject({ status: 'done', value: { via: 'dialog' } });
});

test('Discord: a player whose Discord speaks French gets the shell in French (the host\'s locale)', async ({ page, playground }) => {
  const id = `4${Date.now()}0000`.slice(0, 18);
  await page.goto(playground.url('discord', { mode: 'normal', user_id: id, username: `fr${Date.now().toString(36).slice(-6)}`, locale: 'fr' }));
  await expect.poll(() => productFrame(page) !== undefined, { timeout: 30_000 }).toBe(true);
  const game = page.frameLocator('#discord-client').frameLocator('#activity');
  // The user-locale command's answer (not the browser's en-US) chooses the language.
  await expect(game.getByRole('dialog', { name: 'Configuration du compte' })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => need(productFrame(page), 'Activity').evaluate(() => document.documentElement.lang), { timeout: 15_000 }).toBe('fr');
  // The locale arrives after the shell started (it needs the signed-in client): the language
  // setting follows it and the game hears it, though the player chose nothing.
  await expect.poll(async () => (await stateIn(need(productFrame(page), 'Activity')))?.language, { timeout: 30_000 }).toBe('fr');
});

type Portal = { callTimes: Array<{ name: string; at: number }>; adEvents: Array<{ kind: string; event: string; at: number }> };

test('the portal: the game\'s menu stops gameplay; Rewarded ad runs an ad with the page\'s audio suspended meanwhile, the reward delivered, gameplay back only once the menu closes; with the ad blocker on the game hears "unavailable"', async ({ page, playground }) => {
  await page.goto(playground.url('crazygames', { user: 'anonymous', adMs: '2500' }));
  await expect.poll(() => productFrame(page) !== undefined, { timeout: 30_000 }).toBe(true);
  const game = page.frameLocator('#game');
  await loadingScreenGone(game, 90_000);
  const frame = need(productFrame(page), 'product');
  await expect.poll(() => frame.evaluate(() => typeof (window as TestWindow).__demoGame?.state), { timeout: 30_000 }).toBe('function');
  // Audio the page plays (a build's own Web Audio): running before the ad.
  await frame.evaluate(() => {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    gain.gain.value = 0.0001;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    (window as unknown as { __testAudio: AudioContext }).__testAudio = ctx;
  });
  const audio = () => frame.evaluate(() => (window as unknown as { __testAudio: AudioContext }).__testAudio.state);
  await expect.poll(audio).toBe('running');

  const portalCalls = () => frame.evaluate(() => (window as unknown as { __crazyGames: Portal }).__crazyGames.callTimes.map((c) => c.name));
  const inPlay = (await portalCalls()).length;
  await pressMenu(game, 'Rewarded ad');
  // The game's own menu is out of play: it told the host, and the portal heard gameplayStop.
  await expect.poll(async () => (await portalCalls()).slice(inPlay)).toEqual(['gameplayStop']);
  // While it plays: the game paused (and muted), the page's audio suspended, the portal's ad over the game.
  await expect.poll(async () => (await hostOf(frame))?.adPlaying, { timeout: 15_000 }).toBe('rewarded');
  await expect(page.getByRole('dialog', { name: 'Advertisement' })).toBeVisible();
  expect((await stateIn(frame))?.paused).toBe(true);
  await expect(game.getByTestId('demo-ad')).toBeVisible();
  // The page-level mute (host-defects' src/host-bridge/pageAudio.ts, reason 'ad', through the
  // wiring's mutePage): without it the game alone is told, and a build's own audio plays on.
  await expect.poll(audio, { timeout: 2_000 }).toBe('suspended');
  // After it: the reward delivered, the game and the audio running again.
  await expect.poll(async () => (await hostOf(frame))?.calls.at(-1)?.answer, { timeout: 15_000 }).toEqual({ status: 'done', value: { kind: 'rewarded', rewarded: true } });
  expect((await hostOf(frame))?.ads).toEqual([{ kind: 'rewarded', finished: true, rewarded: true }]);
  expect((await stateIn(frame))?.paused).toBe(false);
  await expect.poll(audio).toBe('running');
  await expect(game.getByTestId('demo-host-answer')).toHaveText('Rewarded ad: reward earned');
  // The ad ran from the game's menu: gameplay stayed stopped through it (the portal's own
  // record), and starts again only when the menu closes.
  expect((await portalCalls()).slice(inPlay)).toEqual(['gameplayStop']);
  await game.getByTestId('demo-menu-toggle').click();
  await expect.poll(async () => (await portalCalls()).slice(inPlay)).toEqual(['gameplayStop', 'gameplayStart']);
  expect((await hostOf(frame))?.gameplay).toEqual({ state: 'play', playing: true });

  // The ad blocker: the game hears "unavailable", and no ad runs.
  await page.getByLabel('ad blocker').check();
  await pressMenu(game, 'Rewarded ad');
  await expect(game.getByTestId('demo-host-answer')).toHaveText(/^Rewarded ad: unavailable: .+/, { timeout: 15_000 });
  expect((await hostOf(frame))?.ads).toHaveLength(1);
  expect((await stateIn(frame))?.paused).toBe(false);
});

test('the web: Invite yields a join link that, opened, hands the game its room', async ({ page, context, product }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product });
  await page.goto(`${product}/`);
  await loadingScreenGone(page, 90_000);
  await page.waitForFunction(() => typeof (window as TestWindow).__demoGame?.state === 'function');
  await pressMenu(page, 'Invite');
  const frame = page.mainFrame();
  await expect.poll(async () => (await hostOf(frame))?.calls.at(-1)?.answer.status, { timeout: 15_000 }).toBe('done');
  const answer = (await hostOf(frame))?.calls.at(-1)?.answer;
  const value = answer?.status === 'done' ? (answer.value as { roomId: string; link?: string }) : null;
  expect(value?.link).toBeTruthy();
  const link = new URL(value?.link ?? '');
  expect(link.origin).toBe(product);
  expect(link.searchParams.get('join')).toBe(value?.roomId);

  await page.goto(link.href);
  await loadingScreenGone(page, 90_000);
  await expect.poll(async () => (await hostOf(page.mainFrame()))?.room, { timeout: 30_000 }).toBe(value?.roomId);
  await expect(page.getByTestId('demo-room')).toHaveText(`Room: ${value?.roomId ?? ''}`);
});
