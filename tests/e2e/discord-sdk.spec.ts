// A page on a genuine Discord host name (https://<client id>.discordsays.com) without the
// Activity's parameters stays a web page: no SDK, no handshake. This needs the production host
// name, which only page.route can give a local server, so it stays here; the Activity with
// its parameters runs through the host playground's Discord client (the real SDK's handshake,
// READY and window.discordSDK: tests/e2e/hosts-playground.spec.ts).
import { readFileSync } from 'node:fs';
import { expect, test } from './test';
import { stubGame } from './accounts-helpers';
import { idle } from './settle';
import { loadingScreenGone } from './game';

/** Read rather than imported: Playwright's loader wants an import attribute for JSON. */
const activity = JSON.parse(readFileSync('activity.config.json', 'utf8')) as { discord: { clientId: string } };

const ACTIVITY_ORIGIN = `https://${activity.discord.clientId}.discordsays.com`;

test('without the Activity parameters the same page on a Discord host stays a web page', async ({ page, baseURL }) => {
  await page.route(`${ACTIVITY_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${baseURL}${url.pathname}${url.search}` }) });
  });
  await stubGame(page); // registered last: it wins for the game's loader, and the loading screen ends at once
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await page.goto(`${ACTIVITY_ORIGIN}/?frame_id=frame-e2e&instance_id=instance-e2e&platform=web`);
  // The shell ran (its game host is in the page), started its host (it does before the loading
  // screen goes) and has nothing left to do.
  await expect(page.getByTestId('game-host')).toBeAttached({ timeout: 30_000 });
  await loadingScreenGone(page, 60_000);
  await idle(page);
  expect(await page.evaluate(() => 'discordSDK' in window)).toBe(false);
  expect(logs.some((l) => l.includes('Discord SDK'))).toBe(false);
});
