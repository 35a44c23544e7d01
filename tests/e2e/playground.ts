// The host playground for the e2e specs that frame the product the way its hosts do
// (playground/server.ts): the playground at http://127.0.0.1:<E2E_PORT + 1> and the product on
// its own server at http://localhost:<E2E_PORT + 2>, another site, so the browser's real
// cross-site iframe rules apply; the product's server is pointed at the playground's fakes
// (Discord's OAuth API, the portal's key server), which the shared e2e server is not.
//
// Both start once per Playwright worker (a worker-scoped fixture), not once per file: the
// product's server starts from source (tsx, PGlite) and took a minute on a loaded machine.
// Every spec that uses them runs with the same browser (PLAYGROUND_LAUNCH), so they share a
// worker; tests keep apart by their own player names, never by a fresh database.
//
//   import { expect, test, PRODUCT, productFrame, need } from './playground';
//   test.use({ launchOptions: PLAYGROUND_LAUNCH });
//   test('…', async ({ page, playground }) => { await page.goto(playground.url('crazygames', { user: 'anonymous' })); … });
//   test('…', async ({ page, product }) => { await page.goto(product); … }); // the product alone, on the same server
import { readFileSync } from 'node:fs';
import type { Frame } from '@playwright/test';
import { startPlayground, type Playground } from '../../playground/server';
import { chromiumArgs } from '../../playwright.config';
import { startOwnServer } from './accounts-helpers';
import { expect, test as base, type Page } from './test';

export { expect, type Page };
export type { Playground };

/** The Activity's Discord settings (activity.config.json; read, as Playwright's loader wants an import attribute for JSON). */
export const activity = JSON.parse(readFileSync('activity.config.json', 'utf8')) as { discord: { clientId: string } };
const e2ePort = Number(process.env.E2E_PORT ?? 8181);
/** The product's origin as the playground frames it. */
export const PRODUCT = `http://localhost:${e2ePort + 2}`;

/**
 * The browser of every playground spec: Chromium as it ships with third-party cookies blocked
 * (the hosts' iframes are third-party: the session lives in a partitioned cookie), and audio
 * allowed to start without a gesture, as after a player's first click (so a test can see a mute
 * or an ad suspend a running AudioContext). One set of options for all: one worker, one start.
 */
export const PLAYGROUND_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...chromiumArgs, '--test-third-party-cookie-phaseout', '--autoplay-policy=no-user-gesture-required'],
};

/** The playground and the product's own server; stop() ends both. */
export async function startPlaygroundServers(): Promise<{ playground: Playground; stop(): Promise<void> }> {
  const playground = await startPlayground({ port: e2ePort + 1, product: PRODUCT, clientId: activity.discord.clientId });
  try {
    const server = await startOwnServer({ ...playground.env, PORT: String(e2ePort + 2) });
    return { playground, stop: async () => { server.stop(); await playground.close(); } };
  } catch (error) {
    await playground.close();
    throw error;
  }
}

/** The e2e `test` (./test) with `playground`: started on first use in a worker, kept until the worker ends. */
export const test = base.extend<Record<never, never>, { playground: Playground; product: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
  playground: [async ({}, use) => {
    const started = await startPlaygroundServers();
    await use(started.playground);
    await started.stop();
  }, { scope: 'worker', timeout: 240_000 }],
  /** The product's origin, for a test that opens it directly (its server is the playground's). */
  product: [async ({ playground }, use) => { void playground; await use(PRODUCT); }, { scope: 'worker' }],
});

/** The product's frame in the page (the Activity in Discord's client, the game in the portal), if it is there yet. */
export const productFrame = (page: Page): Frame | undefined => page.frames().find((f) => f.url().startsWith(PRODUCT));
/** The playground's Discord client (a data: frame, as Discord's client is an opaque origin to the SDK). */
export const clientFrame = (page: Page): Frame | undefined => page.frames().find((f) => f.url().startsWith('data:'));

export function need(frame: Frame | undefined, what: string): Frame {
  if (!frame) throw new Error(`no ${what} frame`);
  return frame;
}

/** Waits for the product's frame to appear and returns it. */
export async function productFrameOf(page: Page): Promise<Frame> {
  await expect.poll(() => productFrame(page) !== undefined, { timeout: 30_000 }).toBe(true);
  return need(productFrame(page), 'product');
}
