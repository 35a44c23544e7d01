// Logging in through the host, as a player does it, with no typing:
// - the CrazyGames portal (?useLocalSdk=true) with the fake v3 SDK (playground/crazygames-sdk.js):
//   the Account section's Log In shows the portal's auth prompt, the portal's user token (an
//   RS256 JWT signed by tests/fakes/crazygames.ts) goes to our server, which verifies it
//   against the fake key URL and creates or signs in the account; a token signed with another
//   key is refused with the spec's text;
// - a Discord Activity: the real @discord/embedded-app-sdk inside playground/discord-client.html
//   (the Discord client), which answers AUTHORIZE with a code minted by the fake Discord API
//   (tests/fakes/discord.ts); the Activity logs in by itself at start, our server exchanges the
//   code with the fake, the SDK authenticates with Discord's access token, and a new Discord
//   player gets the account decision. A refused authorize is one toast, never retried.
// This spec runs its own server: the shared e2e server has no Discord and no reachable portal
// key. It fakes the hosts with page.route on purpose, where the host playground cannot go: the
// production host names (https://<client id>.discordsays.com framed by discord.com, so host
// detection and the https-only framed cookie path run as deployed; the playground is http on
// loopback), and the portal SDK loaded from its configured address (crazygames.sdkUrl), with
// a test-chosen token (one signed by another key) and every user-module call counted. The same
// flows framed cross-site with third-party cookies blocked: tests/e2e/hosts-playground.spec.ts. TRUST_PROXY lets the Activity's proxied requests say they came over https, so the
// session cookie is `SameSite=None; Secure; Partitioned` as in Discord's iframe.
import { mkdirSync, readFileSync } from 'node:fs';
import { startFakePortal, type FakePortal } from '../fakes/crazygames';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord';
import { stubGame, startOwnServer, type OwnServer } from './accounts-helpers';
import { expect, test, type Page } from './test';
import type { TestWindow } from './game';
import { idle, settledFrames } from './settle';

test.describe.configure({ timeout: 150_000 });

/** Read rather than imported: Playwright's loader wants an import attribute for JSON. */
const activity = JSON.parse(readFileSync('activity.config.json', 'utf8')) as { discord: { clientId: string } };
const CLIENT_ID = activity.discord.clientId;
const ACTIVITY_ORIGIN = `https://${CLIENT_ID}.discordsays.com`;
const PARENT_URL = 'https://discord.com/activities/fake-client';
const SHOTS = '/tmp/accounts-shots';
mkdirSync(SHOTS, { recursive: true });

let portal: FakePortal;
let discord: FakeDiscord;
let server: OwnServer | undefined;
let base = '';

test.beforeAll(async () => {
  portal = await startFakePortal({ gameId: 'e2e-portal-game' });
  discord = await startFakeDiscord({ clientId: CLIENT_ID, clientSecret: 'e2e-activity-secret' });
  server = await startOwnServer({
    CRAZYGAMES_PUBLIC_KEY_URL: portal.keyUrl, CRAZYGAMES_GAME_ID: portal.gameId,
    DISCORD_CLIENT_ID: CLIENT_ID, DISCORD_CLIENT_SECRET: 'e2e-activity-secret',
    DISCORD_API_BASE: discord.apiBase, DISCORD_AUTHORIZE_URL: discord.authorizeUrl,
    TRUST_PROXY: '1',
  });
  base = server.base;
});

test.afterAll(async () => {
  server?.stop();
  await discord?.close();
  await portal?.close();
});

const tagOf = (project: string) => `${project.slice(0, 2)}${Date.now().toString(36).slice(-5)}`;
type Who = { username: string; verified: number };
const whoamiIn = (target: Pick<Page, 'evaluate'>) => target.evaluate(async () => (await (await fetch('/api/whoami', { credentials: 'include' })).json()) as Who);

// ---- the portal ----

type CgWindow = TestWindow & { __crazyGames?: { userCalls: string[] }; __crazyGamesUserToken?: string };

async function openPortal(page: Page, token: string) {
  const fakeSdk = readFileSync('playground/crazygames-sdk.js', 'utf8');
  await page.route('https://sdk.crazygames.com/crazygames-sdk-v3.js', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: fakeSdk }));
  await stubGame(page);
  await page.addInitScript((t) => { (window as CgWindow).__crazyGamesUserToken = t; }, token);
  await page.goto(`${base}/?useLocalSdk=true`);
}

/** The Account section's Log In, as a logged-out player on the portal would press it. */
async function pressLogIn(page: Page) {
  await expect(async () => {
    await page.evaluate(() => (window as CgWindow).showSettings?.('accounts'));
    await expect(page.locator('[data-active-section="accounts"]')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const section = page.locator('[data-active-section="accounts"]');
  await expect(section.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
  await section.getByRole('button', { name: 'Log In' }).click();
}

test('portal login: the portal prompt, its signed token verified by the server, an account, then welcome back', async ({ page }, info) => {
  const tag = tagOf(info.project.name);
  const portalName = `cg_${tag}`;
  const userId = `cg-user-${tag}`;

  // A token signed with a key that is not the portal's: refused, nobody signed in.
  await openPortal(page, await portal.sign({ userId, username: portalName }, { key: portal.otherKey }));
  // At start the shell asks the portal who is signed in there; nobody is, so
  // it asks for no token and signs nobody in.
  const userCalls = () => page.evaluate(() => (window as CgWindow).__crazyGames?.userCalls ?? []);
  await expect.poll(userCalls, { timeout: 30_000 }).toEqual(['getUser']);
  await pressLogIn(page);
  await expect(page.getByText('The portal sign-in could not be verified')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: /Welcome back/ })).toHaveCount(0);
  expect((await whoamiIn(page)).verified).toBe(0);

  // The portal's own token: a new account under the portal name, no modal on the way.
  await page.evaluate(async (t) => { (window as CgWindow).__crazyGamesUserToken = t; }, await portal.sign({ userId, username: portalName }));
  await page.locator('[data-active-section="accounts"]').getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText(`Welcome to the game, ${portalName}!`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: /Welcome back/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-portal-signed-in.png` });
  expect(await whoamiIn(page)).toMatchObject({ username: portalName });
  // The start-up getUser, then each Log In: getUser (prompt only when nobody is signed in on the portal), the token.
  expect(await userCalls()).toEqual(['getUser', 'getUser', 'showAuthPrompt', 'getUserToken', 'getUser', 'getUserToken']);

  // A later visit (a fresh browser) by the same portal player: the same account, welcome back.
  const again = await page.context().browser()?.newPage();
  if (!again) throw new Error('no browser');
  try {
    await openPortal(again, await portal.sign({ userId, username: portalName }));
    await pressLogIn(again);
    await expect(again.getByText(`Welcome back, ${portalName}!`)).toBeVisible({ timeout: 20_000 });
    expect(await whoamiIn(again)).toMatchObject({ username: portalName });
  } finally {
    await again.close();
  }
});

// ---- the Discord Activity ----

/** The Discord client's page with the Activity in it, once every frame in it is still. */
async function shotOf(page: Page, name: string) {
  await settledFrames(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

type RpcLog = { commands: string[]; authorize: Array<Record<string, unknown>>; authenticate: Array<{ access_token: string }> };

/** The fake Discord client around the Activity; the Activity itself is served by our server. */
async function openActivity(page: Page, parent: Record<string, string>) {
  const parentHtml = readFileSync('playground/discord-client.html', 'utf8');
  await page.route(`${PARENT_URL}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: parentHtml }));
  await page.route(`${ACTIVITY_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    // Playwright's route.fetch reads a whole body, which a live event stream never ends: the
    // stream is refused here (the shell retries it with backoff; the playground specs serve the
    // Activity without this route and keep their stream).
    if (url.pathname === '/api/events') { await route.abort(); return; }
    // As Discord's proxy does: our server hears that the player's connection was https.
    const headers = { ...(await route.request().allHeaders()), 'x-forwarded-proto': 'https' };
    await route.fulfill({ response: await route.fetch({ url: `${base}${url.pathname}${url.search}`, headers }) });
  });
  await stubGame(page); // registered last: it wins over the Activity's route for the game loader
  // Every toast the Activity shows, kept: on a loaded machine the frame can take longer to show
  // up here than a toast stays on screen.
  await page.addInitScript(() => {
    if (!location.hostname.endsWith('discordsays.com')) return;
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.matches('.mantine-Notifications-notification')) seen.push(node.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const activityUrl = `${ACTIVITY_ORIGIN}/?frame_id=frame-e2e&instance_id=instance-e2e&platform=desktop`;
  await page.goto(`${PARENT_URL}?${new URLSearchParams({ activity: activityUrl, ...parent })}`);
  const frame = page.frameLocator('#activity');
  await expect(frame.getByTestId('loading-screen').or(frame.getByTestId('game-host')).first()).toBeAttached({ timeout: 30_000 });
  const activityFrame = page.frames().find((f) => f.url().startsWith(ACTIVITY_ORIGIN));
  if (!activityFrame) throw new Error('the Activity frame is missing');
  return {
    frame, activityFrame,
    rpc: () => page.evaluate(() => (window as unknown as { __rpc: RpcLog }).__rpc),
    toasts: () => activityFrame.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []),
  };
}

test('Activity login: a new Discord player lands in the account decision without typing, creates the account, and is signed in', async ({ page }, info) => {
  const tag = tagOf(info.project.name);
  const player = { id: `5${Date.now()}1`, username: `act_${tag}` };
  const { frame, activityFrame, rpc } = await openActivity(page, { code: discord.codeFor(player), user_id: player.id, username: player.username });

  const decision = frame.getByRole('dialog', { name: 'Account Setup' });
  await expect(decision.getByText('Have you played here before, with a username and password?')).toBeVisible({ timeout: 30_000 });
  await expect(decision).toContainText(`Signed in with Discord as ${player.username}.`);
  await shotOf(page, `${info.project.name}-activity-decision`);

  // What the Activity asked Discord: the code (identify, no prompt), then authenticate with
  // Discord's own access token for this player, obtained by our server's exchange.
  const asked = await rpc();
  expect(asked.authorize).toEqual([expect.objectContaining({ client_id: CLIENT_ID, response_type: 'code', scope: ['identify', 'rpc.activities.write'], prompt: 'none' })]);
  expect(asked.authenticate).toHaveLength(1);
  expect(discord.userForToken(asked.authenticate[0]?.access_token ?? '')).toMatchObject({ id: player.id });
  expect(asked.commands.filter((c) => c === 'AUTHORIZE' || c === 'AUTHENTICATE')).toEqual(['AUTHORIZE', 'AUTHENTICATE']);

  await decision.getByRole('button', { name: "No, I'm a new player" }).click();
  await expect(frame.getByText(`Welcome to the game, ${player.username}!`)).toBeVisible({ timeout: 20_000 });
  await shotOf(page, `${info.project.name}-activity-created`);
  await expect(decision).toHaveCount(0);
  expect(await whoamiIn(activityFrame)).toMatchObject({ username: player.username });
});

test('Activity login: a returning Discord player is signed straight in at start', async ({ page }, info) => {
  const tag = tagOf(info.project.name);
  const player = { id: `6${Date.now()}1`, username: `ret_${tag}` };
  // The player's first visit made the account (the decision is covered above).
  const first = await openActivity(page, { code: discord.codeFor(player), user_id: player.id, username: player.username });
  await first.frame.getByRole('dialog', { name: 'Account Setup' }).getByRole('button', { name: "No, I'm a new player" }).click({ timeout: 30_000 });
  await expect(first.frame.getByText(`Welcome to the game, ${player.username}!`)).toBeVisible({ timeout: 20_000 });

  // A new browser (no cookie): the Activity signs the player in by itself, no decision.
  const again = await page.context().browser()?.newPage();
  if (!again) throw new Error('no browser');
  try {
    const { frame, activityFrame, rpc, toasts } = await openActivity(again, { code: discord.codeFor(player), user_id: player.id, username: player.username });
    await expect.poll(toasts, { timeout: 30_000 }).toContainEqual(expect.stringContaining(`Welcome back, ${player.username}!`));
    await expect(frame.getByRole('dialog')).toHaveCount(0);
    expect(await whoamiIn(activityFrame)).toMatchObject({ username: player.username });
    expect((await rpc()).authorize).toHaveLength(1);
  } finally {
    await again.close();
  }
});

test('Activity login refused by the player: one "cancelled" toast, no retry, the page keeps working', async ({ page }) => {
  const { activityFrame, rpc, toasts } = await openActivity(page, {});
  const failed = (all: string[]) => all.filter((t) => t.includes('Discord sign-in was cancelled.'));
  await expect.poll(async () => failed(await toasts()).length, { timeout: 30_000 }).toBe(1);
  // The toast's whole life has passed (a retry would have asked again by then).
  await expect(activityFrame.locator('.mantine-Notifications-notification')).toHaveCount(0, { timeout: 30_000 });
  await idle(activityFrame);
  expect((await rpc()).authorize).toHaveLength(1);
  expect(failed(await toasts())).toHaveLength(1);
  expect((await whoamiIn(activityFrame)).verified).toBe(0);
});
