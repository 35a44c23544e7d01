// The three hosts through the host playground (playground/server.ts, `npm run hosts`): the
// product on its own server at http://localhost:<E2E_PORT + 2>, framed from the playground at
// http://127.0.0.1:<E2E_PORT + 1>, another site, so the browser's real cross-site iframe rules
// apply.
// - Discord: the real @discord/embedded-app-sdk inside the playground's Discord client, which
//   answers every command as Discord's client does (CAPTURE_LOG included): idle play must not
//   turn into a stream of commands (a console line per foreign message did: every line is a
//   CAPTURE_LOG command, whose answer is another foreign message). With a client that never
//   answers the handshake, Log In still reacts, with the web sign-in.
// - The portal with third-party cookies blocked: a player signed in on the portal is signed in
//   at start in the third-party frame, survives a reload of the iframe, and the portal's
//   sign-out ends the session. Chromium keeps the session in a
//   partitioned cookie (the playground's product sets production's SameSite=None; Secure;
//   Partitioned on loopback); it denies third-party frames sessionStorage, so the bearer
//   fallback (tests/unit/session-token.test.ts, tests/api/session-bearer.test.ts) is for the
//   browsers that drop even partitioned cookies.
import { GAME_BUILD_FILES, SHELL_TO_GAME } from '../../contract/game';
import { stubGame } from './accounts-helpers';
import { loadingScreenGone, type TestWindow } from './game';
import { expect, test, PLAYGROUND_LAUNCH, productFrame, activity, clientFrame, type Page } from './playground';
import { framesDrawn, idle } from './settle';

test.describe.configure({ timeout: 180_000 });
// Chromium as it ships with third-party cookies blocked (every test here: Discord's and the
// portal's iframes are third-party too).
// Audio may start without a gesture, as after a player's first click: the page-level mute is
// then seen suspending a running context.
test.use({ launchOptions: PLAYGROUND_LAUNCH });

type Rpc = { handshakes: unknown[]; commands: string[]; captureLogs: number };
async function rpcOf(page: Page): Promise<Rpc> {
  const frame = clientFrame(page);
  if (!frame) throw new Error('no Discord client frame');
  return frame.evaluate(() => (window as unknown as { __rpc: Rpc }).__rpc);
}

test('Discord: the Activity starts the real SDK (ready, window.discordSDK), and idle play inside a client that answers every command goes quiet, under 100 commands in all', async ({ page, playground }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await page.goto(playground.url('discord', { mode: 'normal' }));
  await expect.poll(() => productFrame(page) !== undefined, { timeout: 30_000 }).toBe(true);
  const frame = page.frameLocator('#discord-client').frameLocator('#activity');
  await expect(frame.getByTestId('game-host')).toBeVisible({ timeout: 120_000 });
  await loadingScreenGone(frame, 120_000);
  // The handshake and READY (once in tests/e2e/discord-sdk.spec.ts, with the hosts faked by page.route).
  await expect.poll(() => logs.includes('Discord SDK ready'), { timeout: 30_000 }).toBe(true);
  const handshakes = (await rpcOf(page)).handshakes as Array<Record<string, unknown>>;
  expect(handshakes).toHaveLength(1);
  expect(handshakes[0]).toMatchObject({ v: 1, client_id: activity.discord.clientId, frame_id: 'playground-frame' });
  const sdk = await productFrame(page)?.evaluate(() => {
    const s = (window as unknown as { discordSDK?: { clientId: string; instanceId: string; platform: string; frameId: string } }).discordSDK;
    return s && { clientId: s.clientId, instanceId: s.instanceId, platform: s.platform, frameId: s.frameId };
  });
  expect(sdk).toMatchObject({ clientId: activity.discord.clientId, platform: 'desktop', frameId: 'playground-frame', instanceId: expect.stringMatching(/^i-[0-9a-f]{8}$/) });
  expect(logs.some((l) => l.startsWith('Discord SDK failed:'))).toBe(false);
  // Idle play goes quiet: no command for 30 of the page's frames in a row. A loop (a console line
  // per foreign message, each line a CAPTURE_LOG whose answer is another foreign message) never does.
  const before = await rpcOf(page);
  await expect.poll(async () => {
    const count = (await rpcOf(page)).commands.length;
    await framesDrawn(page, 30);
    return (await rpcOf(page)).commands.length === count;
  }, { timeout: 30_000, message: 'the Activity kept sending Discord commands' }).toBe(true);
  const after = await rpcOf(page);
  const commands = after.commands.length - before.commands.length;
  const captureLogs = after.captureLogs - before.captureLogs;
  console.log(`Discord commands in idle play until quiet: ${commands} (CAPTURE_LOG: ${captureLogs}); since the start: ${after.commands.length}`);
  expect(commands).toBeLessThan(100);
});

test('Discord: a client that never answers the handshake: one warning after the timeout, and Log In opens the web sign-in', { tag: '@timing' }, async ({ page, playground }) => {
  await stubGame(page);
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await page.goto(playground.url('discord', { mode: 'silent' }));
  await expect.poll(() => productFrame(page) !== undefined, { timeout: 30_000 }).toBe(true);
  const warning = (l: string) => l.includes('Discord SDK did not become ready within 10 s');
  await expect.poll(() => logs.filter(warning).length, { timeout: 40_000 }).toBe(1);
  const activityFrame = productFrame(page);
  const frame = page.frameLocator('#discord-client').frameLocator('#activity');
  await activityFrame?.evaluate(() => (window as unknown as { showSettings: (s: string) => void }).showSettings('accounts'));
  await frame.locator('[data-active-section="accounts"]').getByRole('button', { name: 'Log In' }).click();
  const started = Date.now();
  await expect(frame.getByRole('dialog').getByText('Welcome back')).toBeVisible({ timeout: 1_500 });
  expect(Date.now() - started).toBeLessThan(1_500);
  expect(logs.filter(warning)).toHaveLength(1);
  expect((await rpcOf(page)).commands).toEqual([]);
});

test.describe('with third-party cookies blocked', () => {
  test('the portal: a player signed in there is signed in at start in the third-party frame, stays signed in across an iframe reload, and the portal sign-out ends it', async ({ page, playground }) => {
    await stubGame(page);
    const name = `pg${Date.now().toString(36).slice(-6)}`;
    await page.goto(playground.url('crazygames', { user: 'signed-in', name }));
    await expect.poll(() => productFrame(page) !== undefined, { timeout: 30_000 }).toBe(true);
    const frame = page.frameLocator('#game');
    const section = frame.locator('[data-active-section="accounts"]');
    const game = () => {
      const f = productFrame(page);
      if (!f) throw new Error('no product frame');
      return f;
    };
    const openAccount = async () => {
      await expect(async () => {
        await game().evaluate(() => (window as unknown as { showSettings?: (s: string) => void }).showSettings?.('accounts'));
        await expect(section).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 60_000 });
    };
    const userCalls = () => game().evaluate(() => (window as unknown as { __crazyGames?: { userCalls: string[] } }).__crazyGames?.userCalls ?? []);
    const whoami = () => game().evaluate(async () => ((await (await fetch('/api/whoami', { credentials: 'include' })).json()) as { username: string; verified: number }));

    // Nothing pressed: the portal's player is signed in at start: getUser, then
    // the host login (getUser, the portal's user token to our server), once the loading screen
    // has gone the welcome shows.
    await expect(frame.getByText(`Welcome to the game, ${name}!`)).toBeVisible({ timeout: 60_000 });
    await openAccount();
    // The framed product is third-party here: no unpartitioned cookie access.
    expect(await game().evaluate(() => document.hasStorageAccess())).toBe(false);
    await expect(section.getByText(name)).toBeVisible({ timeout: 15_000 });
    expect(await userCalls()).toEqual(['getUser', 'getUser', 'getUserToken']);
    // The session token is never in a URL.
    expect(game().url()).not.toMatch(/token|sid=/i);

    // The iframe reloads (the portal does this on a relaunch): still signed in, by the session
    // the frame kept, not by a second sign-in (no new user token asked for).
    await game().evaluate(() => location.reload());
    await expect.poll(() => productFrame(page)?.evaluate(() => document.readyState).catch(() => 'loading'), { timeout: 30_000 }).toBe('complete');
    await openAccount();
    await expect(section.getByText(name)).toBeVisible({ timeout: 15_000 });
    await expect.poll(userCalls, { timeout: 15_000 }).toContain('getUser');
    // The shell is done with the portal's answer (a second sign-in would ask for a user token next).
    await idle(game());
    expect(await userCalls()).toEqual(['getUser']);
    expect(await whoami()).toMatchObject({ username: name });

    // The player signs out on the portal (addAuthListener hears it): the session ends on our
    // server too, and the shell shows the logged-out account at once.
    await page.getByRole('button', { name: 'Portal sign-out' }).click();
    await expect(frame.getByText('You are logged out. Settings work without an account and stay on this device; log in to keep them with your account on every device.')).toBeVisible({ timeout: 15_000 });
    expect(await whoami()).toMatchObject({ verified: 0 });
  });
});

test('the portal with an ad blocker: Log In says the portal sign-in could not load', async ({ page, playground }) => {
  await stubGame(page);
  await page.goto(playground.url('crazygames', { user: 'anonymous', adblock: '1' }));
  await expect.poll(() => productFrame(page) !== undefined, { timeout: 30_000 }).toBe(true);
  const frame = page.frameLocator('#game');
  await expect(async () => {
    await productFrame(page)?.evaluate(() => (window as unknown as { showSettings?: (s: string) => void }).showSettings?.('accounts'));
    await expect(frame.locator('[data-active-section="accounts"]')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await frame.locator('[data-active-section="accounts"]').getByRole('button', { name: 'Log In' }).click();
  await expect(frame.getByText('The CrazyGames sign-in could not load')).toBeVisible({ timeout: 15_000 });
  await expect(frame.getByText('only available when playing on CrazyGames')).toHaveCount(0);
});

// The portal's lifecycle in the playground's portal, with the demo game and
// with a build that never calls the completion hook on the 'instance' policy: loadingStart
// before the game download begins, loadingStop when the loading screen hides (not in the same
// millisecond after it, not never), gameplayStop/Start around an overlay (not on blur), and the
// portal's mute reaching the game.
type Lifecycle = { calls: string[]; callTimes: Array<{ name: string; at: number }> };
type FramedWindow = TestWindow & { __crazyGames?: Lifecycle; __loadingHidAt?: number; hideOverlay?: () => void };
const LIFECYCLE_CASES: Array<[string, Record<string, string>]> = [
  ['the demo game', {}],
  ["a build that never calls the hook, on the 'instance' policy", { demoGameHook: 'never', completionPolicy: 'instance' }],
];
for (const [label, params] of LIFECYCLE_CASES) {
  test(`the portal's lifecycle with ${label}: loadingStart before the download, loadingStop as the loading screen hides, gameplay around overlays, mute`, async ({ page, playground }) => {
    await page.addInitScript(() => {
      const w = window as FramedWindow;
      new MutationObserver(() => {
        const screen = document.querySelector('[data-testid="loading-screen"]');
        if (w.__loadingHidAt === undefined && screen?.getAttribute('data-phase') === 'hiding') w.__loadingHidAt = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
    });
    await page.goto(playground.url('crazygames', { user: 'anonymous', ...params }));
    await expect.poll(() => productFrame(page) !== undefined, { timeout: 30_000 }).toBe(true);
    const frame = page.frameLocator('#game');
    const game = () => {
      const f = productFrame(page);
      if (!f) throw new Error('no product frame');
      return f;
    };
    await loadingScreenGone(frame, 120_000);
    const calls = () => game().evaluate(() => (window as FramedWindow).__crazyGames?.calls ?? []);
    await expect.poll(calls).toEqual(['init', 'loadingStart', 'loadingStop', 'gameplayStart']);

    const timing = await game().evaluate((dataUrl) => {
      const w = window as FramedWindow;
      const at = (name: string) => w.__crazyGames?.callTimes.find((c) => c.name === name)?.at ?? Number.NaN;
      const download = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === dataUrl);
      return { loadingStart: at('loadingStart'), loadingStop: at('loadingStop'), downloadStart: download?.startTime ?? Number.NaN, hid: w.__loadingHidAt ?? Number.NaN };
    }, GAME_BUILD_FILES.dataUrl);
    expect(timing.loadingStart).toBeLessThanOrEqual(timing.downloadStart);
    expect(timing.loadingStop).toBeGreaterThan(timing.downloadStart);
    // "When the loading screen hides": the shell says it as the screen starts hiding (a few ms
    // before React has drawn that), not seconds later, and not never.
    expect(Math.abs(timing.loadingStop - timing.hid)).toBeLessThan(2_000);

    // An overlay is a break in play; closing it resumes play. Blur is not.
    await game().evaluate(() => (window as FramedWindow).showSettings?.());
    await expect(frame.getByRole('dialog').first()).toBeVisible({ timeout: 15_000 });
    await expect.poll(calls).toEqual(['init', 'loadingStart', 'loadingStop', 'gameplayStart', 'gameplayStop']);
    await game().evaluate(() => (window as FramedWindow).hideOverlay?.());
    await expect.poll(calls).toEqual(['init', 'loadingStart', 'loadingStop', 'gameplayStart', 'gameplayStop', 'gameplayStart']);
    await game().evaluate(() => { window.dispatchEvent(new Event('blur')); document.dispatchEvent(new Event('visibilitychange')); });
    await framesDrawn(game(), 2);
    await idle(game());
    expect(await calls()).toEqual(['init', 'loadingStart', 'loadingStop', 'gameplayStart', 'gameplayStop', 'gameplayStart']);

    // The portal's mute (the portal bar's checkbox) reaches the game.
    const muted = () => game().evaluate((method) => ((window as FramedWindow).__demoGame?.state().received ?? []).filter((m) => m.method === method).map((m) => m.value), SHELL_TO_GAME.audioMuted);
    await expect.poll(muted).toEqual(['false']);
    await page.getByLabel('mute').check();
    await expect.poll(muted).toEqual(['false', 'true']);
  });
}

// A build without the C# receiver (the idle build, which answers
// SendMessage as Unity does for a missing WebBridge) is sent nothing, so it logs nothing per
// message, and the portal's mute still silences it: the page's own audio is suspended, and
// resumed on unmute.
test('the portal with a build without the receiver: nothing is sent to it, and the portal\'s mute suspends the page\'s audio', async ({ page, playground }) => {
  await stubGame(page, { audio: true });
  const notFound: string[] = [];
  page.on('console', (m) => { if (m.text().includes('not found!')) notFound.push(m.text()); });
  await page.goto(playground.url('crazygames', { user: 'anonymous' }));
  await expect.poll(() => productFrame(page) !== undefined, { timeout: 30_000 }).toBe(true);
  const frame = page.frameLocator('#game');
  await loadingScreenGone(frame, 60_000);
  const game = () => {
    const f = productFrame(page);
    if (!f) throw new Error('no product frame');
    return f;
  };
  const audioState = () => game().evaluate(() => (window as unknown as { __idleAudio?: AudioContext }).__idleAudio?.state ?? 'none');
  await expect.poll(audioState).toBe('running');
  await page.getByLabel('mute').check();
  await expect.poll(audioState).toBe('suspended');
  // An overlay opened and closed (OnOverlayClosed, OnSettingsClosed) and the unmute (OnAudioMuted).
  await game().evaluate(() => (window as unknown as { showSettings: () => void }).showSettings());
  await expect(frame.getByTestId('settings-overlay')).toBeVisible({ timeout: 15_000 });
  await game().evaluate(() => (window as unknown as { hideOverlay: () => void }).hideOverlay());
  await expect(frame.getByTestId('settings-overlay')).toHaveCount(0);
  await page.getByLabel('mute').uncheck();
  await expect.poll(audioState).toBe('running');
  expect(notFound).toEqual([]);
});
