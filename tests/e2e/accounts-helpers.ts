// Helpers for the accounts specs: hold the game back, a real ALTCHA solution made in Node
// (for accounts a test needs but does not sign up through the form), and a server of their own.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { GAME_BUILD_FILES } from '../../contract/game';
import type { Page } from './test';

/**
 * These flows do not need the game, and the software-rendered game starves the page: every
 * Playwright action then waits a frame or two (1-5 fps), which made the accounts spec run past
 * its time-out in the full run. The loader is replaced by one whose instance draws nothing
 * (tests/fakes/idle-loader.js). The loading screen then ends at once, or, with
 * `completeWhenTold`, when the test calls finishLoading(): toasts wait for it to go,
 * so a spec may not expect one over it.
 */
export async function stubGame(page: Page, options: { completeWhenTold?: boolean; receiver?: boolean; audio?: boolean } = {}): Promise<void> {
  const body = readFileSync('tests/fakes/idle-loader.js', 'utf8').replace('var COMPLETE_AT_ONCE = true;', `var COMPLETE_AT_ONCE = ${String(!options.completeWhenTold)};`)
    .replace('var HAS_RECEIVER = false;', `var HAS_RECEIVER = ${String(Boolean(options.receiver || options.completeWhenTold))};`)
    .replace('var MAKES_AUDIO = false;', `var MAKES_AUDIO = ${String(Boolean(options.audio))};`);
  await page.route(`**${GAME_BUILD_FILES.loaderUrl}`, (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body }));
}

/**
 * The page for stubGame({ completeWhenTold: true }): the shell ends the loading screen anyway
 * 15 s after the game started if the game never calls the hook (src/game-link/completion.ts), and
 * a sign-up with its proof of work on a busy machine takes longer than that. Here it waits for
 * finishLoading() however long the test takes (the override is honoured on a loopback address only).
 */
export const PAGE_HELD_LOADING = '/?hookTimeoutSeconds=600';

/**
 * After stubGame({ completeWhenTold: true }): the game calls the completion hook now. The game
 * starts after the page's first paint, which may come after its load event, so this waits for
 * the stub's instance to exist before telling it (telling no one left the loading screen up).
 */
export async function finishLoading(page: Page): Promise<void> {
  await page.waitForFunction(() => typeof (window as unknown as { __finishLoading?: () => void }).__finishLoading === 'function', undefined, { timeout: 30_000 });
  await page.evaluate(() => { (window as unknown as { __finishLoading: () => void }).__finishLoading(); });
}

export async function altchaToken(baseURL: string): Promise<string> {
  const challenge = await (await fetch(`${baseURL}/api/altcha/challenge`)).json() as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Registers a password account through the API (its own cookie jar unless `request` is given). */
export async function registerAccount(baseURL: string, username: string, password: string): Promise<void> {
  const response = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ username, password, turnstile_token: await altchaToken(baseURL), birth_date: '1990-04-01' }),
  });
  if (!response.ok) throw new Error(`register ${username}: ${response.status} ${await response.text()}`);
}

export interface OwnServer { base: string; stop(): void }

/**
 * The product on its own port and throwaway database, with `env` on top of the e2e settings:
 * for the specs that need a provider pointed at a fake (Discord, the portal key), which the
 * shared e2e server does not have. STATIC_DIR and DEMO_GAME_DIR come from the environment.
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'warn',
      SCRYPT_LOG_N: '14', ALTCHA_COST: '50', ALTCHA_MAX_COUNTER: '400', RATE_LIMIT_PER_MINUTE: '0',
      AUTH_RATE_PER_ADDRESS: '10000', AUTH_RATE_PER_USERNAME: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 120_000);
    server.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /ready at http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
      if (port) { clearTimeout(timer); resolve(`http://127.0.0.1:${port}`); }
    });
    server.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited (${code}): ${out}`)); });
  });
  return { base, stop: () => { server.kill('SIGTERM'); } };
}
