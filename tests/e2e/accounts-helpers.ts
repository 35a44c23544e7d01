// Helpers for the accounts specs: hold the game back, and a real ALTCHA solution made in Node
// (for accounts a test needs but does not sign up through the form).
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { GAME_BUILD_FILES } from '../../contract/game';
import type { Page } from './test';

/**
 * These flows do not need the game, and the software-rendered game starves the page: every
 * Playwright action then waits a frame or two (1-5 fps), which made the accounts spec run past
 * its time-out in the full run. Its data file is held back, so the loading screen stays up.
 */
export async function holdGameBack(page: Page): Promise<void> {
  await page.route(`**${GAME_BUILD_FILES.dataUrl}`, () => undefined);
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
    body: JSON.stringify({ username, password, turnstile_token: await altchaToken(baseURL) }),
  });
  if (!response.ok) throw new Error(`register ${username}: ${response.status} ${await response.text()}`);
}
