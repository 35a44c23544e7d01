// Errors we hear about: on a product whose SENTRY_DSN points at a stand-in of Sentry's ingest
// (tests/fakes/sentryIngest.ts), an error thrown in the signed-in player's shell arrives there through
// Sentry's browser SDK with the host, the release and the player's locale, and without their name.
// The product runs on its own server (the shared e2e server has no DSN).
import { expect, test } from './test';
import { altchaToken, startOwnServer, stubGame, type OwnServer } from './accounts-helpers';
import { startFakeSentry, type FakeSentry } from '../fakes/sentryIngest';

test.use({ locale: 'de-DE' });

let sentry: FakeSentry;
let server: OwnServer;
test.beforeAll(async () => {
  // A cold start of a second server (tsx, PGlite's initdb) was seen past a minute on a loaded machine.
  test.setTimeout(240_000);
  sentry = await startFakeSentry();
  server = await startOwnServer({ SENTRY_DSN: sentry.dsn, APP_VERSION: '7.7.7-e2e', SENTRY_ENVIRONMENT: 'e2e' });
});
test.afterAll(async () => { server?.stop(); await sentry?.close(); });

test('a thrown error in the shell reaches the error tracker with host, release and locale, never the player\'s name', async ({ page }) => {
  test.setTimeout(120_000);
  await stubGame(page);
  const username = `rep_${Date.now().toString(36)}`;
  // Signed in through the page's own cookie jar.
  const registered = await page.request.post(`${server.base}/api/register`, {
    headers: { origin: server.base },
    data: { username, password: 'e2e-pass-1', turnstile_token: await altchaToken(server.base) },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const sdk = page.waitForRequest((r) => /\/assets\/sentryBrowser-[\w-]+\.js$/.test(r.url()));
  await page.goto(`${server.base}/`);
  await sdk;
  // The shell has applied the player's language (German, the browser's) to the page.
  await page.waitForFunction(() => document.documentElement.lang === 'de', undefined, { timeout: 60_000 });
  await page.evaluate((name) => { setTimeout(() => { throw new Error(`the inventory of ${name} did not add up`); }, 0); }, username);
  const event = await sentry.waitForEvent((e) => JSON.stringify(e).includes('did not add up'), 30_000);
  expect(event.release).toBe('7.7.7-e2e');
  expect(event.environment).toBe('e2e');
  expect(event.tags).toMatchObject({ host: 'web', surface: 'shell', locale: 'de', browser_locale: 'de-DE' });
  const exception = (event.exception as { values: Array<{ value: string }> }).values.at(-1);
  expect(exception?.value).toBe('the inventory of [player] did not add up');
  const raw = sentry.envelopes.map((e) => e.raw).join('\n');
  expect(raw).not.toContain(username);
  expect(raw).not.toMatch(/cookie/i);
});
