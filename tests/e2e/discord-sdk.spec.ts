// The real @discord/embedded-app-sdk, started by the real shell inside an Activity iframe on a
// Discord host, with playground/discord-client.html playing the Discord client (handshake ->
// READY). Both hosts are served through page.route: the parent page from the fake, the
// Activity from our own server, so detection sees a genuine discordsays.com address.
import { readFileSync } from 'node:fs';
import { expect, test } from './test';
/** Read rather than imported: Playwright's loader wants an import attribute for JSON. */
const activity = JSON.parse(readFileSync('activity.config.json', 'utf8')) as { discord: { clientId: string } };

const ACTIVITY_ORIGIN = `https://${activity.discord.clientId}.discordsays.com`;
const PARENT_URL = 'https://discord.com/activities/fake-client';

test('the Activity starts the Discord SDK: ready resolves and window.discordSDK is set', async ({ page, baseURL }) => {
  const parentHtml = readFileSync('playground/discord-client.html', 'utf8');
  await page.route(`${PARENT_URL}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: parentHtml }));
  await page.route(`${ACTIVITY_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${baseURL}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));

  const activityUrl = `${ACTIVITY_ORIGIN}/?frame_id=frame-e2e&instance_id=instance-e2e&platform=desktop`;
  await page.goto(`${PARENT_URL}?activity=${encodeURIComponent(activityUrl)}`);
  const frame = page.frameLocator('#activity');
  await expect(frame.getByTestId('loading-screen').or(frame.getByTestId('game-host')).first()).toBeAttached({ timeout: 30_000 });

  const activityFrame = page.frames().find((f) => f.url().startsWith(ACTIVITY_ORIGIN));
  expect(activityFrame).toBeDefined();
  await activityFrame?.waitForFunction(() => typeof (window as unknown as { discordSDK?: { instanceId?: string } }).discordSDK?.instanceId === 'string', undefined, { timeout: 30_000 });
  const sdk = await activityFrame?.evaluate(() => {
    const s = (window as unknown as { discordSDK: { clientId: string; instanceId: string; platform: string; frameId: string } }).discordSDK;
    return { clientId: s.clientId, instanceId: s.instanceId, platform: s.platform, frameId: s.frameId };
  });
  expect(sdk).toEqual({ clientId: activity.discord.clientId, instanceId: 'instance-e2e', platform: 'desktop', frameId: 'frame-e2e' });
  const rpc = await page.evaluate(() => (window as unknown as { __rpc: { handshakes: Array<{ client_id: string; frame_id: string; v: number }> } }).__rpc);
  expect(rpc.handshakes).toHaveLength(1);
  expect(rpc.handshakes[0]).toMatchObject({ v: 1, client_id: activity.discord.clientId, frame_id: 'frame-e2e' });
  expect(logs).toContain('Discord SDK ready');
  expect(logs.some((l) => l.startsWith('Discord SDK failed:'))).toBe(false);
});

test('without the Activity parameters the same page on a Discord host stays a web page', async ({ page, baseURL }) => {
  await page.route(`${ACTIVITY_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${baseURL}${url.pathname}${url.search}` }) });
  });
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await page.goto(`${ACTIVITY_ORIGIN}/?frame_id=frame-e2e&instance_id=instance-e2e&platform=web`);
  await expect(page.getByTestId('loading-screen')).toBeAttached();
  await page.waitForTimeout(1_500);
  expect(await page.evaluate(() => 'discordSDK' in window)).toBe(false);
  expect(logs.some((l) => l.includes('Discord SDK'))).toBe(false);
});
